/**
 * Throw on load: answers a script request with a script whose first statement throws, so the app's
 * code fails while the page loads, whether or not the app has a page or button that throws. ERR-5
 * uses it last, on an app whose own rendering gives the suite no hold (specs/checks/clientError.ts):
 * it acts on the app's bootstrap, which no error handling of the app can catch. It answers in place
 * of the app's script, with nothing of its body: in
 * proxy mode that body may be compressed (a line cannot be put before gzip), and nothing after a
 * top-level throw would run anyway. `no-store`, so the browser never keeps the broken copy where
 * the app's own long-lived caching of its assets would serve it again once the fault is gone.
 */
import type { Response } from "express";

/** What the page's exception says; a spec confirms the stimulus by it (specs/checks/clientError.ts). */
export const INJECTED_EXCEPTION_MESSAGE = "Script exception injected by pwa-conformance-kit (a throwOnLoad fault)";

export const THROWING_SCRIPT = `throw new Error(${JSON.stringify(INJECTED_EXCEPTION_MESSAGE)});\n`;

export function sendThrowingScript(res: Response): void {
  res.status(200).set({ "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" }).send(THROWING_SCRIPT);
}
