/**
 * `npm run bench:throughput -- --proxy`: proxy mode's throughput against the forwarding it replaced.
 * One upstream (bare Express: the worker script, and a 1 MB file for bytes per second), loaded
 * directly (the floor) and through two mock servers in proxy mode in front of it: this tree's
 * (undici) and the one at `--against` (default: the last commit whose proxy was the hand-written
 * node:http forwarding), checked out into a temporary git worktree. Same run, same upstream, rounds
 * alternating the order, medians over rounds.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { forkListening } from "../../mock-server/process/forkListening.ts";
import { serverEntry } from "../../mock-server/process/serverEntry.ts";
import { startBareExpress } from "./bareExpress.ts";
import { ROOT } from "./bundleSize.ts";
import { loadRoute, type Measurement, type Route } from "./loadRoute.ts";
import { type Goal, printGoal, printMachine, printTable, ratio } from "./report.ts";
import { median } from "./stats.ts";

/** The last commit whose proxy forwarded with node:http (before undici, f6769cd). */
export const HAND_WRITTEN_PROXY_REF = "932f49b";
/** This tree's proxy must carry at least this share of the hand-written one's requests per second. */
const GOAL = 0.95;
const START_TIMEOUT_MS = 60_000;
const BIG_BYTES = 1024 * 1024;

export interface ProxyThroughputOptions {
  readonly against: string;
  readonly durationS: number;
  readonly rounds: number;
  readonly connections: number;
  readonly warmUpS: number;
}

type Side = "direct" | "this" | "before";

/** A worktree of `ref` sharing this clone's node_modules, or an error that says what to do. */
function worktreeAt(ref: string, dir: string): string {
  const path = join(dir, "before");
  try {
    execFileSync("git", ["-C", ROOT, "worktree", "add", "--detach", "--quiet", path, ref], { stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    throw new Error(
      `Failed to check out ${ref} to measure the proxy it had: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}. Run this in a git clone with its history (not a shallow one), or pass --against <commit>.`,
    );
  }
  symlinkSync(join(ROOT, "node_modules"), join(path, "node_modules"), "dir");
  return path;
}

function startProxy(script: string, upstream: string, name: string) {
  return forkListening(script, ["--port", "0", "--host", "127.0.0.1", "--upstream", upstream, "--base-path", "/app"], {
    name,
    timeoutMs: START_TIMEOUT_MS,
    execArgv: [],
    env: serverEntry().env,
    quiet: true,
  });
}

export async function measureProxyThroughput({ against, durationS, rounds, connections, warmUpS }: ProxyThroughputOptions): Promise<void> {
  printMachine(
    `bench:throughput --proxy (autocannon, ${connections} connections, ${rounds} rounds of ${durationS} s per server after ${warmUpS} s warm-up, loopback)`,
  );
  const dir = mkdtempSync(join(tmpdir(), "pck-proxy-throughput-"));
  let worktree: string | undefined;
  const stops: (() => Promise<void>)[] = [];
  try {
    const big = join(dir, "big.bin");
    writeFileSync(big, Buffer.alloc(BIG_BYTES, 7));
    const upstream = await startBareExpress({ files: { "/app/sw.js": join(ROOT, "dist", "sw.js"), "/app/big.bin": big }, fixed: {} });
    stops.push(upstream.stop);
    worktree = worktreeAt(against, dir);
    const beforeScript = join(worktree, "mock-server", "process", "serve.mjs");
    if (!existsSync(beforeScript)) throw new Error(`Failed to start the proxy of ${against}: it has no mock-server/process/serve.mjs.`);
    const current = await startProxy(serverEntry().script, upstream.origin, "This tree's mock server");
    stops.push(current.stop);
    const before = await startProxy(beforeScript, upstream.origin, `The mock server of ${against}`);
    stops.push(before.stop);
    const servers: { name: Side; origin: string }[] = [
      { name: "direct", origin: upstream.origin },
      { name: "this", origin: current.origin },
      { name: "before", origin: before.origin },
    ];
    const routes: Route[] = [
      { name: "small: GET /app/sw.js", path: "/app/sw.js", accept: "*/*", status: 200 },
      { name: "1 MB: GET /app/big.bin", path: "/app/big.bin", accept: "*/*", status: 200 },
    ];
    const rows: (string | number)[][] = [];
    const goals: Goal[] = [];
    for (const route of routes) {
      for (const server of servers) await loadRoute(server.origin, route, warmUpS, connections);
      const measured: Record<Side, Measurement>[] = [];
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        const one: Partial<Record<Side, Measurement>> = {};
        for (const server of order) one[server.name] = await loadRoute(server.origin, route, durationS, connections);
        measured.push(one as Record<Side, Measurement>);
      }
      const mid = (side: Side, key: keyof Measurement) => median(measured.map((one) => one[side][key]));
      const share = (side: Side) => median(measured.map((one) => one[side].requestsPerSecond / one.direct.requestsPerSecond));
      const thisOverBefore = median(measured.map((one) => one.this.requestsPerSecond / one.before.requestsPerSecond));
      const label: Record<Side, string> = { direct: "upstream, direct (floor)", this: "proxy, this tree (undici)", before: `proxy, ${against} (node:http)` };
      for (const side of ["direct", "before", "this"] as const)
        rows.push([
          route.name,
          label[side],
          mid(side, "requestsPerSecond").toFixed(0),
          (mid(side, "bytesPerSecond") / 1e6).toFixed(1),
          mid(side, "p50"),
          mid(side, "p99"),
          ratio(share(side)),
        ]);
      goals.push({ name: `${route.name}: this tree's proxy ≥ ${GOAL} of ${against}'s (req/s)`, ratio: thisOverBefore, limit: GOAL, direction: "at least" });
    }
    printTable(["route", "server", "req/s", "MB/s", "p50 ms", "p99 ms", "req/s × direct"], rows);
    console.log();
    for (const goal of goals) printGoal(goal);
  } finally {
    for (const stop of stops.reverse()) await stop();
    if (worktree !== undefined) execFileSync("git", ["-C", ROOT, "worktree", "remove", "--force", worktree], { stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
  }
}
