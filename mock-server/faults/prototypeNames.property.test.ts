/**
 * Names that Object.prototype already has (`constructor`, `toString`, `__proto__`…) are names like
 * any other, as a header, a query parameter or a response header: looked up as own properties
 * only. A header condition named `constructor` on `/**` made every app request answer 500, and
 * `__proto__` conditions, response headers and request headers were silently dropped. zod cannot
 * keep a `__proto__` key, so that one is refused with a 400 naming it, and nothing is added.
 */
import { request } from "node:http";
import fc from "fast-check";
import { expect, test } from "vitest";
import { startMock } from "../testing/startMock.ts";

const NAMES = Object.getOwnPropertyNames(Object.prototype);
/** Every name once, plus repeats in other orders: there are few of them. */
const RUNS = NAMES.length * 2;
/** Each run is a handful of requests to one server; generous for a busy 2-core machine. */
const PROPERTY_TIMEOUT_MS = 60_000;

test(
  "a fault conditioned on a header, a query parameter or setting a response header named like Object.prototype's own works, or is refused with a 400 (__proto__)",
  async () => {
    const { origin, mock } = await startMock();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NAMES), async (name) => {
        mock.reset();
        const body = {
          path: "/**",
          headers: { [name]: { pattern: "^yes$" } },
          query: { [name]: { pattern: "^yes$" } },
          responseHeaders: { [name]: "set" },
          status: 503,
        };
        const added = await fetch(`${origin}/__mock/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        if (name === "__proto__") {
          expect(added.status).toBe(400);
          const message = await added.text();
          for (const field of ["headers.__proto__", "query.__proto__", "responseHeaders.__proto__"]) expect(message).toContain(field);
          expect(mock.faults.size).toBe(0);
          return;
        }
        expect(added.status).toBe(201);
        // Without the header and the parameter the fault does not apply; with both it does, and sets its header.
        expect((await fetch(`${origin}/app/`)).status).toBe(200);
        const hit = await fetch(`${origin}/app/?${encodeURIComponent(name)}=yes`, { headers: { [name]: "yes" } });
        expect({ status: hit.status, header: hit.headers.get(name) }).toEqual({ status: 503, header: "set" });
        const entries = mock.journal.list().entries;
        expect(entries.map((entry) => Object.hasOwn(entry.requestHeaders, name.toLowerCase()))).toEqual([false, true]);
      }),
      { numRuns: RUNS },
    );
  },
  PROPERTY_TIMEOUT_MS,
);

test("a request header named __proto__ is journaled like any other", async () => {
  const { origin, mock } = await startMock();
  // Through node:http: fetch's Headers keep no header of that name.
  await new Promise<void>((resolve, reject) => {
    const req = request(`${origin}/app/`, (res) => res.resume().on("end", resolve));
    req.setHeader("__proto__", "sent");
    req.on("error", reject).end();
  });
  await expect.poll(() => mock.journal.list().entries.length).toBe(1);
  expect(Object.getOwnPropertyDescriptor(mock.journal.list().entries[0]?.requestHeaders, "__proto__")?.value).toBe("sent");
});
