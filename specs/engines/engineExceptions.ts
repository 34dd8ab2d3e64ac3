/**
 * ERR-5's stimuli in Firefox and WebKit, through kit/engines: an exception while the page loads, and
 * one from a click, each confirmed by what the page reported before the test judges the page. The
 * same exceptions Chromium's specs watch (specs/checks/clientError.ts): uncaught errors, and Errors
 * logged with console.error, which is how React reports one its error boundary caught. An exception
 * while loading is seen only by a script that runs before the page's own, so WebKitWebDriver
 * (classic WebDriver) cannot judge it; a click's exception is watched from a script run just before
 * the click, in every engine.
 */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { beforePage, type EngineBrowser, type EnginePage } from "../../kit/engines/engine.ts";
import { SUITE_NOTE } from "../../kit/outcomes.ts";
import { contentTextInPage } from "../checks/blankPage.ts";
import { RENDER_EXCEPTION_MESSAGE, renderExceptionInPage, renderExceptionStateInPage } from "../checks/renderException.ts";
import { PAGE_MODULE_MARK } from "../checks/throwingExport.ts";
import { stimulus, stimulusMissed } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { clickNamed, needsScriptBeforePage, shownText } from "./enginePages.ts";

/** Records the page's exceptions in `window.__pckExceptions`. Runs in the page: it must stand alone. */
export function watchExceptionsInPage(): void {
  const holder = window as unknown as { __pckExceptions?: string[] };
  if (holder.__pckExceptions) return;
  const seen: string[] = [];
  holder.__pckExceptions = seen;
  addEventListener("error", (event) => seen.push(event.error instanceof Error ? event.error.message : String(event.message)));
  addEventListener("unhandledrejection", (event) => seen.push(event.reason instanceof Error ? event.reason.message : String(event.reason)));
  const logged = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    for (const arg of args) if (arg instanceof Error) seen.push(arg.message);
    logged(...args);
  };
}

/** The exceptions the page reported since its watch began. */
export const exceptionsIn = (page: EnginePage) => page.evaluate(() => (window as unknown as { __pckExceptions?: string[] }).__pckExceptions ?? [], null);

/**
 * Opens a page whose loading throws, and runs `body` on it once the exception was reported: the
 * profile's fallbacks.clientError.path, else home with a React component or the page's heading
 * element made to throw as the app renders it (specs/checks/renderException.ts, as in Chromium).
 * Not checked when the engine runs no script before the page's, or when nothing threw.
 */
export async function whileLoadingThrows(engine: EngineBrowser, origin: string, profile: Profile, body: (page: EnginePage) => Promise<void>): Promise<void> {
  needsScriptBeforePage(engine, "seeing an exception while the page loads");
  const path = profile.fallbacks.clientError?.path;
  const scripts = [beforePage(watchExceptionsInPage, null)];
  if (path === undefined) scripts.push(beforePage(renderExceptionInPage, { message: RENDER_EXCEPTION_MESSAGE, pageModuleMark: PAGE_MODULE_MARK }));
  const page = await engine.newPage({ beforePage: scripts });
  try {
    await page.goto(`${origin}${path ?? profile.home}`);
    if (path !== undefined) {
      await stimulus(`an exception while ${path} loads`, "fallbacks.clientError.path (a page that throws while it loads)", () =>
        expect.poll(() => exceptionsIn(page), { message: "exceptions the page reported" }).not.toEqual([]),
      );
    } else {
      await stimulus(
        `the injected exception in the rendering of ${profile.home}`,
        "fallbacks.clientError.path (in Firefox the kit makes a React component or the page's heading element throw, and a SvelteKit or Nuxt page needs that path)",
        () =>
          expect
            .poll(async () => (await exceptionsIn(page)).some((message) => message.includes(RENDER_EXCEPTION_MESSAGE)), {
              message: "the injected exception, reported",
            })
            .toBe(true),
      );
      const state = await page.evaluate(renderExceptionStateInPage, null);
      test.info().annotations.push({
        type: SUITE_NOTE,
        description: `ERR-5's exception while loading: ${state?.how === "created" ? "the page's heading element threw as the app created it" : `the component ${state?.component ?? "(none)"} threw as React rendered it again`}`,
      });
    }
    await body(page);
  } finally {
    await page.close();
  }
}

/** Opens the trigger's page, watches its exceptions and clicks the button named `trigger.name`, as a person does. */
export async function clickToThrow(page: EnginePage, origin: string, trigger: { readonly path: string; readonly name: string }): Promise<void> {
  await page.goto(`${origin}${trigger.path}`);
  await page.evaluate(watchExceptionsInPage, null);
  await stimulus(`a click on the button "${trigger.name}" of ${trigger.path}`, "fallbacks.clientError.trigger", () => clickNamed(page, "button", trigger.name));
}

/**
 * Waits for the application-error page's text; where it does not come, the test judges the page only
 * if the page reported an exception (a stimulus that did not happen is no verdict), and fails then.
 */
export async function expectErrorPage(
  page: EnginePage,
  clientError: { readonly text: string; readonly selector?: string | undefined },
  what: string,
): Promise<void> {
  try {
    await expect.poll(() => shownText(page, clientError.selector), { message: "the application-error page's text" }).toContain(clientError.text);
    return;
  } catch (error) {
    if ((await exceptionsIn(page)).length === 0) stimulusMissed(what, "fallbacks.clientError", "the page reported no exception");
    throw error;
  }
}

/** The text the page's main landmark (or its body) shows: "" on a white page (specs/checks/blankPage.ts). */
export const contentTextIn = (page: EnginePage) => page.evaluate(contentTextInPage, null);

/** Whether a navigation landmark is shown beside the error page, as Chromium's getByRole("navigation"). */
export const navigationShownIn = (page: EnginePage) =>
  page.evaluate(() => {
    const nav = document.querySelector<HTMLElement>('nav, [role="navigation"]');
    return nav !== null && nav.getClientRects().length > 0 && getComputedStyle(nav).visibility !== "hidden";
  }, null);
