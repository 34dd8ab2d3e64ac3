/**
 * `npm run bench:size`: how small the shell is against the libraries people use, all bundled the
 * same way in this run (internal/bundleSize.ts). Exits 1 when a size goal is missed, so CI can run
 * it on every build: it takes a few seconds and does not depend on the machine's load.
 *
 *   client:  src/shell/startShell.ts and its imports  vs  workbox-window / @serwist/window   goal ≤ 1/4 of workbox-window
 *   worker:  dist/sw.js                                 vs  a Serwist worker (baselines/)     goal ≤ 1/10
 *   app:     dist/assets/*.js                           vs  React + ReactDOM client alone     goal ≤ 1.15×
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { bundleSize, gzipSize, ROOT, type Size } from "./internal/bundleSize.ts";
import { bytes, type Goal, printGoal, printMachine, printTable, ratio } from "./internal/report.ts";

const DIST = join(ROOT, "dist");
const BASELINES = join(ROOT, "bench/baselines");

/** The goals of the issue, as ratios to the baseline. */
const CLIENT_GOAL = 1 / 4;
const WORKER_GOAL = 1 / 10;
const APP_GOAL = 1.15;

function builtFile(path: string): Uint8Array {
  if (!existsSync(path)) throw new Error(`Failed to measure ${path}: it does not exist. Run 'npm run build' first.`);
  return readFileSync(path);
}

function fileSize(path: string): Size {
  const code = builtFile(path);
  return { minified: code.length, gzipped: gzipSize(code) };
}

/** The app's scripts as shipped: every file gzipped on its own, as a server would send them. */
function appScripts(): Size {
  const assets = join(DIST, "assets");
  const scripts = existsSync(assets) ? readdirSync(assets).filter((file) => file.endsWith(".js")) : [];
  if (scripts.length === 0) throw new Error(`Failed to measure the app bundle: no .js in ${assets}. Run 'npm run build' first.`);
  return scripts.map((file) => fileSize(join(assets, file))).reduce((a, b) => ({ minified: a.minified + b.minified, gzipped: a.gzipped + b.gzipped }));
}

/** The precache list and version the build gave dist/sw.js, so the esbuild control row holds the same data. */
function workerDefines(): Record<string, string> {
  const assets = readdirSync(join(DIST, "assets"))
    .map((file) => `assets/${file}`)
    .sort();
  return { __SHELL_PRECACHE__: JSON.stringify(assets), __SHELL_VERSION__: JSON.stringify("0".repeat(12)) };
}

const row = (name: string, size: Size, baseline: Size) => [name, bytes(size.minified), bytes(size.gzipped), ratio(size.gzipped / baseline.gzipped)];
const HEADER = ["bundle", "min B", "min+gz B", "× baseline"];

printMachine("bench:size (esbuild bundle+minify, es2022, gzip -9)");

const [ours, workbox, workboxModern, serwistWindow] = await Promise.all([
  bundleSize({ entry: "src/shell/startShell.ts", format: "esm" }),
  bundleSize({ entry: join(BASELINES, "workboxWindow.ts"), format: "esm" }),
  bundleSize({
    entry: join(BASELINES, "workboxWindow.ts"),
    format: "esm",
    alias: { "workbox-window": join(ROOT, "node_modules/workbox-window/build/workbox-window.prod.mjs") },
  }),
  bundleSize({ entry: join(BASELINES, "serwistWindow.ts"), format: "esm" }),
]);
console.log("Client registration code (esm); baseline: workbox-window as bundlers resolve it (its `module` field, an ES5 build)");
printTable(HEADER, [
  row("workbox-window (baseline)", workbox, workbox),
  row("workbox-window, ES2017 build", workboxModern, workbox),
  row("@serwist/window", serwistWindow, workbox),
  row("ours: src/shell/startShell.ts", ours, workbox),
]);
console.log(
  `ours vs workbox-window ES2017 build: ${ratio(ours.gzipped / workboxModern.gzipped)}; vs @serwist/window: ${ratio(ours.gzipped / serwistWindow.gzipped)}\n`,
);

const shipped = fileSize(join(DIST, "sw.js"));
const [oursWorker, serwistWorker] = await Promise.all([
  bundleSize({ entry: "sw/sw.ts", format: "iife", define: workerDefines() }),
  bundleSize({ entry: join(BASELINES, "serwistWorker.ts"), format: "iife" }),
]);
console.log("Service worker (iife); baseline: serwist with default-style runtime caching (baselines/serwistWorker.ts)");
printTable(HEADER, [
  row("serwist worker (baseline)", serwistWorker, serwistWorker),
  row("ours: dist/sw.js as built", shipped, serwistWorker),
  row("ours: sw/sw.ts via esbuild", oursWorker, serwistWorker),
]);
console.log();

const app = appScripts();
const [react, appEsbuild] = await Promise.all([
  bundleSize({ entry: join(BASELINES, "reactClient.ts"), format: "esm" }),
  bundleSize({ entry: "src/app/main.tsx", format: "esm", loader: { ".css": "empty" } }),
]);
console.log("App JavaScript; baseline: React + ReactDOM client alone (baselines/reactClient.ts)");
printTable(HEADER, [
  row("react + react-dom/client (baseline)", react, react),
  row("ours: dist/assets/*.js as built", app, react),
  row("ours: src/app/main.tsx via esbuild", appEsbuild, react),
]);
console.log();

const goals: Goal[] = [
  { name: "client ≤ 1/4 of workbox-window", ratio: ours.gzipped / workbox.gzipped, limit: CLIENT_GOAL, direction: "at most" },
  { name: "worker ≤ 1/10 of serwist", ratio: shipped.gzipped / serwistWorker.gzipped, limit: WORKER_GOAL, direction: "at most" },
  { name: "app ≤ 1.15× React alone", ratio: app.gzipped / react.gzipped, limit: APP_GOAL, direction: "at most" },
];
const missed = goals.map(printGoal).filter((met) => !met).length;
// `--report-only` (npm test's CI step): print the figures on every build without failing it while a
// goal is knowingly missed; the gap and what would close it are in docs/performance.md.
const reportOnly = process.argv.includes("--report-only");
if (missed > 0) {
  console.error(`\nbench:size: ${missed} of ${goals.length} size goals missed (docs/performance.md says what would close each gap).`);
  if (!reportOnly) process.exitCode = 1;
}
