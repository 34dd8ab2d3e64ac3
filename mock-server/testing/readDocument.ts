/**
 * Test-only: reads the parts of a server-rendered document the tests check, from its HTML text. The
 * markup is the server's own (renderDocument.tsx), so plain patterns are enough; each throws with the
 * document when the part is missing, so a changed template fails loudly.
 */
import { BOOT_DATA_ID, type BootData } from "../../src/core/page.ts";

function missing(what: string, html: string): never {
  throw new Error(`The document has no ${what}:\n${html.slice(0, 2_000)}`);
}

/** The text of the page's `<h1>`, without React's `<!-- -->` text separators. */
export function headingOf(html: string): string {
  const inner = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? missing("<h1>", html);
  return inner.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, "");
}

/** The boot data in `<script id="shell-boot">`: the config and page the client hydrates from. */
export function bootDataOf(html: string): BootData {
  const json = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json">(.*?)</script>`, "s").exec(html)?.[1];
  return JSON.parse(json ?? missing(`#${BOOT_DATA_ID} script`, html)) as BootData;
}

/** The digest shown in the `data-digest` element, or null when the page shows none. */
export function shownDigestOf(html: string): string | null {
  return /<code data-digest[^>]*>([^<]*)<\/code>/.exec(html)?.[1] ?? null;
}
