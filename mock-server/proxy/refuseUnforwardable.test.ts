import { expect, test } from "vitest";
import { createApp } from "../createApp.ts";
import { listenForTest } from "../testing/listen.ts";
import { rawRequest } from "../testing/rawExchange.ts";

async function startProxy() {
  const seen: string[] = [];
  const upstream = await listenForTest((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.host}`);
    res.end("upstream");
  });
  const mock = createApp({ upstream: upstream.origin });
  const { origin } = await listenForTest(mock.handler);
  return { mock, origin, seen };
}

function send(origin: string, line: string, hosts: readonly string[]) {
  return rawRequest(origin, `${[line, ...hosts.map((host) => `Host: ${host}`), "Connection: close"].join("\r\n")}\r\n\r\n`).then(({ bytes }) => {
    const text = bytes.toString("utf8");
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body: text.slice(text.indexOf("\r\n\r\n") + 4) };
  });
}

test("a Host that names no host gets a 400 saying so, and reaches neither a fault nor the upstream", async () => {
  const { mock, origin, seen } = await startProxy();
  mock.faults.add({ path: "/**", status: 503, times: 1, representation: "any" });
  for (const host of ["a b", "%zz", "x:99999999", "<script>", "127.0.0.1/app/index.html?#", "a@b", ""]) {
    const { status, body } = await send(origin, "GET /evil HTTP/1.1", [host]);
    expect({ host, status }).toEqual({ host, status: 400 });
    expect(JSON.parse(body)).toEqual({
      error: {
        code: "BAD_HOST",
        message: `Failed to forward GET /evil to the upstream app: its Host header ${JSON.stringify(host)} is not a host name or address with an optional port (RFC 9112 §3.2). Send what a browser would: a path, and the host and port in Host, e.g. 'Host: 127.0.0.1:4173'.`,
      },
    });
  }
  expect(seen).toEqual([]);
  // The fault's one use is still there, and the journal has each refusal.
  expect((await send(origin, "GET /evil HTTP/1.1", ["127.0.0.1"])).status).toBe(503);
  expect(mock.journal.list().entries.map((entry) => entry.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 503]);
});

test("two Host headers, or a target that is no path (OPTIONS *), get a 400 instead of reaching the upstream", async () => {
  const { origin, seen } = await startProxy();
  const twice = await send(origin, "GET /x HTTP/1.1", ["127.0.0.1", "other.example"]);
  expect(twice.status).toBe(400);
  expect(JSON.parse(twice.body).error.code).toBe("BAD_HOST");
  expect(JSON.parse(twice.body).error.message).toMatch(/^Failed to forward GET \/x to the upstream app: it has 2 Host headers, and a request names one host/);
  const star = await send(origin, "OPTIONS * HTTP/1.1", ["127.0.0.1"]);
  expect(star.status).toBe(400);
  expect(JSON.parse(star.body).error.code).toBe("BAD_TARGET");
  expect(JSON.parse(star.body).error.message).toMatch(
    /^Failed to forward OPTIONS \* to the upstream app: its target is not a path, and the proxy forwards requests for the app's paths/,
  );
  expect(seen).toEqual([]);
});

test("odd but whole authorities go through as sent", async () => {
  const { origin, seen } = await startProxy();
  const hosts = ["[::1]:4173", "LOCALHOST", "a_b.local:0", "127.0.0.1:", "%41.example", "xn--nxasmq6b.example:65535"];
  for (const host of hosts) expect((await send(origin, "GET /ok HTTP/1.1", [host])).status).toBe(200);
  expect(seen).toEqual(hosts.map((host) => `GET /ok ${host}`));
});
