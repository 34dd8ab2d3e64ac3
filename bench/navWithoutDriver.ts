/**
 * `npm run bench:nav-raw`: what a worker adds to a navigation's document time with no browser driver
 * at all, to tell Chromium's own cost from Playwright's. Plain Chromium (the one the kit finds, with a
 * throw-away profile, no DevTools protocol) opens one page; every page reports its own Navigation
 * Timing to this process with `fetch` and then navigates itself to the next origin in a fixed cycle:
 *
 *   no worker → minimal preload worker → no worker → worker routing navigations to the network → …
 *
 * Each origin is a loopback port of its own serving the same small document, so every navigation is
 * a cross-origin one from another of them, measured the same way. A worker origin's sample counts
 * only once its worker controls the page. The servers live in this process: it does nothing else
 * while the browser runs. Flags: --rounds N (default 40, navigations per origin); --floors a,b (the
 * workers, each after a no-worker origin of its own; default preload,route-network; also
 * preload-store, route-race, serwist, reference). With both serwist and reference: the goal of issue
 * 21, the ms the reference's worker adds ≤ the ms Serwist's adds, measured without Playwright's
 * driver in the way, with the interval a bootstrap of the samples gives that ratio (stats.ts).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../kit/chromium.mjs";
import { stopProcessGroup } from "../kit/stopProcessGroup.ts";
import { ROOT } from "./internal/bundleSize.ts";
import { readFlags } from "./internal/flags.ts";
import { type FloorWorker, floorWorkerScript } from "./internal/floorNavigationServer.ts";
import { intervalLine, ms, printGoal, printMachine, printTable, ratio } from "./internal/report.ts";
import { bootstrapRatioInterval, summarize } from "./internal/stats.ts";

/** Navigations thrown away first per origin: the workers' installs, first-use caches. */
const WARM_UP = 3;
/** Hard limit on the whole run, for a browser that stops navigating. */
const RUN_TIMEOUT_MS = 10 * 60_000;

const FLOORS: readonly FloorWorker[] = ["preload", "preload-store", "route-network", "route-race", "serwist", "reference"];
const FLOOR_NAMES: Record<FloorWorker, string> = {
  preload: "minimal preload worker",
  "preload-store": "minimal preload worker storing each page",
  "route-network": "worker routing navigations to the network (addRoutes)",
  "route-race": "worker racing the network against its handler (addRoutes)",
  serwist: "Serwist's own worker (NetworkFirst, navigation preload)",
  reference: "the reference's worker (dist/sw.js)",
};

const {
  values: flags,
  usage,
  wholeNumber,
} = readFlags("bench:nav-raw", `npm run bench:nav-raw -- [--rounds N] [--floors ${FLOORS.join(",")}]`, {
  rounds: { type: "string", default: "40" },
  floors: { type: "string", default: "preload,route-network" },
});
const ROUNDS = wholeNumber("rounds", 1, 10_000);
const floors = flags.floors.split(",").map((name) => name.trim());
const unknown = floors.filter((name) => !(FLOORS as readonly string[]).includes(name));
if (unknown.length > 0 || floors.length === 0)
  usage(`--floors takes a comma-separated list of ${FLOORS.join(", ")}; not '${unknown.join(", ") || flags.floors}'.`);
const DIST = join(ROOT, "dist");

interface Origin {
  readonly name: string;
  readonly worker: FloorWorker | null;
  server: Server;
  url: string;
  readonly samples: { responseEnd: number; controlled: boolean }[];
}

const origins: Origin[] = (floors as FloorWorker[]).flatMap((worker) =>
  (
    [
      [`no worker (before the ${worker} worker)`, null],
      [FLOOR_NAMES[worker], worker],
    ] as const
  ).map(([name, floor]) => ({ name, worker: floor, server: createServer(), url: "", samples: [] })),
);

const filler = `<p>${"A page of moderate length, the same bytes on every origin. ".repeat(60)}</p>`;
let finish: () => void = () => undefined;
const finished = new Promise<void>((resolve) => {
  finish = resolve;
});
const total = origins.length * (ROUNDS + WARM_UP);

function page(step: number, next: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Step ${step}</title></head><body><h1>Step ${step}</h1>${filler}
<script>
navigator.serviceWorker && navigator.serviceWorker.register("/sw.js", { scope: "/" });
addEventListener("load", () => setTimeout(async () => {
  const [entry] = performance.getEntriesByType("navigation");
  await fetch("/result", { method: "POST", body: JSON.stringify({ step: ${step}, responseEnd: entry.responseEnd, controlled: !!navigator.serviceWorker?.controller }) });
  ${next ? `location.href = ${JSON.stringify(next)};` : `fetch("/done", { method: "POST" });`}
}, 50));
</script></body></html>`;
}

// Bundled before any server answers (the Serwist floor is built with esbuild).
const scripts = new Map<FloorWorker, string>();
for (const origin of origins) if (origin.worker && !scripts.has(origin.worker)) scripts.set(origin.worker, await floorWorkerScript(origin.worker));

for (const [index, origin] of origins.entries()) {
  origin.server.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", origin.url);
    if (url.pathname === "/sw.js" && origin.worker) {
      res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-cache" }).end(scripts.get(origin.worker));
    } else if (origin.worker === "reference" && !["/page", "/result", "/done"].includes(url.pathname)) {
      // The reference worker's precache (its build's files, the offline page, the manifest), relative
      // to the scope `/`: a 404 would fail its install. What the build lacks gets an empty 200.
      const file = join(DIST, url.pathname);
      res
        .writeHead(200, { "cache-control": "no-cache" })
        .end(url.pathname.includes("..") || !existsSync(file) || statSync(file).isDirectory() ? "" : readFileSync(file));
    } else if (url.pathname === "/result") {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        const { responseEnd, controlled } = JSON.parse(body) as { responseEnd: number; controlled: boolean };
        origin.samples.push({ responseEnd, controlled });
        res.end();
      });
    } else if (url.pathname === "/done") {
      res.end();
      finish();
    } else if (url.pathname === "/page") {
      const step = Number(url.searchParams.get("step"));
      const nextOrigin = origins[(index + 1) % origins.length];
      const next = step + 1 < total && nextOrigin ? `${nextOrigin.url}page?step=${step + 1}` : "";
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" }).end(page(step, next));
    } else {
      res.writeHead(404).end();
    }
  });
}

await Promise.all(
  origins.map(
    (origin) =>
      new Promise<void>((resolve) =>
        origin.server.listen(0, "127.0.0.1", () => {
          origin.url = `http://127.0.0.1:${(origin.server.address() as AddressInfo).port}/`;
          resolve();
        }),
      ),
  ),
);

printMachine(`bench:nav-raw (--rounds ${ROUNDS}, no browser driver)`);
const found = findChromium();
if (!found) throw new Error("Failed to find a Chromium: set PCK_CHROMIUM, run 'npx playwright install chromium', or install the OS package.");
const profileDir = mkdtempSync(join(tmpdir(), "pck-nav-raw-"));
const browser = spawn(
  found.executablePath ?? chromium.executablePath(),
  ["--headless", ...CHROMIUM_ARGS, `--user-data-dir=${profileDir}`, `${origins[0]?.url}page?step=0`],
  // A group of its own: Debian's chromium-headless-shell is a shell script that runs the browser as
  // its child, so killing the process spawned here alone left the browser running after the bench.
  { stdio: "ignore", detached: true },
);
const timer = setTimeout(() => {
  process.stderr.write(`bench:nav-raw: the browser stopped navigating (no result in ${RUN_TIMEOUT_MS / 60_000} min).\n`);
  finish();
  process.exitCode = 1;
}, RUN_TIMEOUT_MS);
try {
  await finished;
} finally {
  clearTimeout(timer);
  // The whole group, and only once it is gone: Chromium writes its profile until it has exited, and
  // removing the folder sooner fails (ENOTEMPTY).
  if (browser.pid !== undefined) await stopProcessGroup(browser.pid);
  for (const origin of origins) origin.server.close();
  rmSync(profileDir, { recursive: true, force: true });
}

const medians = origins.map((origin) => {
  const kept = origin.samples.slice(WARM_UP).filter((sample) => sample.controlled === (origin.worker !== null));
  const times = kept.map((sample) => sample.responseEnd);
  return { origin, times, summary: summarize(times) };
});
printTable(
  ["origin", "n", "p10", "median", "p90"],
  medians.map(({ origin, summary }) => [origin.name, summary.n, ms(summary.p10), ms(summary.median), ms(summary.p90)]),
);
const added = new Map<FloorWorker, { ms: number; withWorker: number[]; baseline: number[] }>();
for (let i = 0; i + 1 < medians.length; i += 2) {
  const [base, withWorker] = [medians[i], medians[i + 1]];
  if (!base || !withWorker?.origin.worker) continue;
  added.set(withWorker.origin.worker, { ms: withWorker.summary.median - base.summary.median, withWorker: withWorker.times, baseline: base.times });
  console.log(
    `${withWorker.origin.name} / no worker, median document in: ${ratio(withWorker.summary.median / base.summary.median)}; ` +
      `${(withWorker.summary.median - base.summary.median).toFixed(2)} ms added`,
  );
}
const ours = added.get("reference");
const peer = added.get("serwist");
if (ours !== undefined && peer !== undefined) {
  console.log(`\n${intervalLine("ours / Serwist's ms added", bootstrapRatioInterval(ours, peer))}`);
  printGoal({
    name: `ms the reference's worker adds to the median document in ≤ Serwist's (${ours.ms.toFixed(2)} ms against ${peer.ms.toFixed(2)} ms)`,
    ratio: peer.ms > 0 ? ours.ms / peer.ms : Number.POSITIVE_INFINITY,
    limit: 1,
    direction: "at most",
  });
}
