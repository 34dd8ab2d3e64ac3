/** The network switch: `PUT /__mock/network` takes every request outside the control API offline. */
import { describe, expect } from "vitest";
import { createControlClient } from "../control/controlClient.ts";
import { journalHar } from "../journal/journalHar.ts";
import { rawExchange } from "../testing/rawExchange.ts";
import { test } from "../testing/testServer.ts";

describe("the network switch", () => {
  test("is on at start: GET /__mock/network answers offline false", async ({ server }) => {
    expect(await (await server.control("GET", "/network")).json()).toEqual({ offline: false });
  });

  test("offline, a request outside the control API gets an RST and no byte of a response", async ({ server }) => {
    expect((await server.control("PUT", "/network", { offline: true })).status).toBe(200);
    expect(await rawExchange(server.origin, "/app/pages/1")).toEqual({ bytes: Buffer.alloc(0), end: "ECONNRESET" });
    await expect(server.fetch("/app/")).rejects.toThrow(TypeError);
  });

  test("offline, the refusal is journaled with outcome offline, no status and no fault, before any fault could match", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", status: 500 });
    await server.control("PUT", "/network", { offline: true });
    await rawExchange(server.origin, "/app/pages/1");
    const entry = await server.journalEntry((e) => e.url === "/app/pages/1");
    expect(entry).toMatchObject({ outcome: "offline", status: null, fault: null });
    expect((await server.faults())[0]?.hits, "hits of the 500 fault").toBe(0);
    const har = journalHar([entry], "127.0.0.1", { name: "test", version: "0" });
    expect(har.log.entries[0]).toMatchObject({ _outcome: "offline", response: { status: 0, _error: "no response: the mock server's network was offline" } });
  });

  test("offline, the control API and the panel's route still answer, so the switch can be turned back", async ({ server }) => {
    const client = createControlClient(server.origin);
    await client.setOffline(true);
    expect(await client.readNetwork()).toEqual({ offline: true });
    expect((await client.journal()).entries).toEqual([]);
    expect(await client.setOffline(false)).toEqual({ offline: false });
    expect((await server.fetch("/app/pages/1")).status).toBe(200);
  });

  test("POST /__mock/reset turns it back on", async ({ server }) => {
    await server.control("PUT", "/network", { offline: true });
    expect((await server.control("POST", "/reset")).status).toBe(204);
    expect(server.app.isOffline()).toBe(false);
    expect((await server.fetch("/app/pages/1")).status).toBe(200);
  });

  for (const [body, problem] of [
    [{ offline: "yes" }, "body.offline: must be true or false"],
    [{}, "body.offline: must be true or false"],
    [{ offline: true, extra: 1 }, "body.extra: is not a known field"],
    [[true], 'body: must be an object, e.g. {"offline": true}'],
  ] as const) {
    test(`refuses ${JSON.stringify(body)} with 400 INVALID_NETWORK naming the problem, and stays as it was`, async ({ server }) => {
      await server.control("PUT", "/network", { offline: true });
      const response = await server.control("PUT", "/network", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: "INVALID_NETWORK", message: `Failed to switch the network: ${problem}.` } });
      expect(server.app.isOffline()).toBe(true);
    });
  }

  test("refuses a PUT without a body, and stays as it was", async ({ server }) => {
    const response = await server.control("PUT", "/network");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("BODY_MISSING");
    expect(server.app.isOffline()).toBe(false);
  });
});
