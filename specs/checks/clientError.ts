/**
 * ERR-5's stimulus, an exception while the page loads, and its confirmation. The stimulus is the
 * profile's throw path when it names one; else a part of the home page's own rendering throws (a
 * React component, or the heading element an app creates: renderException.ts; a SvelteKit or Nuxt
 * page's component: pageModuleException.ts; inside the app, where its error handling can catch it);
 * else (an app whose rendering gave no hold) a throwOnLoad fault on the first script request the page makes (matched by `Sec-Fetch-Dest: script`, so it is
 * the app's own, same-origin script). Either way the test goes on only once the browser reported
 * the exception: a page that does not throw says nothing about ERR-5, so the test is not checked,
 * never failed.
 */
import { type Page, test } from "@playwright/test";
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { SUITE_NOTE } from "../../kit/outcomes.ts";
import { INJECTED_EXCEPTION_MESSAGE } from "../../mock-server/faults/throwOnLoad.ts";
import { cameWithin, stimulus } from "../harness/applicability.ts";
import { expect } from "../harness/expect.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";
import { throwInPageModule } from "./pageModuleException.ts";
import { injectRenderException, RENDER_EXCEPTION_MESSAGE, renderExceptionState } from "./renderException.ts";
import { clearHttpCache } from "./staleFiles.ts";
import { pageModuleThrew } from "./throwingExport.ts";

/**
 * Exceptions the page reported: uncaught ones (`pageerror`), and errors logged with console.error,
 * which is how React reports one its error boundary caught (React 19's onCaughtError; Next.js's in
 * production) and Angular's ErrorHandler one it handled, and no `pageerror` shows.
 */
export function watchExceptions(page: Page): () => readonly string[] {
  const seen: string[] = [];
  page.on("pageerror", (error) => seen.push(error.message));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // The browser's own errors (a failed resource load) carry no Error object; Angular's ErrorHandler
    // logs ("ERROR", error), so every argument is looked at.
    for (const arg of message.args())
      arg
        .evaluate((value) => (value instanceof Error ? value.message : null))
        .then((text) => text !== null && seen.push(text))
        .catch(() => undefined);
  });
  return () => [...seen];
}

/** Loads the page that throws while loading, and returns once an exception was seen; not checked if none. */
export async function throwWhileLoading(page: Page, mock: MockServer, profile: Profile): Promise<void> {
  const exceptions = watchExceptions(page);
  const reported = (message: string) => () => exceptions().filter((seen) => seen.includes(message)).length;
  const path = profile.fallbacks.clientError?.path;
  if (path !== undefined) {
    await page.goto(path);
    await stimulus(`an exception while ${path} loads`, "fallbacks.clientError.path (a page that throws while it loads)", () =>
      expect.poll(() => exceptions().length, { message: "exceptions the page reported" }).toBeGreaterThan(0),
    );
    return;
  }
  await injectRenderException(page);
  const pageModule = await throwInPageModule(page, new URL(profile.home, mock.origin).href, RENDER_EXCEPTION_MESSAGE);
  await page.goto(profile.home);
  const rendered = await cameWithin("an exception in the app's rendering: a React component, a SvelteKit or Nuxt page, or its heading element", () =>
    expect.poll(async () => pageModule() !== null || ((await renderExceptionState(page))?.thrown ?? false)).toBe(true),
  );
  const state = await renderExceptionState(page);
  const module = pageModule();
  if (module !== null || rendered || state?.react) {
    note(
      module !== null
        ? `the page component of ${module.stack}'s ${module.stack === "SvelteKit" ? "node" : "route chunk"} ${module.path} threw as the app rendered it`
        : state?.how === "created"
          ? "the page's heading element threw as the app created it"
          : `the component ${state?.component ?? "(none)"} threw as React rendered it again (an update of its ${state?.how ?? "state"})`,
    );
    // A page module's function marks the page as it throws: Nuxt's production build reports the
    // exception it handled only as "[NUXT_E1005]", with no Error to read.
    await stimulus(
      `the injected exception in the rendering of ${profile.home}`,
      `home (${module !== null ? `its ${module.stack} page component did not run` : "React rendered no function component there"}) or fallbacks.clientError.path`,
      () =>
        expect
          .poll(async () => reported(RENDER_EXCEPTION_MESSAGE)() > 0 || (module !== null && (await pageModuleThrew(page))), {
            message: "the injected render exception, reported or thrown by the page module",
          })
          .toBe(true),
    );
    return;
  }
  // Nothing of the app's rendering could be made to throw: its own first script throws, on a load of
  // its own, the worker the first load may have registered forgotten so that the script comes from
  // the network through the fault.
  note("the app's first script threw (a throwOnLoad fault): its rendering gave no hold");
  await forgetWorkers(page);
  await throwFirstScript(mock);
  await page.goto(profile.home);
  await stimulus(
    `the injected exception in the first script of ${profile.home}`,
    "home (no script request reached the mock server) or fallbacks.clientError.path",
    () => expect.poll(reported(INJECTED_EXCEPTION_MESSAGE), { message: "the injected exception, reported" }).toBeGreaterThan(0),
  );
}

/** The throwOnLoad fault, once: the next script the browser asks the mock server for throws (`Sec-Fetch-Dest: script`: the page's own). */
export async function throwFirstScript(mock: MockServer): Promise<void> {
  await mock.addFault({ path: "/**", headers: { "sec-fetch-dest": "script" }, throwOnLoad: true, times: 1, name: "ERR-5: the first script throws" });
}

/** Says in the report how the app was made to throw. */
function note(how: string): void {
  test.info().annotations.push({ type: SUITE_NOTE, description: `ERR-5's exception while loading: ${how}` });
}

/**
 * Unregisters the origin's workers, deletes its caches and empties Chromium's HTTP cache: the next
 * navigation and its scripts ask the network. Without the last, a script the first load fetched with
 * a long max-age (SvelteKit's `_app/immutable/`, a year) came from the HTTP cache and never met the fault.
 */
async function forgetWorkers(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
  });
  await clearHttpCache(page);
}
