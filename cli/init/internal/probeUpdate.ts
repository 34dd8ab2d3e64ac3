/**
 * How the app applies an update (the profile's `update.activation`), seen by making one: the kit's
 * mock server runs in this process as a proxy in front of the app (no second build exists, so the
 * deploy gives the worker script new bytes, as `POST /__mock/deploy` does), the page takes control
 * through it, the deploy goes live and the page's registration checks for an update. Then: the
 * controller changes by itself (`auto`); a worker waits and a button the page did not have before
 * shows (`prompt`, that button's name); a worker waits and nothing shows (`reopen`).
 */
import type { Browser, Page } from "@playwright/test";
import { CONTROL_PREFIX } from "../../../mock-server/control/controlPaths.ts";
import { createApp } from "../../../mock-server/createApp.ts";
import { listen } from "../../../mock-server/http/listenLoopback.ts";
import type { UpdateFact } from "../appFacts.ts";
import { waitForControl } from "./pageReads.ts";
import { closeContext, targetContext } from "./targetContext.ts";
import { ACTION_TIMEOUT_MS, LOAD_TIMEOUT_MS } from "./timeouts.ts";

/** Words a prompt's accept button uses; among several new buttons, the first with one of them wins. */
const ACCEPT_WORDS = /reload|refresh|update|restart|new version|install/i;

/** The page's visible buttons' accessible names (their label, else their text), before the deploy. */
function buttonNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("button, [role=button]")]
      .filter((button) => (button as HTMLElement).offsetParent !== null || getComputedStyle(button).position === "fixed")
      .map((button) => (button.getAttribute("aria-label") ?? button.textContent ?? "").trim())
      .filter((name) => name !== ""),
  );
}

/** What the page's listeners note of the update, read by the wait below. */
interface UpdateNotes {
  changed: boolean;
  waiting: boolean;
}

type Outcome = { readonly kind: "auto" } | { readonly kind: "prompt"; readonly offered: string[] };

/**
 * Makes a deploy in front of the app at `origin` and reports how the open page took it. Every
 * failure is a fact with its reason (`unknown`), never the end of discovery.
 */
export async function probeUpdate(browser: Browser, origin: string, home: string, worker: { script: string; scope: string }): Promise<UpdateFact> {
  const basePath = worker.scope === "/" ? "/" : worker.scope.replace(/\/$/, "");
  const mock = createApp({ upstream: origin, basePath, workerPath: worker.script });
  const { origin: proxy, close } = await listen(mock.handler);
  const context = await targetContext(browser, proxy);
  try {
    const page = await context.newPage();
    await page.goto(home, { timeout: LOAD_TIMEOUT_MS });
    if (!(await waitForControl(page))) return { kind: "unknown", detail: "no worker controlled the home page opened through the kit's proxy" };
    // Armed before the deploy: the controller's change, and a new worker reaching `installed`.
    await page.evaluate(async () => {
      const notes: UpdateNotes = { changed: false, waiting: false };
      (window as unknown as { __pckInitUpdate: UpdateNotes }).__pckInitUpdate = notes;
      navigator.serviceWorker.addEventListener("controllerchange", () => {
        notes.changed = true;
      });
      const registration = await navigator.serviceWorker.getRegistration();
      registration?.addEventListener("updatefound", () => {
        const installing = registration.installing;
        installing?.addEventListener("statechange", () => {
          if (installing.state === "installed") notes.waiting = true;
        });
      });
    });
    const before = await buttonNames(page);
    // The old files stay: what a deploy does to them is UPD-3's subject, and a worker that fetches its
    // whole precache again at install would meet them retired, where a real new build lists its own.
    const deployed = await page.request.post(`${proxy}${CONTROL_PREFIX}/deploy`, { data: { oldAssets: "keep" } });
    if (!deployed.ok()) return { kind: "unknown", detail: `the kit's proxy refused the deploy (status ${deployed.status()})` };
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update().catch(() => undefined);
    });
    let outcome: Outcome | null = null;
    try {
      const handle = await page.waitForFunction(
        (known) => {
          const notes = (window as unknown as { __pckInitUpdate: UpdateNotes }).__pckInitUpdate;
          if (notes.changed) return { kind: "auto" };
          if (!notes.waiting) return false;
          // A prompt renders a moment after the worker reaches `installed`: a visible button the page did not have.
          const offered = [...document.querySelectorAll("button, [role=button]")]
            .filter((button) => (button as HTMLElement).offsetParent !== null || getComputedStyle(button).position === "fixed")
            .map((button) => (button.getAttribute("aria-label") ?? button.textContent ?? "").trim())
            .filter((name) => name !== "" && !known.includes(name));
          return offered.length > 0 ? { kind: "prompt", offered } : false;
        },
        before,
        { timeout: ACTION_TIMEOUT_MS },
      );
      outcome = (await handle.jsonValue()) as Outcome;
    } catch (error) {
      if ((error as Error).name !== "TimeoutError") throw error;
    }
    if (outcome?.kind === "auto") return { kind: "auto" };
    if (outcome?.kind === "prompt")
      return { kind: "prompt", accept: outcome.offered.find((name) => ACCEPT_WORDS.test(name)) ?? outcome.offered[0] ?? "", offered: outcome.offered };
    const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    if (waiting) return { kind: "reopen", waitedMs: ACTION_TIMEOUT_MS };
    return { kind: "unknown", detail: `after a deploy and registration.update(), no new worker took over or waited within ${ACTION_TIMEOUT_MS} ms` };
  } finally {
    await closeContext(context);
    await close();
  }
}
