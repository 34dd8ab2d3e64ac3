/**
 * The probe's first part: whether and how the app's worker takes control of its home page, what
 * Cache Storage holds then, what home links to, and who answers a controlled navigation to each
 * profile page, the first time and again: the server, or the worker alone (an app shell answers
 * every navigation from its precache). The same navigation faults' tests make, so a fault the worker
 * would never meet is known before a test opens a page.
 */
import type { Page } from "@playwright/test";
import type { Answerer, ControlFacts } from "../../../kit/appFacts.ts";
import { readAcrossNavigations } from "../../../kit/waitInPage.ts";
import { bringUnderControl, CONTROL_TIMEOUT_MS, workerProgress } from "../../../kit/workerControl.ts";
import type { AppDriver } from "../../checks/appDriver.ts";
import { cachedUrls, storedWithinGrace } from "../../checks/browserState.ts";
import { spy } from "../../checks/spy.ts";
import { watchWorkerRequests } from "../../checks/workerRequests.ts";
import type { MockServer } from "../mockServerProcess.ts";
import { FULL_WAIT_MS } from "../windows.ts";
import { learnedOrNoted } from "./learnedOrNoted.ts";
import { timeUntil } from "./timeUntil.ts";

/** How long without a worker request the probe waits for before it reads the worker's own fetching as over: longer than a test's, as it is once a run. */
const FETCHING_QUIET_MS = 1_500;

/** Where a worker stands when it is on its way: its install (a precache) or activation is still running. */
const ON_ITS_WAY = /^a worker (installing|installed|activating) /;

/**
 * Opens home and waits for control: CONTROL_TIMEOUT_MS, and as long again while a worker is still
 * installing or activating when it ends (a large precache on a busy 2-core machine: seen on CI for
 * Next.js + Serwist in 1 of ~400 waits). Learned once here, so no test waits twice.
 */
async function learnHowControlled(page: Page, home: string): Promise<ControlFacts["control"]> {
  const started = Date.now();
  const how = `opened ${home} in a fresh browser context and waited for an activated worker to control it, reloading once if one was active without controlling it`;
  await page.goto(home);
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await bringUnderControl(page, CONTROL_TIMEOUT_MS);
      return { value: { state: outcome === "controlled" ? "at once" : "after a reload", ms: Date.now() - started }, how };
    } catch (error) {
      if ((error as Error).name !== "TimeoutError") throw error;
      const found = await workerProgress(page);
      if (attempt === 2 || !ON_ITS_WAY.test(found)) return { value: { state: "never", ms: Date.now() - started, found }, how };
    }
  }
}

/**
 * How far into its navigation the home page called register(), read in the document the control wait
 * ended on: how long the REG tests watch for a call the rule forbids (specs/harness/windows.ts).
 */
async function learnRegisterCall(page: Page, home: string, control: ControlFacts["control"]): Promise<ControlFacts["registerCall"]> {
  const [first] = await readAcrossNavigations(page, () => spy.registerCalls(page));
  return {
    value: { afterMs: first?.atMs ?? null, windowMs: control.value.ms },
    how: `read the first register() call of ${home} once the control wait ended, in ms from the start of the page's navigation`,
  };
}

/** In-scope paths the page links to, without its own. */
async function inScopeLinks(page: Page, scope: string, home: string): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  const paths = hrefs.flatMap((href) => {
    const url = new URL(href);
    return url.origin === origin && url.pathname.startsWith(scope) && url.pathname !== home ? [url.pathname] : [];
  });
  return [...new Set(paths)];
}

/** A URL of the app as its path (the port changes from run to run), any other whole. */
function sameOriginPath(url: string, origin: string): string {
  const parsed = new URL(url);
  return parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : url;
}

let marks = 0;

/** Navigates to `path` with a benign fault on its document and says whether the server was asked for it. */
async function answeredBy(page: Page, mock: MockServer, path: string): Promise<Answerer> {
  marks += 1;
  const fault = await mock.addFault({ path, representation: "document", responseHeaders: { "x-pck-probe": String(marks) } });
  try {
    await page.goto(path);
    return ((await mock.faults()).find((f) => f.id === fault.id)?.hits ?? 0) > 0 ? "the server" : "the worker alone";
  } finally {
    await mock.removeFault(fault.id);
  }
}

export async function learnControl(page: Page, mock: MockServer, app: AppDriver, origin: string): Promise<ControlFacts> {
  const { home, worker } = app.profile;
  const requests = watchWorkerRequests(page.context(), origin);
  const control = await learnHowControlled(page, home);
  const registerCall = await learnRegisterCall(page, home, control);
  if (control.value.state === "never") return { control, registerCall };
  // Watched from control on, beside the rest: a worker that saves the page a visit arrived on does it
  // as it activates or once it controls that page (NAV-7).
  const landing = timeUntil(page, `Cache Storage holds ${home}, the first visit's page`, async () =>
    (await cachedUrls(page)).includes(new URL(home, origin).href),
  );
  // Before anything else reaches the worker: what it fetches of its own accord once in control
  // (ngsw's prefetch of its app shell), and Cache Storage once that is over.
  const over = await requests.settled({ expected: [], quietMs: FETCHING_QUIET_MS });
  // Not home itself: a worker that stores the page a visit arrived on fetches that page, another in a test.
  const arrivedOn = new URL(home, origin).pathname;
  const workerFetches = {
    value: requests.ownPaths().filter((path) => path !== arrivedOn),
    how: `watched the worker's requests from the first load of ${home} until ${FETCHING_QUIET_MS} ms without one after control${over ? "" : " (it was still fetching when the wait ended)"}, leaving out those passing on a page's request for the same path and ${home} itself`,
  };
  const precache = {
    value: (await readAcrossNavigations(page, () => cachedUrls(page))).map((url) => sameOriginPath(url, origin)),
    how: `read every cache once a worker controlled ${home} and its own requests were over`,
  };
  const links = {
    value: await readAcrossNavigations(page, () => inScopeLinks(page, worker.scope, home)),
    how: `read the links of ${home} once it was controlled`,
  };
  const paths = [...new Set(app.profile.pages.map((p) => p.path))];
  const navigations: Record<string, { first: Answerer; again: Answerer }> = {};
  for (const path of paths) {
    const answers = await learnedOrNoted(`who answers a controlled navigation to ${path}`, async () => ({
      first: await answeredBy(page, mock, path),
      again: await answeredBy(page, mock, path),
    }));
    if (answers) navigations[path] = answers;
  }
  const shell = Object.values(navigations).some((answer) => answer.first === "the worker alone");
  const stored = shell ? [] : await Promise.all(paths.map((path) => readAcrossNavigations(page, () => storedWithinGrace(page, `${origin}${path}`))));
  const landingStored = {
    value: await landing,
    how: `looked in Cache Storage for ${home} from the moment a worker controlled it, the first visit's page, for ${FULL_WAIT_MS} ms`,
  };
  return {
    control,
    registerCall,
    workerFetches,
    precache,
    landingStored,
    links,
    navigations: {
      value: navigations,
      how: "navigated to each profile page twice in the controlled tab, with a fault on the server that counts the page's document requests",
    },
    design: {
      value: shell ? "app shell" : stored.some(Boolean) ? "page cache" : "no page storing seen",
      how: shell
        ? "the worker answered a first navigation to a page without asking the server"
        : "looked in Cache Storage for each visited page under its own URL after the navigations",
    },
  };
}
