import { createHash } from "node:crypto";
import { type IncomingMessage, request, type ServerResponse } from "node:http";
import { expect, test } from "vitest";
import { createApp } from "../createApp.ts";
import { MAX_KEPT_BODY_BYTES } from "../http/keptBody.ts";
import { controlRequest } from "../testing/controlRequest.ts";
import { listenForTest } from "../testing/listen.ts";
import { rawGet } from "../testing/rawGet.ts";

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

type Route = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A tiny upstream app on 127.0.0.1:0 that records what reaches it; `/echo` answers what it got. */
async function startUpstream(routes: Record<string, Route> = {}) {
  const seen: Seen[] = [];
  const upstream = await listenForTest((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const route = routes[new URL(req.url ?? "/", "http://x").pathname];
      if (route) return route(req, res, body);
      res.writeHead(200, { "content-type": "application/json", "x-upstream": "yes" });
      res.end(JSON.stringify({ method: req.method, url: req.url, body }));
    });
  });
  return { ...upstream, seen };
}

async function startProxy(upstreamOrigin: string, options: Parameters<typeof createApp>[0] = {}) {
  const mock = createApp({ upstream: upstreamOrigin, ...options });
  const { origin } = await listenForTest(mock.handler);
  return { mock, origin };
}

test("forwards method, path, query, headers and body, and answers the upstream's status, headers and body", async () => {
  const upstream = await startUpstream({
    "/items": (_req, res, body) => {
      res.writeHead(201, "Made", [
        ["content-type", "text/plain"],
        ["set-cookie", "a=1"],
        ["set-cookie", "b=2"],
      ]);
      res.end(`made ${body}`);
    },
  });
  const { origin } = await startProxy(upstream.origin);
  const response = await fetch(`${origin}/items?x=1&y=%20z`, { method: "POST", headers: { "x-custom": "42", "content-type": "text/plain" }, body: "hello" });
  expect(response.status).toBe(201);
  expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  expect(await response.text()).toBe("made hello");
  expect(upstream.seen).toMatchObject([
    { method: "POST", url: "/items?x=1&y=%20z", body: "hello", headers: { "x-custom": "42", "content-type": "text/plain" } },
  ]);
});

test("passes the Host header through and adds X-Forwarded-*", async () => {
  const upstream = await startUpstream();
  const { origin } = await startProxy(upstream.origin);
  await (await fetch(`${origin}/echo`)).text();
  expect(upstream.seen[0]?.headers).toMatchObject({ host: new URL(origin).host, "x-forwarded-host": new URL(origin).host, "x-forwarded-proto": "http" });
});

test("drops hop-by-hop headers both ways, and those the Connection header names", async () => {
  const upstream = await startUpstream({
    "/hop": (_req, res) => {
      res.writeHead(200, { connection: "x-upstream-hop", "x-upstream-hop": "1", "x-kept": "1", "proxy-authenticate": "Basic" });
      res.end("ok");
    },
  });
  const { origin } = await startProxy(upstream.origin);
  // fetch refuses to send a Connection header, so this one goes out through node:http.
  const answer = await rawGet(origin, "/hop", { connection: "x-client-hop", "x-client-hop": "1", te: "trailers", "proxy-authorization": "Basic x" });
  const sent = upstream.seen[0]?.headers ?? {};
  expect([sent["x-client-hop"], sent.te, sent["proxy-authorization"]]).toEqual([undefined, undefined, undefined]);
  expect([answer.headers["x-upstream-hop"], answer.headers["proxy-authenticate"]]).toEqual([undefined, undefined]);
  expect(answer.headers["x-kept"]).toBe("1");
});

test("streams the upstream's body: the first chunk arrives before the upstream has finished", async () => {
  let finish: () => void = () => {};
  const upstream = await startUpstream({
    "/stream": (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("first;");
      finish = () => res.end("last");
    },
  });
  const { origin } = await startProxy(upstream.origin);
  const response = await fetch(`${origin}/stream`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const first = await reader.read();
  expect(new TextDecoder().decode(first.value)).toBe("first;");
  finish();
  let rest = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
  expect(rest).toBe("last");
});

test("streams a large request body to the upstream unchanged", async () => {
  const upstream = await startUpstream({
    "/hash": (_req, res, body) => {
      res.end(createHash("sha256").update(body).digest("hex"));
    },
  });
  const { origin } = await startProxy(upstream.origin);
  const body = "0123456789abcdef".repeat(128 * 1024);
  const response = await fetch(`${origin}/hash`, { method: "PUT", body });
  expect(await response.text()).toBe(createHash("sha256").update(body).digest("hex"));
});

test("passes redirects through without following them", async () => {
  const upstream = await startUpstream({
    "/old": (_req, res) => {
      res.writeHead(302, { location: "/new" });
      res.end();
    },
  });
  const { origin } = await startProxy(upstream.origin);
  const response = await fetch(`${origin}/old`, { redirect: "manual" });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/new");
  expect(upstream.seen.map((seen) => seen.url)).toEqual(["/old"]);
});

test("forwards the shell's own paths too: no shell routes in proxy mode", async () => {
  const upstream = await startUpstream();
  const { origin } = await startProxy(upstream.origin);
  for (const path of ["/app/", "/app/sw.js", "/app/assets/x.js"]) await (await fetch(`${origin}${path}`)).text();
  expect(upstream.seen.map((seen) => seen.url)).toEqual(["/app/", "/app/sw.js", "/app/assets/x.js"]);
});

test("answers the control API itself, never forwarding it", async () => {
  const upstream = await startUpstream();
  const { origin } = await startProxy(upstream.origin);
  expect((await controlRequest(origin, "GET", "/faults")).body).toEqual({ faults: [] });
  expect(upstream.seen).toEqual([]);
});

test("journals every proxied request with its status", async () => {
  const upstream = await startUpstream();
  const { origin, mock } = await startProxy(upstream.origin);
  await (await fetch(`${origin}/echo?a=1`, { method: "DELETE" })).text();
  expect(mock.journal.list().entries).toMatchObject([{ method: "DELETE", url: "/echo?a=1", status: 200, outcome: "completed", fault: null }]);
});

test("tells the worker's requests by the default worker path, the base path's sw.js", async () => {
  const upstream = await startUpstream();
  const { origin, mock } = await startProxy(upstream.origin, { basePath: "/shop" });
  await (await fetch(`${origin}/shop/page`, { headers: { referer: `${origin}/shop/sw.js?v=1` } })).text();
  await (await fetch(`${origin}/shop/page`, { headers: { referer: `${origin}/shop/` } })).text();
  expect(mock.journal.list().entries.map((entry) => entry.fromWorker)).toEqual([true, false]);
});

test("tells the worker's requests by a configured worker path", async () => {
  const upstream = await startUpstream();
  const { origin, mock } = await startProxy(upstream.origin, { workerPath: "/service-worker.js" });
  await (await fetch(`${origin}/page`, { headers: { referer: `${origin}/service-worker.js` } })).text();
  expect(mock.journal.list().entries[0]?.fromWorker).toBe(true);
});

test("a status fault answers a generic HTML page without asking the upstream", async () => {
  const upstream = await startUpstream();
  const { origin, mock } = await startProxy(upstream.origin);
  const fault = mock.faults.add({ path: "/account", status: 403, representation: "any" });
  const response = await fetch(`${origin}/account`, { headers: { accept: "text/html" } });
  expect(response.status).toBe(403);
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  expect(await response.text()).toContain(
    `<h1>Forbidden</h1><p>You do not have permission to see this page.</p><p><small>Answered by the mock server in front of the app (fault ${fault.id}).`,
  );
  expect(upstream.seen).toEqual([]);
});

test("a 500 fault on a data request answers JSON with the digest the journal has", async () => {
  const upstream = await startUpstream();
  const { origin, mock } = await startProxy(upstream.origin);
  mock.faults.add({ path: "/api/**", status: 500, representation: "any" });
  const response = await fetch(`${origin}/api/cart`, { headers: { accept: "application/json" } });
  const body = await response.json();
  const [entry] = mock.journal.list().entries;
  expect(response.status).toBe(500);
  expect(body).toEqual({ error: { status: 500, digest: entry?.digest } });
  expect(entry?.digest).toMatch(/\S/);
});

test("a drop fault cuts the connection before the upstream sees the request", async () => {
  const upstream = await startUpstream();
  const { origin, mock } = await startProxy(upstream.origin);
  mock.faults.add({ path: "/echo", drop: true, representation: "any" });
  await expect(fetch(`${origin}/echo`)).rejects.toThrow();
  await expect.poll(() => mock.journal.list().entries[0]?.outcome).toBe("dropped");
  expect(upstream.seen).toEqual([]);
});

test("a latency fault holds the request, then forwards it", async () => {
  const upstream = await startUpstream();
  const { origin, mock } = await startProxy(upstream.origin);
  mock.faults.add({ path: "/echo", delayMs: 50, representation: "any" });
  expect((await fetch(`${origin}/echo`)).status).toBe(200);
  expect(mock.journal.list().entries[0]?.durationMs).toBeGreaterThanOrEqual(50);
  expect(upstream.seen).toHaveLength(1);
});

test("an unreachable upstream gets a 502 naming it, journaled", async () => {
  // Port 1, where nothing listens: a port freed by a closed server could be taken by another
  // process's server meanwhile (seen: a 404 from one, on a machine running a browser suite beside).
  const closed = { origin: "http://127.0.0.1:1" };
  const { origin, mock } = await startProxy(closed.origin);
  const response = await fetch(`${origin}/page`);
  expect(response.status).toBe(502);
  expect(((await response.json()) as { error: unknown }).error).toEqual({
    code: "UPSTREAM_UNREACHABLE",
    message: `Failed to reach the upstream app at ${closed.origin} for GET /page: nothing listens there (ECONNREFUSED). Start the app, or point --upstream at where it listens.`,
  });
  expect(mock.journal.list().entries).toMatchObject([{ url: "/page", status: 502 }]);
});

test("a client that goes away stops the upstream request", async () => {
  let upstreamClosed: () => void = () => {};
  const closedAtUpstream = new Promise<void>((resolve) => {
    upstreamClosed = resolve;
  });
  const upstream = await startUpstream({
    "/slow": (_req, res) => {
      res.on("close", upstreamClosed);
    },
  });
  const { origin } = await startProxy(upstream.origin);
  const controller = new AbortController();
  const pending = fetch(`${origin}/slow`, { signal: controller.signal }).catch(() => "aborted");
  await expect.poll(() => upstream.seen.length).toBe(1);
  controller.abort();
  expect(await pending).toBe("aborted");
  await closedAtUpstream;
});

test("refuses a worker path that is not a URL path", () => {
  expect(() => createApp({ upstream: "http://127.0.0.1:1", workerPath: "sw.js" })).toThrow(
    "Failed to use worker path 'sw.js': it must start with '/'. Give the script's path, e.g. /app/sw.js.",
  );
});

test("needs no build in proxy mode", () => {
  expect(() => createApp({ upstream: "http://127.0.0.1:1", distDir: "/nonexistent" })).not.toThrow();
});

test("a request that comes back to this server answers 508 at once, instead of going round", async () => {
  let handler: ReturnType<typeof createApp>["handler"] | undefined;
  const { origin } = await listenForTest((req, res) => handler?.(req, res));
  const mock = createApp({ upstream: origin });
  handler = mock.handler;
  const response = await fetch(`${origin}/page`);
  expect(response.status).toBe(508);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe("UPSTREAM_LOOP");
  // The client's request and the one that came back: no further hops.
  expect(mock.journal.list().entries.map((entry) => entry.status)).toEqual([508, 508]);
});

test("adds itself to Via after the hops the request already took", async () => {
  const upstream = await startUpstream();
  const { origin } = await startProxy(upstream.origin);
  await fetch(`${origin}/page`, { headers: { via: "1.1 corporate-proxy" } });
  expect(upstream.seen[0]?.headers.via).toMatch(/^1\.1 corporate-proxy, 1\.1 pck-mock-server-[0-9a-f]{12}$/);
});

test("forwards an absolute-form request target as its path and query", async () => {
  const upstream = await startUpstream();
  const { origin } = await startProxy(upstream.origin);
  const answer = await rawGet(origin, "http://other.example/page?q=1");
  expect(answer.status).toBe(200);
  expect(upstream.seen.map((seen) => seen.url)).toEqual(["/page?q=1"]);
});

test("an upstream that stays silent past the timeout gets a 504 naming it, journaled", async () => {
  const upstream = await startUpstream({ "/never": () => {} });
  const { origin, mock } = await startProxy(upstream.origin, { upstreamTimeoutMs: 50 });
  const response = await fetch(`${origin}/never`);
  expect(response.status).toBe(504);
  expect(((await response.json()) as { error: { code: string; message: string } }).error).toEqual({
    code: "UPSTREAM_TIMEOUT",
    message: `Failed to get an answer from the upstream app at ${upstream.origin} for GET /never: it sent nothing for 50 ms. Check that the app answers; to test a server that never does, add a hang fault.`,
  });
  expect(mock.journal.list().entries).toMatchObject([{ url: "/never", status: 504 }]);
});

/** An upstream that answers the first request of each connection and drops any later one unanswered, as one closing an idle keep-alive connection does. */
async function startClosingUpstream() {
  let requests = 0;
  const upstream = await listenForTest((req, res) => {
    requests += 1;
    const socket = req.socket as typeof req.socket & { served?: boolean };
    if (socket.served) {
      socket.destroy();
      return;
    }
    socket.served = true;
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("ok");
  });
  return { ...upstream, requests: () => requests };
}

test("sends a GET again on a new connection when the upstream dropped the kept-alive one it went out on", async () => {
  const upstream = await startClosingUpstream();
  const { origin } = await startProxy(upstream.origin);
  expect((await fetch(`${origin}/first`)).status).toBe(200);
  const second = await fetch(`${origin}/second`);
  expect(second.status).toBe(200);
  expect(await second.text()).toBe("ok");
  expect(upstream.requests()).toBe(3);
});

test("does not send a request with a body again when the kept-alive connection drops: 502", async () => {
  const upstream = await startClosingUpstream();
  const { origin } = await startProxy(upstream.origin);
  expect((await fetch(`${origin}/first`)).status).toBe(200);
  const post = await fetch(`${origin}/second`, { method: "POST", body: "once" });
  expect(post.status).toBe(502);
  expect(await post.text()).toContain("closed the connection without an answer");
  expect(upstream.requests()).toBe(2);
});

test("sends a request's body on whole, a short one read before matching and a long one streamed from its start", async () => {
  const upstream = await startUpstream();
  const { origin } = await startProxy(upstream.origin);
  const short = '{"op":"add"}';
  const long = "z".repeat(MAX_KEPT_BODY_BYTES * 3 + 7);
  for (const body of [short, long]) {
    const response = await fetch(`${origin}/outbox`, { method: "POST", headers: { "content-type": "text/plain" }, body });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
  expect(upstream.seen.map((seen) => seen.body.length)).toEqual([short.length, long.length]);
  expect(upstream.seen[1]?.body).toBe(long);
});

test("a body fault applies to a proxied POST and the upstream never sees it", async () => {
  const upstream = await startUpstream();
  const { origin, mock } = await startProxy(upstream.origin);
  mock.faults.add({ path: "/outbox", representation: "any", body: { json: { path: "$.op", equals: "add" } }, status: 503 });
  const failed = await fetch(`${origin}/outbox`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"op":"add"}' });
  const passed = await fetch(`${origin}/outbox`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"op":"remove"}' });
  expect([failed.status, passed.status]).toEqual([503, 200]);
  expect(upstream.seen.map((seen) => seen.body)).toEqual(['{"op":"remove"}']);
});

test("a body sent with Expect: 100-continue (curl's way past 1 kB) reaches the upstream whole", async () => {
  const upstream = await startUpstream();
  const { origin } = await startProxy(upstream.origin);
  const body = "x".repeat(2048);
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(`${origin}/echo`, { method: "POST", headers: { expect: "100-continue", "content-type": "text/plain", "content-length": body.length } });
    req.on("continue", () => req.end(body));
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
  });
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.text).body).toBe(body);
  expect(upstream.seen.at(-1)?.headers.expect).toBeUndefined();
});
