/** throwOnLoad: a script request answered with a script that throws, on the reference app and through the proxy. */
import { runInNewContext } from "node:vm";
import { describe, expect, test as plain } from "vitest";
import { createApp } from "../createApp.ts";
import { listenForTest } from "../testing/listen.ts";
import { test } from "../testing/testServer.ts";
import { INJECTED_EXCEPTION_MESSAGE, THROWING_SCRIPT } from "./throwOnLoad.ts";

const SCRIPT_REQUEST = { headers: { "sec-fetch-dest": "script" } };

describe("throwOnLoad", () => {
  plain("the script it answers throws the injected exception when run", () => {
    expect(() => runInNewContext(THROWING_SCRIPT)).toThrow(INJECTED_EXCEPTION_MESSAGE);
  });

  test("answers a matching script request 200 with the throwing script, as JavaScript the browser must not keep", async ({ server }) => {
    const fault = await server.addFault({ path: "/app/assets/**", throwOnLoad: true });
    const response = await server.fetch("/app/assets/main.js", SCRIPT_REQUEST);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe(THROWING_SCRIPT);
    expect(await server.journalEntry((e) => e.url === "/app/assets/main.js")).toMatchObject({ fault: fault.id, outcome: "completed", status: 200 });
  });

  test("with Sec-Fetch-Dest: script as a header condition and times 1, takes only the first script request", async ({ server }) => {
    await server.addFault({ path: "/**", headers: { "sec-fetch-dest": "script" }, throwOnLoad: true, times: 1 });
    expect(await (await server.fetch("/app/", { headers: { "sec-fetch-dest": "document" } })).text()).not.toBe(THROWING_SCRIPT);
    expect(await (await server.fetch("/app/assets/first.js", SCRIPT_REQUEST)).text()).toBe(THROWING_SCRIPT);
    expect(await (await server.fetch("/app/assets/second.js", SCRIPT_REQUEST)).text()).not.toBe(THROWING_SCRIPT);
  });

  test("refuses throwOnLoad beside another ending, naming both", async ({ server }) => {
    const response = await server.control("POST", "/faults", { path: "/app/**", throwOnLoad: true, status: 500 });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain("got status and throwOnLoad");
  });

  plain("applies in proxy mode: the upstream's script never reaches the browser", async () => {
    let asked = 0;
    const upstream = await listenForTest((_req, res) => {
      asked++;
      res.writeHead(200, { "content-type": "text/javascript", "cache-control": "public, max-age=31536000, immutable" });
      res.end("console.log('the app');");
    });
    const mock = createApp({ upstream: upstream.origin });
    const { origin } = await listenForTest(mock.handler);
    mock.faults.add({ path: "/_next/static/**", throwOnLoad: true, representation: "any" });
    const response = await fetch(`${origin}/_next/static/chunks/webpack.js`, SCRIPT_REQUEST);
    expect({ status: response.status, cacheControl: response.headers.get("cache-control"), body: await response.text() }).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: THROWING_SCRIPT,
    });
    expect(asked, "requests that reached the upstream").toBe(0);
  });
});
