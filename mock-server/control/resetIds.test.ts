/**
 * `POST /__mock/reset` counts fault ids from f1 again, and a request in flight
 * across the reset cannot be mistaken for one of the new f1's: it belonged to the journal the reset
 * emptied, so it is not journaled when it ends. (Reusing ids alone was reverted in a635797: a hang
 * that ended after the reset was journaled under the old f1, and specs matched it as the new one's.)
 */
import { describe, expect, vi } from "vitest";
import { captureLogs, type TestServer, test } from "../testing/testServer.ts";

async function countFor(server: TestServer, fault: string): Promise<number> {
  return ((await (await server.control("GET", `/journal/count?fault=${fault}`)).json()) as { count: number }).count;
}

describe("reset and fault ids", () => {
  test("POST /reset counts fault ids from f1 again, so DELETE /faults/f1 removes the first fault added after it", async ({ server }) => {
    await server.addFault({ path: "/app/pages/1", status: 404 });
    await server.addFault({ path: "/app/pages/2", status: 404 });
    await server.control("POST", "/reset");
    expect((await server.addFault({ path: "/app/pages/3", status: 404 })).id).toBe("f1");
    expect((await server.control("DELETE", "/faults/f1")).status).toBe(204);
    expect(await server.faults()).toEqual([]);
  });

  test("a scenario's faults are f1… again after each reset", async ({ serve }) => {
    const server = await serve({
      scenario: {
        name: "two",
        config: {},
        deploys: {},
        faults: [
          { path: "/app/a", status: 404, representation: "any" },
          { path: "/app/b", status: 403, representation: "any" },
        ],
      },
    });
    await server.addFault({ path: "/app/c", status: 401 });
    await server.control("POST", "/reset");
    expect((await server.faults()).map((fault) => fault.id)).toEqual(["f1", "f2"]);
  });

  test("a request in flight across a reset is not journaled under the new f1 when it ends", async ({ serve }) => {
    const logs = captureLogs();
    const server = await serve({ logger: logs.logger });
    const old = await server.addFault({ path: "/app/pages/1", hang: true });
    const client = new AbortController();
    const hanging = server.fetch("/app/pages/1", { signal: client.signal }).catch(() => "aborted");
    // The fault's hit is the server's own signal that it holds the request.
    await expect.poll(async () => (await server.faults())[0]?.hits).toBe(1);
    await server.control("POST", "/reset");
    const fresh = await server.addFault({ path: "/app/pages/2", status: 404 });
    expect(fresh.id).toBe(old.id);
    client.abort();
    expect(await hanging).toBe("aborted");
    // The log line is written when the server has handled the end of the old request.
    await vi.waitFor(() => expect(logs.lines().some((line) => line.msg === "request" && line.url === "/app/pages/1")).toBe(true));
    expect(logs.lines().find((line) => line.url === "/app/pages/1")).toMatchObject({ outcome: "aborted", journaled: false });
    expect(await countFor(server, fresh.id)).toBe(0);
    expect(server.app.journal.list().entries).toEqual([]);
    await (await server.fetch("/app/pages/2")).arrayBuffer();
    await server.journalEntry((entry) => entry.url === "/app/pages/2");
    expect(await countFor(server, fresh.id)).toBe(1);
  });
});
