/**
 * `npm run bench:nav`: navigation timings in Chromium against the reference mock server, each set
 * against a baseline measured in the same run (interleaved, so drift in the machine's load hits both):
 *
 *   online navigation through the worker                 vs  the same with service workers blocked  goal ≤ 1.15× (median document in)
 *     (and, against the same kind of baseline, no goal: the same worker with navigation preload disabled
 *     by the page; floors on a bare server with the same bytes: a minimal navigation-preload worker, a
 *     worker that routes navigations to the network, one that races the network against its handler,
 *     the preload worker on a server that takes --floor-delay-ms to answer, as one that renders, and
 *     Serwist's own worker, the peer, beside the reference's own on the same bare server: goal, the ms
 *     ours adds ≤ the ms Serwist's adds)
 *   offline navigation served from the worker's cache   vs  online navigation through the worker   goal ≤ 1×
 *   lie-fi navigation (the document answers after 10 s)  vs  the configured networkTimeoutMs        goal ≤ 1.1×
 *   load → registered and load → controlled              vs  an empty worker on a bare server      (no goal)
 *
 * Times come from the page's own Navigation Timing entry (ms from navigation start), not from the
 * test process. Flags: --reps N (online/offline, default 40), --lie-fi-reps N (default 10),
 * --registration-reps N (default 15), --timeout-ms N (the worker's networkTimeoutMs, default 3000),
 * --floor-delay-ms N (the rendering server's time for the last floor, default 50).
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { type MockServer, startMockServer } from "../specs/harness/mockServerProcess.ts";
import { DEFAULT_NETWORK_TIMEOUT_MS, DEFAULT_SHELL_CONFIG } from "../src/core/shellConfig.ts";
import { launchChromium, type NavigationTiming, navigationTiming, waitForController, waitUntilCached } from "./internal/browser.ts";
import { readFlags } from "./internal/flags.ts";
import { type FloorWorker, startFloorNavigationServer } from "./internal/floorNavigationServer.ts";
import { startFloorWorkerServer } from "./internal/floorWorkerServer.ts";
import { type Goal, intervalLine, ms, printGoal, printMachine, printTable, ratio } from "./internal/report.ts";
import { addedMs, bootstrapRatioInterval, type Summary, summarize } from "./internal/stats.ts";

/** The reference app's base path, where the mock server mounts it by default. */
const APP = DEFAULT_SHELL_CONFIG.basePath;
/** The issue's lie-fi: a document that answers only after 10 s, far past any sensible timeout. */
const LIE_FI_DELAY_MS = 10_000;
/** Repetitions run and thrown away first, so JIT warm-up and first-use caches do not count. */
const WARM_UP = 2;

const { wholeNumber } = readFlags(
  "bench:nav",
  "npm run bench:nav -- [--reps N] [--lie-fi-reps N] [--registration-reps N] [--timeout-ms N] [--floor-delay-ms N]",
  {
    reps: { type: "string", default: "40" },
    "lie-fi-reps": { type: "string", default: "10" },
    "registration-reps": { type: "string", default: "15" },
    "timeout-ms": { type: "string", default: String(DEFAULT_NETWORK_TIMEOUT_MS) },
    "floor-delay-ms": { type: "string", default: "50" },
  },
);
const REPS = wholeNumber("reps", 1, 10_000);
const LIE_FI_REPS = wholeNumber("lie-fi-reps", 1, 1_000);
const REGISTRATION_REPS = wholeNumber("registration-reps", 1, 1_000);
const TIMEOUT_MS = wholeNumber("timeout-ms", 1, 60_000);
const FLOOR_DELAY_MS = wholeNumber("floor-delay-ms", 1, 10_000);

/**
 * Opens `url`, fails loudly unless the page shown is `heading` from where it must come (`"routed"`: a
 * worker controls the page but the browser fetched the document itself; `"either"`: a worker controls
 * the page, whoever answered), and returns its timing.
 */
async function timedVisit(page: Page, url: string, heading: string, fromWorker: boolean | "routed" | "either", timeout?: number): Promise<NavigationTiming> {
  const response = await page.goto(url, timeout === undefined ? {} : { timeout });
  if (fromWorker !== "either" && response?.fromServiceWorker() !== (fromWorker === true)) {
    throw new Error(`Failed to measure ${url}: fromServiceWorker() is ${response?.fromServiceWorker()}.`);
  }
  if (typeof fromWorker === "string" && !(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    throw new Error(`Failed to measure ${url}: no worker controls the page.`);
  }
  const shown = await page.getByRole("heading", { level: 1 }).textContent();
  if (shown !== heading) throw new Error(`Failed to measure ${url}: the page shows '${shown}', not '${heading}'.`);
  return navigationTiming(page);
}

/** A context whose worker controls the page and has `pageUrl` cached. */
async function controlledContext(browser: Browser, mock: MockServer, pageUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: "allow" });
  const page = await context.newPage();
  await page.goto(mock.appUrl);
  await waitForController(page);
  await page.goto(pageUrl);
  await waitUntilCached(page, pageUrl);
  return { context, page };
}

interface Scenario {
  readonly name: string;
  readonly samples: NavigationTiming[];
}

function timingRows(scenarios: readonly Scenario[]): (string | number)[][] {
  return scenarios.flatMap(({ name, samples }) =>
    (["responseEnd", "loadEventStart"] as const).map((metric) => {
      const s = summarize(samples.map((sample) => sample[metric]));
      return [name, metric === "responseEnd" ? "document in" : "load", s.n, ms(s.p10), ms(s.median), ms(s.p90)];
    }),
  );
}

const summaryOf = (samples: readonly NavigationTiming[], metric: keyof NavigationTiming): Summary => summarize(samples.map((sample) => sample[metric]));

/** The page's view of its registration's navigation preload (the worker enables it on activation). */
function preloadState(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!("navigationPreload" in registration)) return "unsupported";
    return (await registration.navigationPreload.getState()).enabled ? "enabled" : "disabled";
  });
}

/** The same worker with navigation preload turned off from the page, as the worker was before it used one. */
async function withoutPreload(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    await registration.navigationPreload?.disable();
  });
}

const ratioOf = (ours: readonly NavigationTiming[], base: readonly NavigationTiming[], metric: keyof NavigationTiming, at: "median" | "p90"): number =>
  summaryOf(ours, metric)[at] / summaryOf(base, metric)[at];

/** `document in 2.812 (p90 2.410), load 1.183 (p90 1.150)` for one side against a baseline. */
function ratioLine(ours: readonly NavigationTiming[], base: readonly NavigationTiming[]): string {
  const pair = (metric: keyof NavigationTiming) => `${ratio(ratioOf(ours, base, metric, "median"))} (p90 ${ratio(ratioOf(ours, base, metric, "p90"))})`;
  return `document in ${pair("responseEnd")}, load ${pair("loadEventStart")}`;
}

const SERWIST_FLOOR = "Serwist's own worker (NetworkFirst for navigations, navigation preload on)";
const REFERENCE_FLOOR = "the reference's worker (dist/sw.js) on the same bare server";

/** Where each floor's document must come from; the race's winner varies, so it checks control only. */
const FROM_WORKER: Record<FloorWorker, boolean | "routed" | "either"> = {
  preload: true,
  "preload-store": true,
  "route-network": "routed",
  "route-race": "either",
  serwist: true,
  reference: true,
};

interface Floor {
  readonly name: string;
  readonly worker: FloorWorker;
  readonly delayMs: number;
  readonly url: string;
  readonly workerPage: Page;
  readonly barePage: Page;
  readonly withWorker: NavigationTiming[];
  readonly noWorker: NavigationTiming[];
  readonly close: () => Promise<void>;
}

/** A floor server and two contexts on it: one its worker controls, one with service workers blocked. */
async function startFloor(browser: Browser, html: string, worker: FloorWorker, delayMs: number, name: string): Promise<Floor> {
  const server = await startFloorNavigationServer(html, worker, delayMs);
  const withWorker = await browser.newContext({ serviceWorkers: "allow" });
  const workerPage = await withWorker.newPage();
  await workerPage.goto(`${server.origin}/`);
  await waitForController(workerPage);
  const noWorker = await browser.newContext({ serviceWorkers: "block" });
  return {
    name,
    worker,
    delayMs,
    url: `${server.origin}${APP}/pages/1`,
    workerPage,
    barePage: await noWorker.newPage(),
    withWorker: [],
    noWorker: [],
    close: async () => {
      await withWorker.close();
      await noWorker.close();
      await server.stop();
    },
  };
}

/**
 * Four navigations to the same URL, interleaved in a rotating order within each repetition: online
 * through the worker (navigation preload as the worker sets it), online through the same worker with
 * navigation preload disabled by the page, online with service workers blocked (the floor any worker
 * adds its cost to), and offline from the worker's cache.
 */
async function onlineVersusOffline(browser: Browser, mock: MockServer, pageUrl: string): Promise<Goal[]> {
  // Coming back online must not reload the page in the middle of the next measurement (ONL-1).
  await mock.configure({ reloadOnOnline: false });
  const { context, page } = await controlledContext(browser, mock, pageUrl);
  const preload = await preloadState(page);
  const off = await controlledContext(browser, mock, pageUrl);
  await withoutPreload(off.page);
  const offPreload = await preloadState(off.page);
  if (offPreload === "enabled") throw new Error("Failed to measure without navigation preload: it is still enabled after disable().");
  const bare = await browser.newContext({ serviceWorkers: "block" });
  const barePage = await bare.newPage();
  const html = await (await fetch(pageUrl, { headers: { accept: "text/html" } })).text();
  const floors = [
    await startFloor(browser, html, "preload", 0, "a minimal preload worker"),
    await startFloor(browser, html, "route-network", 0, "a worker that routes navigations to the network (addRoutes)"),
    await startFloor(browser, html, "route-race", 0, "a worker that races the network against its handler (addRoutes)"),
    await startFloor(browser, html, "preload", FLOOR_DELAY_MS, `a minimal preload worker, the server answering after ${FLOOR_DELAY_MS} ms`),
    await startFloor(browser, html, "serwist", 0, SERWIST_FLOOR),
    await startFloor(browser, html, "reference", 0, REFERENCE_FLOOR),
  ];
  const online: NavigationTiming[] = [];
  const onlineNoPreload: NavigationTiming[] = [];
  const offline: NavigationTiming[] = [];
  const noWorker: NavigationTiming[] = [];
  for (let rep = 0; rep < REPS + WARM_UP; rep++) {
    const keep = (into: NavigationTiming[], timing: NavigationTiming) => {
      if (rep >= WARM_UP) into.push(timing);
    };
    const measures = [
      async () => keep(online, await timedVisit(page, pageUrl, "Page one", true)),
      async () => keep(onlineNoPreload, await timedVisit(off.page, pageUrl, "Page one", true)),
      async () => keep(noWorker, await timedVisit(barePage, pageUrl, "Page one", false)),
      ...floors.flatMap((floor) => [
        async () => keep(floor.withWorker, await timedVisit(floor.workerPage, floor.url, "Page one", FROM_WORKER[floor.worker])),
        async () => keep(floor.noWorker, await timedVisit(floor.barePage, floor.url, "Page one", false)),
      ]),
      async () => {
        await context.setOffline(true);
        const timing = await timedVisit(page, pageUrl, "Page one", true);
        await context.setOffline(false);
        keep(offline, timing);
      },
    ];
    // Rotate the order so no side always runs first, or right after another's cache warm-up.
    for (let i = 0; i < measures.length; i++) await measures[(rep + i) % measures.length]?.();
  }
  await context.close();
  await off.context.close();
  await bare.close();
  for (const floor of floors) await floor.close();
  await mock.reset();

  console.log(`Online and offline navigations to ${APP}/pages/1, interleaved (ms from navigation start)`);
  printTable(
    ["navigation", "until", "n", "p10", "median", "p90"],
    timingRows([
      { name: "online, no worker (service workers blocked; baseline)", samples: noWorker },
      { name: `online, through the worker (navigation preload ${preload})`, samples: online },
      { name: `online, through the worker (navigation preload ${offPreload} by the page)`, samples: onlineNoPreload },
      { name: "offline, from the worker's cache", samples: offline },
      ...floors.flatMap((floor) => [
        { name: `floor: ${floor.name}`, samples: floor.withWorker },
        { name: `floor: the same server, no worker${floor.delayMs ? ` (${floor.delayMs} ms)` : ""}`, samples: floor.noWorker },
      ]),
    ]),
  );
  console.log(`through the worker / no worker: ${ratioLine(online, noWorker)}; navigation preload ${preload}`);
  console.log(`through the worker without preload / no worker: ${ratioLine(onlineNoPreload, noWorker)}`);
  for (const floor of floors) {
    const added = summaryOf(floor.withWorker, "responseEnd").median - summaryOf(floor.noWorker, "responseEnd").median;
    console.log(`floor, ${floor.name} / no worker: ${ratioLine(floor.withWorker, floor.noWorker)}; ${ms(added)} ms added to the median document in`);
  }
  const added = summaryOf(online, "responseEnd").median - summaryOf(noWorker, "responseEnd").median;
  console.log(`through the worker, ms added to the median document in: ${ms(added)} (the floors serve no assets: compare their documents, not their loads)`);
  // The peer comparison on one server: the mock server renders and streams its pages, the bare server
  // sends fixed bytes, and a worker's cost depends on how its response arrives.
  const documentTimes = (name: string) => {
    const floor = floors.find((candidate) => candidate.name === name) as Floor;
    return { withWorker: floor.withWorker.map((t) => t.responseEnd), baseline: floor.noWorker.map((t) => t.responseEnd) };
  };
  const [serwist, reference] = [documentTimes(SERWIST_FLOOR), documentTimes(REFERENCE_FLOOR)];
  const serwistAdded = addedMs(serwist);
  const referenceAdded = addedMs(reference);
  console.log(intervalLine("ours / Serwist's ms added", bootstrapRatioInterval(reference, serwist)));
  console.log(`offline / online through the worker: ${ratioLine(offline, online)}\n`);
  return [
    {
      name: `online through the worker ≤ no worker + 15% (median document in; preload ${preload})`,
      ratio: ratioOf(online, noWorker, "responseEnd", "median"),
      limit: 1.15,
      direction: "at most",
    },
    { name: "offline navigation ≤ online (median load)", ratio: ratioOf(offline, online, "loadEventStart", "median"), limit: 1, direction: "at most" },
    // Each worker's own cost, its no-worker baseline taken off, the two measured in the same run.
    {
      name: `ms the reference's worker adds to the median document in ≤ Serwist's, same bare server (${referenceAdded.toFixed(1)} ms against ${serwistAdded.toFixed(1)} ms)`,
      ratio: serwistAdded > 0 ? referenceAdded / serwistAdded : Number.POSITIVE_INFINITY,
      limit: 1,
      direction: "at most",
    },
  ];
}

async function lieFi(browser: Browser, mock: MockServer, pageUrl: string): Promise<Goal> {
  await mock.configure({ networkTimeoutMs: TIMEOUT_MS, reloadOnOnline: false });
  const samples: NavigationTiming[] = [];
  for (let rep = 0; rep < LIE_FI_REPS; rep++) {
    // A context per repetition: each has its own connection pool, so the 10 s requests left hanging
    // by earlier repetitions never queue this one behind Chromium's six connections per host.
    const { context, page } = await controlledContext(browser, mock, pageUrl);
    await mock.addFault({ path: `${APP}/pages/1`, delayMs: LIE_FI_DELAY_MS, representation: "document", times: 1 });
    samples.push(await timedVisit(page, pageUrl, "Page one", true, 2 * LIE_FI_DELAY_MS));
    if ((await mock.faults()).length !== 0) throw new Error("Failed to measure lie-fi: the worker's request never reached the latency fault.");
    await context.close();
  }
  await mock.reset();

  const load = summaryOf(samples, "loadEventStart");
  const document = summaryOf(samples, "responseEnd");
  console.log(`Lie-fi navigation: the document answers after ${LIE_FI_DELAY_MS} ms; the worker's networkTimeoutMs is ${TIMEOUT_MS} (the baseline)`);
  printTable(["navigation", "until", "n", "p10", "median", "p90"], timingRows([{ name: "lie-fi, cached copy", samples }]));
  console.log(
    `lie-fi / timeout: document in ${ratio(document.median / TIMEOUT_MS)}, load ${ratio(load.median / TIMEOUT_MS)} (p90 ${ratio(load.p90 / TIMEOUT_MS)}); ` +
      `past the timeout: ${ms(load.median - TIMEOUT_MS)} ms at the median\n`,
  );
  return { name: "lie-fi cached page shown within timeout + 10% (median load)", ratio: load.median / TIMEOUT_MS, limit: 1.1, direction: "at most" };
}

declare global {
  interface Window {
    __pckBench?: { registered: number | null; controlled: number | null };
  }
}

/** Init script: when `register()` resolves and when `controllerchange` fires, on the page's clock. */
function recordRegistration(): void {
  const times = { registered: null as number | null, controlled: null as number | null };
  window.__pckBench = times;
  const container = window.ServiceWorkerContainer?.prototype;
  if (!container) return;
  const register = container.register;
  container.register = function (this: ServiceWorkerContainer, ...args: Parameters<ServiceWorkerContainer["register"]>) {
    const registering = register.apply(this, args);
    registering.then(
      () => {
        times.registered ??= performance.now();
      },
      () => undefined,
    );
    return registering;
  };
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    times.controlled ??= performance.now();
  });
}

async function registrationTimes(browser: Browser, url: string): Promise<{ registered: number; controlled: number }> {
  const context = await browser.newContext({ serviceWorkers: "allow" });
  await context.addInitScript(recordRegistration);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.__pckBench?.controlled != null);
  const times = await page.evaluate(() => {
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const { registered, controlled } = window.__pckBench ?? {};
    return { load: entry?.loadEventStart ?? Number.NaN, registered: registered ?? Number.NaN, controlled: controlled ?? Number.NaN };
  });
  await context.close();
  return { registered: times.registered - times.load, controlled: times.controlled - times.load };
}

async function registration(browser: Browser, mock: MockServer): Promise<void> {
  const floor = await startFloorWorkerServer();
  const ours = { registered: [] as number[], controlled: [] as number[] };
  const bare = { registered: [] as number[], controlled: [] as number[] };
  for (let rep = 0; rep < REGISTRATION_REPS + WARM_UP; rep++) {
    const pair = [
      { into: ours, url: mock.appUrl },
      { into: bare, url: `${floor.origin}/` },
    ];
    for (const { into, url } of rep % 2 === 0 ? pair : pair.reverse()) {
      const times = await registrationTimes(browser, url);
      if (rep < WARM_UP) continue;
      into.registered.push(times.registered);
      into.controlled.push(times.controlled);
    }
  }
  await floor.stop();

  console.log("From the page's load event to register() resolving and to controllerchange (ms; fresh context each time)");
  const rows = [
    ["empty worker, bare server (baseline)", bare],
    ["ours (precaches the shell at install)", ours],
  ] as const;
  printTable(
    ["worker", "until", "n", "p10", "median", "p90"],
    rows.flatMap(([name, times]) =>
      (["registered", "controlled"] as const).map((until) => {
        const s = summarize(times[until]);
        return [name, until, s.n, ms(s.p10), ms(s.median), ms(s.p90)];
      }),
    ),
  );
  const ratioOf = (until: "registered" | "controlled") => ratio(summarize(ours[until]).median / summarize(bare[until]).median);
  console.log(`ours / empty worker: registered ${ratioOf("registered")}, controlled ${ratioOf("controlled")}\n`);
}

printMachine("bench:nav (Chromium via Playwright, mock server on 127.0.0.1:0)");
const mock = await startMockServer();
const browser = await launchChromium();
try {
  const pageUrl = `${mock.origin}${APP}/pages/1`;
  const goals = [...(await onlineVersusOffline(browser, mock, pageUrl)), await lieFi(browser, mock, pageUrl)];
  await registration(browser, mock);
  for (const goal of goals) printGoal(goal);
} finally {
  await browser.close();
  await mock.stop();
}
