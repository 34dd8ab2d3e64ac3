/**
 * Proxy mode forwards WebSocket upgrades (a dev server's hot-reload socket): the handshake reaches the
 * upstream with its headers, the joined sockets carry bytes both ways, a refusal is passed on, and
 * each handshake is journaled as `kind: "websocket"`.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, request } from "node:http";
import { connect, type Socket } from "node:net";
import { WebSocket } from "undici";
import { expect, onTestFinished, test } from "vitest";
import { createApp } from "../createApp.ts";
import { listen } from "../testing/listen.ts";
import { MAX_EARLY_CLIENT_BYTES } from "./forwardUpgrades.ts";
import { serveUpgrades } from "./serveUpgrades.ts";

const WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/** An upstream whose `upgrade` handler is `onUpgrade`; plain requests get a 200. Its upgraded sockets close with it. */
async function startUpstream(onUpgrade: (req: IncomingMessage, socket: Socket) => void) {
  const upstream = await listen((_req, res) => res.end("plain"));
  const upgraded = new Set<Socket>();
  upstream.server.on("upgrade", (req: IncomingMessage, socket: Socket) => {
    upgraded.add(socket);
    onUpgrade(req, socket);
  });
  onTestFinished(() => {
    for (const socket of upgraded) socket.destroy();
    return upstream.close();
  });
  return upstream;
}

/** The mock server in proxy mode, with its upgrades served as main.ts serves them. */
async function startProxy(upstreamOrigin: string) {
  const mock = createApp({ upstream: upstreamOrigin });
  const server = createServer(mock.handler);
  const closeUpgraded = serveUpgrades(server, mock.upgrade);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        closeUpgraded();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  const { port } = server.address() as { port: number };
  return { mock, origin: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}` };
}

/** Sends an upgrade request to `origin`; resolves with the 101's headers and the joined socket, or the refusal. */
function upgrade(origin: string, path: string) {
  return new Promise<{ status: number; headers: IncomingMessage["headers"]; socket?: Socket; body?: string }>((resolve, reject) => {
    const req = request(`${origin}${path}`, { headers: { connection: "Upgrade", upgrade: "echo", "x-custom": "42" } });
    req.on("upgrade", (res, socket) => resolve({ status: res.statusCode ?? 0, headers: res.headers, socket }));
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("an upgrade reaches the upstream with its path and headers, and the joined sockets carry bytes both ways", async () => {
  const seen: IncomingMessage["headers"][] = [];
  const upstream = await startUpstream((req, socket) => {
    seen.push(req.headers);
    socket.write("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: echo\r\nX-Upstream: yes\r\n\r\n");
    socket.on("data", (chunk: Buffer) => socket.write(`echo:${chunk.toString()}`));
  });
  const { mock, origin, host } = await startProxy(upstream.origin);
  const answer = await upgrade(origin, "/hmr?token=abc");
  expect(answer.status).toBe(101);
  expect(answer.headers["x-upstream"]).toBe("yes");
  expect(seen[0]).toMatchObject({ connection: "Upgrade", upgrade: "echo", "x-custom": "42", host, "x-forwarded-host": host });
  expect(seen[0]?.via).toMatch(/^1\.1 pck-mock-server-/);
  const socket = answer.socket as Socket;
  const echoed = new Promise<string>((resolve) => socket.once("data", (chunk: Buffer) => resolve(chunk.toString())));
  socket.write("ping");
  expect(await echoed).toBe("echo:ping");
  socket.destroy();
  expect(mock.journal.list().entries).toEqual([
    expect.objectContaining({ method: "GET", url: "/hmr?token=abc", status: 101, kind: "websocket", outcome: "completed" }),
  ]);
});

test("a WebSocket client gets the upstream's messages through the proxy", async () => {
  const upstream = await startUpstream((req, socket) => {
    const accept = createHash("sha1").update(`${req.headers["sec-websocket-key"]}${WEBSOCKET_GUID}`).digest("base64");
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    // One unmasked text frame (RFC 6455 §5.2): FIN + text opcode, the length, the payload.
    const payload = Buffer.from('{"type":"connected"}');
    socket.write(Buffer.concat([Buffer.from([0x81, payload.length]), payload]));
  });
  const { origin } = await startProxy(upstream.origin);
  const client = new WebSocket(`${origin.replace("http:", "ws:")}/`);
  const message = await new Promise<string>((resolve, reject) => {
    client.addEventListener("message", (event) => resolve(String(event.data)));
    client.addEventListener("error", () => reject(new Error("the WebSocket failed")));
  });
  expect(message).toBe('{"type":"connected"}');
  client.close();
});

test("an upstream's refusal of the upgrade is passed on with its status and body", async () => {
  const upstream = await startUpstream((_req, socket) => {
    socket.end("HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: 9\r\n\r\nbad token");
  });
  const { mock, origin } = await startProxy(upstream.origin);
  const answer = await upgrade(origin, "/hmr");
  expect(answer).toMatchObject({ status: 400, body: "bad token" });
  await expect.poll(() => mock.journal.list().entries[0]).toMatchObject({ status: 400, kind: "websocket" });
});

test("an unreachable upstream is a 502 saying so; the network switch refuses upgrades unanswered", async () => {
  const upstream = await startUpstream(() => {});
  await upstream.close();
  const { mock, origin } = await startProxy(upstream.origin);
  const answer = await upgrade(origin, "/hmr");
  expect(answer.status).toBe(502);
  expect(answer.body).toContain(`Failed to forward the WebSocket upgrade for /hmr to ${upstream.origin}`);
  const response = await fetch(`${origin}/__mock/network`, { method: "PUT", headers: { "content-type": "application/json" }, body: '{"offline":true}' });
  expect(response.status).toBe(200);
  await expect(upgrade(origin, "/hmr")).rejects.toThrow(/ECONNRESET|socket hang up/);
  expect(mock.journal.list().entries.map((entry) => [entry.status, entry.outcome])).toEqual([
    [502, "completed"],
    [null, "offline"],
  ]);
});

test("the control API has no WebSocket: a 404 that says where its live journal is", async () => {
  const upstream = await startUpstream(() => {});
  const { mock, origin } = await startProxy(upstream.origin);
  const answer = await upgrade(origin, "/__mock/journal");
  expect(answer.status).toBe(404);
  expect(answer.body).toContain("GET /__mock/journal/stream");
  expect(mock.journal.list().entries).toEqual([]);
});

test("a handshake the upstream never answers is given up, upstream side too, when the client ends its socket, and journaled as aborted", async () => {
  const waiting = new Set<Socket>();
  const upstream = await startUpstream((_req, socket) => {
    waiting.add(socket);
    // Read, as a WebSocket server reads: the proxy giving up shows as the end of the socket.
    socket.resume();
    socket.on("end", () => socket.destroy());
    socket.on("close", () => waiting.delete(socket));
  });
  const { mock, origin } = await startProxy(upstream.origin);
  const HANDSHAKES = 20;
  const clients: Socket[] = [];
  for (let i = 0; i < HANDSHAKES; i++) {
    const req = request(`${origin}/hmr?n=${i}`, { headers: { connection: "Upgrade", upgrade: "websocket" } });
    req.on("error", () => {});
    req.on("socket", (socket) => clients.push(socket));
    req.end();
  }
  await expect.poll(() => waiting.size).toBe(HANDSHAKES);
  // A normal close: the client's FIN, not a reset.
  for (const socket of clients) socket.end();
  await expect.poll(() => waiting.size).toBe(0);
  await expect.poll(() => mock.journal.list().entries.length).toBe(HANDSHAKES);
  expect(new Set(mock.journal.list().entries.map((entry) => `${entry.kind} ${entry.status} ${entry.outcome}`))).toEqual(new Set(["websocket null aborted"]));
});

test("bytes a client sends while the upstream has not answered reach it after its 101, in order; past MAX_EARLY_CLIENT_BYTES the handshake is given up", async () => {
  const answers: Array<() => void> = [];
  const received: string[] = [];
  const upstream = await startUpstream((_req, socket) => {
    socket.on("data", (chunk: Buffer) => received.push(chunk.toString()));
    answers.push(() => socket.write("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n"));
  });
  const { mock, origin } = await startProxy(upstream.origin);
  const { port } = new URL(origin);
  const client = connect(Number(port), "127.0.0.1");
  onTestFinished(() => void client.destroy());
  client.write("GET /hmr HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n");
  await expect.poll(() => answers.length).toBe(1);
  client.write("early;");
  client.write("later;");
  answers[0]?.();
  await expect.poll(() => received.join("")).toBe("early;later;");

  const flooding = connect(Number(port), "127.0.0.1");
  onTestFinished(() => void flooding.destroy());
  flooding.write("GET /flood HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n");
  await expect.poll(() => answers.length).toBe(2);
  const closed = new Promise((resolve) => flooding.on("close", resolve));
  flooding.on("error", () => {});
  flooding.write(Buffer.alloc(MAX_EARLY_CLIENT_BYTES + 1));
  await closed;
  await expect.poll(() => mock.journal.list().entries.find((entry) => entry.url === "/flood")?.outcome).toBe("aborted");
});
