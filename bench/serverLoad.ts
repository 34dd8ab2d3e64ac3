/**
 * `npm run bench:server`: an autocannon load on the mock server, 127.0.0.1 only, bounded in time.
 * Prints figures; it is not a timed test. The server runs in its own process (as `npm start` runs
 * it, logs off) so its memory is its own and the load generator does not share its event loop.
 *
 *   faulted route: GET /app/pages/1 with a sticky 500 status fault (digest, journal entry, error log)
 *   plain route:   GET /app/pages/2, the server-rendered page
 *
 * For each: requests/s, p99 latency, and errors other than the injected ones (connection errors,
 * timeouts, any status but the expected one), which must be 0. The server's RSS before and after,
 * which must stay bounded (the journal keeps its newest 5,000 entries and counts the rest).
 *
 * Flags (after `--`): --duration S seconds of load on each route (default 30, so a minute in all),
 * --connections N concurrent connections (default 50).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import autocannon from "autocannon";
import { createControlClient } from "../mock-server/control/controlClient.ts";
import { forkListening, type Listening } from "../mock-server/process/forkListening.ts";
import { serverEntry } from "../mock-server/process/serverEntry.ts";
import { readFlags } from "./internal/flags.ts";

const FAULTED = { name: "faulted (500 status fault)", path: "/app/pages/1", status: 500 } as const;
const PLAIN = { name: "plain (server-rendered page)", path: "/app/pages/2", status: 200 } as const;
/** A cold start loads tsx, Express and react-dom/server: about 1 s on a busy 2-core machine. */
const START_TIMEOUT_MS = 30_000;
/**
 * How much the server's RSS may grow under the load. The journal holds at most 5,000 entries of a few
 * hundred bytes (~2 MB); the rest is V8 growing its heap under 50 connections and keeping it: +46 MB
 * after a 4 s run and +72 MB after the default 30 s were seen on a loaded 2-core machine. Growth
 * beyond this points at something unbounded.
 */
const MAX_RSS_GROWTH_MB = 150;

const { wholeNumber } = readFlags("bench:server", "npm run bench:server -- [--duration S] [--connections N]", {
  duration: { type: "string", default: "30" },
  connections: { type: "string", default: "50" },
});
const DURATION_S = wholeNumber("duration", 1, 3_600);
const CONNECTIONS = wholeNumber("connections", 1, 1_000);

function startServer(): Promise<Listening> {
  const entry = serverEntry();
  return forkListening(entry.script, ["--port", "0", "--host", "127.0.0.1", "--log-level", "silent"], {
    name: "The mock server",
    timeoutMs: START_TIMEOUT_MS,
    execArgv: entry.execArgv,
    env: entry.env,
    quiet: true,
  });
}

/** The server's resident memory in MB, from /proc on Linux, else from `ps`. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // Not Linux: ask ps.
  }
  return Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim()) / 1024;
}

interface Figures {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p99Ms: number;
  readonly total: number;
  readonly injected: number;
  readonly otherErrors: number;
}

async function load(origin: string, route: typeof FAULTED | typeof PLAIN): Promise<Figures> {
  const result = await autocannon({ url: `${origin}${route.path}`, connections: CONNECTIONS, duration: DURATION_S, headers: { accept: "text/html" } });
  const byStatus = Object.entries(result.statusCodeStats ?? {}).map(([status, { count = 0 }]) => [Number(status), count] as const);
  const expected = byStatus.filter(([status]) => status === route.status).reduce((sum, [, count]) => sum + count, 0);
  const wrongStatus = byStatus.filter(([status]) => status !== route.status).reduce((sum, [, count]) => sum + count, 0);
  return {
    name: route.name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    injected: route.status === 500 ? expected : 0,
    otherErrors: result.errors + result.timeouts + wrongStatus,
  };
}

console.log(
  `bench:server — autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route, 127.0.0.1; ` +
    `Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
);
const server = await startServer();
let failed = false;
try {
  await createControlClient(server.origin).addFault({ path: FAULTED.path, status: FAULTED.status });
  // One request each before measuring, so the first render and the fault are not in the baseline.
  for (const route of [FAULTED, PLAIN]) await (await fetch(`${server.origin}${route.path}`)).text();
  const rssBefore = rssMb(server.child.pid as number);
  const faulted = await load(server.origin, FAULTED);
  const rssBetween = rssMb(server.child.pid as number);
  const plain = await load(server.origin, PLAIN);
  const rssAfter = rssMb(server.child.pid as number);
  const results = [faulted, plain];
  const journal = await createControlClient(server.origin).journal();

  console.table(
    results.map((r) => ({
      route: r.name,
      "requests/s": Math.round(r.requestsPerSecond),
      "p99 ms": r.p99Ms,
      requests: r.total,
      "injected 500s": r.injected,
      "other errors": r.otherErrors,
    })),
  );
  const growth = rssAfter - rssBefore;
  console.log(
    `server RSS: ${rssBefore.toFixed(1)} MB before, ${rssBetween.toFixed(1)} MB after the faulted route, ${rssAfter.toFixed(1)} MB after both ` +
      `(${growth >= 0 ? "+" : ""}${growth.toFixed(1)} MB; limit +${MAX_RSS_GROWTH_MB} MB)`,
  );
  console.log(`journal: ${journal.entries.length} entries kept, ${journal.dropped} dropped`);
  const otherErrors = results.reduce((sum, r) => sum + r.otherErrors, 0);
  if (otherErrors > 0) {
    console.error(`bench:server: ${otherErrors} errors other than the injected 500s; there must be none.`);
    failed = true;
  }
  if (growth > MAX_RSS_GROWTH_MB) {
    console.error(`bench:server: the server's memory grew by ${growth.toFixed(1)} MB, more than ${MAX_RSS_GROWTH_MB} MB: something keeps what it should drop.`);
    failed = true;
  }
} finally {
  server.child.kill("SIGTERM");
}
process.exitCode = failed ? 1 : 0;
