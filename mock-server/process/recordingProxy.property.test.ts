/**
 * A recording proxy never dies of what a client sends. Generated Host values (malformed ones, odd
 * but valid authorities, huge ones) and oversized headers go through the real entry as a process
 * (`--upstream … --record`), where an uncaught error ends the server; after each request its control
 * API must still answer, and the file it leaves must be a whole HAR whose every entry replays.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { expect, onTestFinished, test } from "vitest";
import { loadHarFile } from "../replay/loadHar.ts";
import { listenForTest } from "../testing/listen.ts";
import { rawRequest } from "../testing/rawExchange.ts";
import { spawnServer } from "../testing/spawnServer.ts";

/** The issue's bar for generated inputs, as in controlApi.property.test.ts. */
const RUNS = 1_000;
/** Two connections per run, to a process: 2–5 s on a quiet 2-core machine; room for a busy one. */
const PROPERTY_TIMEOUT_MS = 120_000;
/** Node's default --max-http-header-size: past it the server answers 431 by itself. */
const NODE_HEADER_LIMIT = 16 * 1024;

/** Characters that end or split an authority, or that no host has. */
const ODD = [" ", "%", "%zz", "/", "?", "#", "@", "[", "]", ":", "<", ">", "\\", "|", "^", "{", "}", '"', "'", "\t", "é", "\u00ff", "\u2028", "😀"];
const malformedHost = fc.oneof(
  fc.constantFrom("a b", "%zz", "x:99999999", "<script>", "127.0.0.1/app/index.html?#", "[::1", "::1", "a@b", ":80", "host:-1", "[zz]:80", "h:8o", ".."),
  fc.array(fc.oneof(fc.constantFrom(...ODD), fc.stringMatching(/^[a-z0-9.-]{0,8}$/)), { minLength: 1, maxLength: 12 }).map((parts) => parts.join("")),
);
const oddAuthority = fc.oneof(
  fc.constantFrom("[::1]:4173", "LOCALHOST", "127.0.0.1:", "a_b.local:0", "%41", "xn--nxasmq6b.example", "0x7f.1", "h:065535", "h:65536", "", "a.b.c.d.e.f.g"),
  fc.tuple(fc.domain(), fc.option(fc.integer({ min: 0, max: 70_000 }))).map(([host, port]) => (port === null ? host : `${host}:${port}`)),
);
const hugeHost = fc.integer({ min: NODE_HEADER_LIMIT - 64, max: NODE_HEADER_LIMIT * 2 }).map((length) => "h".repeat(length));
const host = fc.oneof(malformedHost, oddAuthority, hugeHost);

/** A request line the proxy forwards and records: origin form, absolute form, or `*`. */
const requestLine = fc.constantFrom(
  "GET / HTTP/1.1",
  "GET /app/index.html HTTP/1.1",
  "GET /evil?x=%zz HTTP/1.1",
  "GET http://other.example/abs HTTP/1.1",
  "OPTIONS * HTTP/1.1",
);
/** Extra headers: none, a WebSocket upgrade's (forwarded on another path), one near or past Node's limit, or very many small ones. */
const extraHeaders = fc.oneof(
  fc.constant<string[]>([]),
  fc.constant(["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"]),
  fc.integer({ min: 1_000, max: NODE_HEADER_LIMIT * 2 }).map((length) => [`X-Big: ${"v".repeat(length)}`]),
  fc.integer({ min: 100, max: 2_500 }).map((count) => Array.from({ length: count }, (_, i) => `X-${i}: ${i}`)),
);

const statusOf = (bytes: Buffer): number | null => {
  const match = /^HTTP\/1\.1 (\d{3}) /.exec(bytes.toString("latin1"));
  return match ? Number(match[1]) : null;
};

test(
  `a --record proxy answers ${RUNS} requests with malformed Hosts, odd authorities and huge headers, and its control API answers after each`,
  async () => {
    const upstream = await listenForTest((req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(`answer to ${req.url}`);
    });
    const dir = mkdtempSync(join(tmpdir(), "pck-record-fuzz-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const server = spawnServer(["--upstream", upstream.origin, "--record", join(dir, "out.har"), "--port", "0"]);
    const origin = await server.listening;
    const control = `GET /__mock/config HTTP/1.1\r\nHost: ${new URL(origin).host}\r\nConnection: close\r\n\r\n`;
    await fc.assert(
      fc.asyncProperty(requestLine, host, extraHeaders, async (line, hostValue, extra) => {
        const close = extra.some((header) => header.startsWith("Connection:")) ? [] : ["Connection: close"];
        const sent = await rawRequest(origin, `${[line, `Host: ${hostValue}`, ...close, ...extra].join("\r\n")}\r\n\r\n`);
        // An answer of the upstream, a refusal, or Node's own 400/431: never a 5xx, never silence.
        const status = statusOf(sent.bytes);
        expect(status, sent.bytes.toString("latin1").slice(0, 300)).not.toBeNull();
        expect(status).toBeLessThan(500);
        const after = await rawRequest(origin, control);
        expect({ status: statusOf(after.bytes), exited: server.child.exitCode }).toEqual({ status: 200, exited: null });
      }),
      { numRuns: RUNS },
    );
    const har = loadHarFile(join(dir, "out.har"));
    expect(har.index.total).toBeGreaterThan(0);
    for (const entries of har.index.byRoute.values()) for (const entry of entries) expect(entry.path.startsWith("/")).toBe(true);
  },
  PROPERTY_TIMEOUT_MS,
);
