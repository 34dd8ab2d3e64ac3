/** One autocannon load of one route, shared by the throughput benchmarks. */
import autocannon from "autocannon";

export interface Route {
  readonly name: string;
  readonly path: string;
  readonly accept: string;
  readonly status: number;
}

export interface Measurement {
  readonly requestsPerSecond: number;
  /** Body bytes per second. */
  readonly bytesPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly requests: number;
}

/** Loads `origin + route.path` for `seconds` with `connections` and fails if any answer is not the route's status. */
export async function loadRoute(origin: string, route: Route, seconds: number, connections: number): Promise<Measurement> {
  const result = await autocannon({ url: `${origin}${route.path}`, connections, duration: seconds, headers: { accept: route.accept } });
  const wrong = result.errors + result.timeouts + (route.status === 200 ? result.non2xx : result["2xx"]);
  if (wrong > 0 || result.requests.total === 0) {
    throw new Error(`Failed to measure ${route.name} on ${origin}: ${wrong} errors, timeouts or wrong statuses out of ${result.requests.total} requests.`);
  }
  return {
    requestsPerSecond: result.requests.average,
    bytesPerSecond: result.throughput.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}
