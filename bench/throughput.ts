/**
 * `npm run bench:throughput`: requests/s and p99 latency of the mock server against a bare Express
 * app answering the same routes with the same bytes (internal/bareExpress.ts), same run, loopback only,
 * each server in its own process, autocannon in this one. Goal: ≥ 0.9 of bare Express on each route.
 *
 *   plain route:  GET /app/sw.js    — the worker script, a file both servers send with res.sendFile
 *   status fault: GET /app/pages/1  — a 404 status fault; the mock server renders its fallback page,
 *                                     bare Express sends the bytes the mock server answered once
 *
 * Each server is measured in --rounds rounds, alternating which goes first, and the figures are the
 * medians over rounds (the ratio: the median of each round's ratio), so a burst of load from
 * elsewhere on the machine lands in one round instead of on one side.
 *
 * Flags: --duration S (per round and server, default 5), --rounds N (default 3), --connections N
 * (default 10), --warm-up S (per server, before the first round, default 2).
 *
 * With --proxy: proxy mode instead, against the forwarding it replaced (internal/proxyThroughput.ts;
 * --against <commit> names that forwarding's commit).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMockServer } from "../specs/harness/mockServerProcess.ts";
import { DEFAULT_SHELL_CONFIG } from "../src/core/shellConfig.ts";
import { startBareExpress } from "./internal/bareExpress.ts";
import { ROOT } from "./internal/bundleSize.ts";
import { readFlags } from "./internal/flags.ts";
import { loadRoute, type Measurement, type Route } from "./internal/loadRoute.ts";
import { HAND_WRITTEN_PROXY_REF, measureProxyThroughput } from "./internal/proxyThroughput.ts";
import { type Goal, printGoal, printMachine, printTable, ratio } from "./internal/report.ts";
import { median } from "./internal/stats.ts";

const APP = DEFAULT_SHELL_CONFIG.basePath;
const WORKER_PATH = `${APP}/sw.js`;
const FAULT_PATH = `${APP}/pages/1`;
const FAULT_STATUS = 404;
const GOAL = 0.9;

const { values: flags, wholeNumber } = readFlags(
  "bench:throughput",
  "npm run bench:throughput -- [--duration S] [--rounds N] [--connections N] [--warm-up S] [--proxy] [--against <git ref>]",
  {
    duration: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "10" },
    "warm-up": { type: "string", default: "2" },
    proxy: { type: "boolean", default: false },
    against: { type: "string", default: HAND_WRITTEN_PROXY_REF },
  },
);
const DURATION_S = wholeNumber("duration", 1, 3_600);
const CONNECTIONS = wholeNumber("connections", 1, 1_000);
const WARM_UP_S = wholeNumber("warm-up", 0, 600);
const ROUNDS = wholeNumber("rounds", 1, 100);

const ROUTES: readonly Route[] = [
  { name: "plain: GET /app/sw.js", path: WORKER_PATH, accept: "*/*", status: 200 },
  { name: `status fault ${FAULT_STATUS}: GET /app/pages/1`, path: FAULT_PATH, accept: "text/html", status: FAULT_STATUS },
];

const load = (origin: string, route: Route, seconds: number): Promise<Measurement> => loadRoute(origin, route, seconds, CONNECTIONS);

async function measureMockServer(): Promise<void> {
  printMachine(
    `bench:throughput (autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per server after ${WARM_UP_S} s warm-up, loopback)`,
  );
  const mock = await startMockServer();
  const dir = mkdtempSync(join(tmpdir(), "pck-throughput-"));
  try {
    // A fault without `times` stays for the whole run.
    await mock.addFault({ path: FAULT_PATH, status: FAULT_STATUS });
    const sample = await fetch(`${mock.origin}${FAULT_PATH}`, { headers: { accept: "text/html" } });
    if (sample.status !== FAULT_STATUS) throw new Error(`Failed to set up the status fault: ${FAULT_PATH} answered ${sample.status}.`);
    const bodyFile = join(dir, "fault-body.html");
    writeFileSync(bodyFile, Buffer.from(await sample.arrayBuffer()));
    const bare = await startBareExpress({
      files: { [WORKER_PATH]: join(ROOT, "dist", "sw.js") },
      fixed: { [FAULT_PATH]: { status: FAULT_STATUS, bodyFile } },
    });

    const rows: (string | number)[][] = [];
    const goals: Goal[] = [];
    try {
      for (const route of ROUTES) {
        const servers = [
          { name: "bare" as const, origin: bare.origin },
          { name: "mock" as const, origin: mock.origin },
        ];
        for (const server of servers) await load(server.origin, route, WARM_UP_S);
        const rounds: Record<"bare" | "mock", Measurement>[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const measured: Partial<Record<"bare" | "mock", Measurement>> = {};
          for (const server of round % 2 === 0 ? servers : [...servers].reverse()) measured[server.name] = await load(server.origin, route, DURATION_S);
          rounds.push(measured as Record<"bare" | "mock", Measurement>);
        }
        const mid = (side: "bare" | "mock", key: keyof Measurement) => median(rounds.map((round) => round[side][key]));
        const throughputRatio = median(rounds.map((round) => round.mock.requestsPerSecond / round.bare.requestsPerSecond));
        const p99Ratio = median(rounds.map((round) => round.mock.p99 / round.bare.p99));
        rows.push([
          route.name,
          "bare Express (baseline)",
          mid("bare", "requestsPerSecond").toFixed(0),
          mid("bare", "p50"),
          mid("bare", "p99"),
          "1.000",
          "1.000",
        ]);
        rows.push([
          route.name,
          "mock server",
          mid("mock", "requestsPerSecond").toFixed(0),
          mid("mock", "p50"),
          mid("mock", "p99"),
          ratio(throughputRatio),
          ratio(p99Ratio),
        ]);
        goals.push({ name: `${route.name} ≥ ${GOAL} of bare Express (req/s)`, ratio: throughputRatio, limit: GOAL, direction: "at least" });
      }
    } finally {
      await bare.stop();
    }
    printTable(["route", "server", "req/s", "p50 ms", "p99 ms", "req/s × bare", "p99 × bare"], rows);
    console.log();
    for (const goal of goals) printGoal(goal);
  } finally {
    await mock.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (flags.proxy) await measureProxyThroughput({ against: flags.against, durationS: DURATION_S, rounds: ROUNDS, connections: CONNECTIONS, warmUpS: WARM_UP_S });
else await measureMockServer();
