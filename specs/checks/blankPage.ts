/**
 * ERR-5's white page: what an app without error handling shows once an exception unmounted its
 * view. Defined as: the page's main landmark (`main`, or `[role=main]`), or its body when it has
 * none, shows no text. An app's frame may stay around an empty main (Angular's shell around its
 * router outlet, a static header in index.html): the person still sees no page and no word of an
 * error. An application-error page shows its text in the main landmark when it keeps the frame, or
 * replaces the body (Next.js's global error has no main), so it is never blank. No profile field is
 * needed to judge it: a white page fails ERR-5 whatever the error page would have said.
 */
import type { Page } from "@playwright/test";
import { expect } from "../harness/expect.ts";

/** The text the page's content area shows (innerText, trimmed): "" on a white page. */
export function contentText(page: Page): Promise<string> {
  return page.evaluate(contentTextInPage);
}

/** contentText() in the page, for any engine's evaluate: it uses nothing from outside. */
export async function contentTextInPage(): Promise<string> {
  // Two frames: the exception's render has reached the screen (an error boundary renders its
  // fallback in the same commit; an uncaught exception unmounts the root in that commit).
  await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
  const holder = document.querySelector<HTMLElement>("main, [role=main]") ?? document.body;
  // biome-ignore lint/performance/useDomNodeTextContent: only the rendered text counts (a hidden template or script is not seen).
  return holder.innerText.trim();
}

/** Fails a white page after an exception, `why` saying which rule's words it breaks (ERR-5, both levels). */
export async function expectNotBlank(page: Page, why: string): Promise<void> {
  await expect.poll(() => contentText(page), { message: `the text of the page's main landmark (or body) after the exception: ${why}` }).not.toBe("");
}
