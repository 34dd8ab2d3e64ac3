/**
 * Server-side rendering of the reference app: the document of every page carries that page's content
 * (so a cached navigation shows the page itself offline) and the boot data the client hydrates from.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToString } from "react-dom/server";
import { escapeHtml } from "../../kit/escapeHtml.ts";
import { App } from "../../src/app/App.tsx";
import { ClientErrorView } from "../../src/app/FallbackView.tsx";
import { NotesPage } from "../../src/app/NotesPage.tsx";
import { createStatusStore } from "../../src/app/statusStore.ts";
import { BOOT_DATA_ID, type BootData } from "../../src/core/page.ts";
import { APP_ICONS } from "./icons/appIcons.ts";
import { manifestPath, THEME_COLOR } from "./webManifest.ts";

/** The app's key in Vite's manifest: vite.config.ts's input, relative to the repository root. */
export const ENTRY = "src/app/main.tsx";

export interface BuiltAssets {
  readonly script: string;
  readonly styles: readonly string[];
  /**
   * The built file of each of the app's icons, by its key (icons/appIcons.ts). A build from before
   * the icons, or a test's stand-in for one, has none: the server still starts, and the manifest
   * says what is missing when asked for.
   */
  readonly icons: ReadonlyMap<string, string>;
}

/** Reads Vite's manifest; fails with the fix when the app was not built. */
export function readBuiltAssets(distDir: string): BuiltAssets {
  const manifestPath = join(distDir, ".vite", "manifest.json");
  let manifest: Record<string, { file: string; css?: string[] }>;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  } catch {
    throw new Error(`Failed to start the mock server: no built app at ${manifestPath}. Run 'npm run build' (npm start does it for you).`);
  }
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`Failed to start the mock server: ${manifestPath} has no entry for ${ENTRY}. Rebuild with 'npm run build'.`);
  const icons = new Map<string, string>();
  for (const { key } of APP_ICONS) {
    const file = manifest[key]?.file;
    if (file !== undefined) icons.set(key, file);
  }
  return { script: entry.file, styles: entry.css ?? [], icons };
}

/** JSON inside `<script>`: `<` escaped so no value can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export interface RenderOptions {
  readonly assets: BuiltAssets;
  readonly boot: BootData;
  /** A per-render id, so a spec can tell a refreshed copy from an old one (NAV-5). */
  readonly renderId: number;
  /** Load the app's script only after `load` (REG-3: registration at once on a complete document). */
  readonly lateBoot?: boolean;
}

/**
 * ERR-5 before the app runs: an exception while the page's scripts load (a broken bundle, a
 * throwOnLoad fault) happens before React's error boundary exists, and would leave the server's
 * page unhydrated, dead to clicks. This classic inline script, which runs before any module, shows
 * the application-error page in the frame instead. It stops at DOMContentLoaded: every script of the
 * document has run by then, and later exceptions are the boundary's.
 */
function bootErrorGuard(errorView: string): string {
  return `<script>(function(){function shown(e){if(!(e instanceof ErrorEvent))return;var m=document.querySelector("main");if(m)m.innerHTML=${scriptJson(errorView)}}addEventListener("error",shown);addEventListener("DOMContentLoaded",function(){removeEventListener("error",shown)})})()</script>`;
}

/** iOS's home-screen icon: it reads this link, not the manifest's icons. */
function appleTouchIcon(base: string, { icons }: BuiltAssets): string[] {
  const key = APP_ICONS.find((icon) => icon.purpose === "apple-touch-icon")?.key;
  const file = key === undefined ? undefined : icons.get(key);
  return file === undefined ? [] : [`<link rel="apple-touch-icon" href="${escapeHtml(`${base}/${file}`)}">`];
}

export function renderDocument({ assets, boot, renderId, lateBoot = false }: RenderOptions): string {
  const base = boot.config.basePath;
  // The notes page's component itself, not its lazy chunk: renderToString cannot wait for a chunk.
  const body = renderToString(<App boot={boot} status={createStatusStore("waiting")} notesPage={NotesPage} />);
  const script = `${base}/${assets.script}`;
  const loader = lateBoot
    ? `<script>addEventListener("load",()=>{const s=document.createElement("script");s.type="module";s.src=${scriptJson(script)};document.body.append(s)})</script>`
    : `<script type="module" src="${escapeHtml(script)}"></script>`;
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // No favicon request: it would 404 and put noise in the journal and the console.
    '<link rel="icon" href="data:,">',
    `<meta name="pck-render-id" content="${renderId}">`,
    // What makes the app installable (mock-server/reference/webManifest.ts), in every document: any
    // page of the app may be the one a person installs it from.
    `<link rel="manifest" href="${escapeHtml(manifestPath(base))}">`,
    `<meta name="theme-color" content="${THEME_COLOR}">`,
    ...appleTouchIcon(base, assets),
    `<title>${escapeHtml(boot.page.title)}</title>`,
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(`${base}/${href}`)}">`),
    `</head><body><div id="root">${body}</div>`,
    `<script id="${BOOT_DATA_ID}" type="application/json">${scriptJson(boot)}</script>`,
    bootErrorGuard(renderToString(<ClientErrorView homeHref={`${base}/`} />)),
    loader,
    "</body></html>",
  ].join("");
}

/**
 * Whether this process compiles JSX with React's automatic runtime. tsx takes it from the tsconfig
 * that mock-server/process/serve.mjs names; `node --import tsx mock-server/process/main.ts` compiles classic JSX, and every
 * page answered 500 with `React is not defined`.
 */
export function rendersJsx(): boolean {
  try {
    renderToString(<i />);
    return true;
  } catch {
    return false;
  }
}
