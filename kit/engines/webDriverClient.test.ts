import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, onTestFinished, test } from "vitest";
import { type DriverProcess, WebDriverClient, WebDriverError, WebDriverGone } from "./webDriverClient.ts";

/** A stand-in WebKitWebDriver: answers each command as `answer` says, recording what it was sent. */
async function fakeDriver(
  answer: (method: string, path: string, body: unknown) => { status: number; value: unknown; raw?: string } | "close",
  driver?: DriverProcess,
) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let received = "";
    req.on("data", (chunk) => {
      received += chunk;
    });
    req.on("end", () => {
      const body = received ? JSON.parse(received) : undefined;
      sent.push({ method: req.method ?? "", path: req.url ?? "", body });
      const answered = answer(req.method ?? "", req.url ?? "", body);
      if (answered === "close") return req.socket.destroy();
      const { status, value, raw } = answered;
      res.writeHead(status, { "content-type": "application/json" }).end(raw ?? JSON.stringify({ value }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { client: new WebDriverClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, driver), sent };
}

test("ready() resolves once /status says ready", async () => {
  let calls = 0;
  const { client } = await fakeDriver(() => ({ status: 200, value: { ready: ++calls >= 3 } }));
  await client.ready(5_000);
  expect(calls).toBe(3);
});

test("ready() rejects after its timeout, naming the driver", async () => {
  const { client } = await fakeDriver(() => ({ status: 200, value: { ready: false } }));
  await expect(client.ready(200)).rejects.toThrow("WebKitWebDriver did not answer /status within 200 ms");
});

test("ready() rejects at once when the driver's process has ended", async () => {
  const { client } = await fakeDriver(() => ({ status: 200, value: { ready: false } }), {
    exited: () => "code 1",
    ended: Promise.resolve("code 1"),
    output: () => "",
  });
  await expect(client.ready(20_000)).rejects.toThrow("WebKitWebDriver exited with code 1 before it answered /status.");
});

test("a driver error is a WebDriverError carrying the driver's error and message", async () => {
  const { client } = await fakeDriver(() => ({ status: 404, value: { error: "invalid session id", message: "no such session" } }));
  const failed = client.command("POST", "/session/x/url", { url: "http://127.0.0.1/" });
  await expect(failed).rejects.toBeInstanceOf(WebDriverError);
  await expect(failed).rejects.toThrow("WebKitWebDriver POST /session/x/url: invalid session id: no such session");
});

test("an answer that is not WebDriver's JSON is a WebDriverError naming the status and quoting the body", async () => {
  const { client } = await fakeDriver(() => ({ status: 502, value: null, raw: "<html>Bad gateway</html>" }));
  await expect(client.command("GET", "/status")).rejects.toThrow(
    "WebKitWebDriver GET /status: HTTP 502 with a body that is not WebDriver's JSON: <html>Bad gateway</html>",
  );
});

test("evaluate() sends the expression as an async script and returns its value", async () => {
  const { client, sent } = await fakeDriver(() => ({ status: 200, value: { value: 42 } }));
  expect(await client.evaluate("s1", "(() => 42)()")).toBe(42);
  expect(sent[0]?.path).toBe("/session/s1/execute/async");
  expect((sent[0]?.body as { script?: string } | undefined)?.script).toContain("Promise.resolve().then(() => (() => 42)())");
});

test("a rejection in the page is an error with the page's message, not a driver timeout", async () => {
  const { client } = await fakeDriver(() => ({ status: 200, value: { error: "TypeError: boom" } }));
  await expect(client.evaluate("s1", "x")).rejects.toThrow("in the page: TypeError: boom");
});

test("a connection the driver closes as its process ends is WebDriverGone, naming the exit and the driver's last output", async () => {
  let ended: string | undefined;
  let exit: (how: string) => void = () => undefined;
  const { client } = await fakeDriver(
    () => {
      // The exit is heard a moment after the socket closes, as with a real crash.
      setTimeout(() => {
        ended = "signal SIGSEGV";
        exit(ended);
      }, 100);
      return "close";
    },
    {
      exited: () => ended,
      ended: new Promise((resolve) => {
        exit = resolve;
      }),
      output: () => "Segmentation fault\n",
    },
  );
  const failed = client.command("DELETE", "/session/s1");
  await expect(failed).rejects.toBeInstanceOf(WebDriverGone);
  await expect(failed).rejects.toThrow(
    /^WebKitWebDriver exited with signal SIGSEGV during DELETE \/session\/s1 \(.+\): a crash of the driver, not of the page; every session it ran is gone\. Its last output: Segmentation fault$/,
  );
});

test("a connection that fails while the driver runs says so, and is not WebDriverGone", async () => {
  const { client } = await fakeDriver(() => "close");
  const failed = client.command("POST", "/session/s1/url", { url: "http://127.0.0.1/" });
  await expect(failed).rejects.toThrow(/^WebKitWebDriver POST \/session\/s1\/url: no answer \(.+\), though the driver is still running\.$/);
  await expect(failed).rejects.not.toBeInstanceOf(WebDriverGone);
});
