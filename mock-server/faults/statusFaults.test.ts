/**
 * The failures real networks have beyond the app's fallback statuses: any status from 200 to 599
 * framed as its code demands, redirects (a login page), a captive portal's soft 200, quotas (429
 * with Retry-After) and outage windows.
 */
import { expect } from "vitest";
import { type InvalidFault, refusesInvalidFaults } from "../testing/refusesInvalidFaults.ts";
import { test } from "../testing/testServer.ts";
import { FaultStore } from "./FaultStore.ts";
import { FaultInput } from "./faultSchema.ts";
import { PORTAL_TITLE } from "./portal.ts";

const DATA = { accept: "application/json" };

async function answer(response: Response) {
  const body = await response.text();
  return { status: response.status, type: response.headers.get("content-type"), retryAfter: response.headers.get("retry-after"), body };
}

test("a 429 says when to retry and names its status on a plain page, or in the data body", async ({ server }) => {
  await server.addFault({ path: "/app/pages/1", status: 429 });
  const page = await answer(await server.fetch("/app/pages/1"));
  expect(page).toMatchObject({ status: 429, retryAfter: "1" });
  expect(page.body).toContain("<h1>429 Too Many Requests</h1>");
  expect(await answer(await server.fetch("/app/pages/1", { headers: DATA }))).toMatchObject({ status: 429, body: '{"error":{"status":429}}' });
});

test("204 and 304 go out with no body, even for a page", async ({ server }) => {
  await server.addFault({ path: "/app/pages/1", status: 204 });
  await server.addFault({ path: "/app/pages/2", status: 304 });
  expect(await answer(await server.fetch("/app/pages/1"))).toMatchObject({ status: 204, body: "" });
  expect(await answer(await server.fetch("/app/pages/2"))).toMatchObject({ status: 304, body: "" });
});

test("a 3xx status goes out with the Location its responseHeaders give", async ({ server }) => {
  await server.addFault({ path: "/app/pages/1", status: 303, responseHeaders: { Location: "/app/pages/2" } });
  const response = await server.fetch("/app/pages/1", { redirect: "manual" });
  await response.arrayBuffer();
  expect({ status: response.status, location: response.headers.get("location") }).toEqual({ status: 303, location: "/app/pages/2" });
});

test("a redirect fault sends the browser to its target with 302 unless it names another status", async ({ server }) => {
  await server.addFault({ path: "/app/pages/1", redirect: { to: "/login?next=%2Fapp%2F" } });
  await server.addFault({ path: "/app/pages/2", redirect: { to: "https://portal.example/", status: 307 } });
  const first = await server.fetch("/app/pages/1", { redirect: "manual" });
  const second = await server.fetch("/app/pages/2", { redirect: "manual" });
  await Promise.all([first.arrayBuffer(), second.arrayBuffer()]);
  expect([first.status, first.headers.get("location"), second.status, second.headers.get("location")]).toEqual([
    302,
    "/login?next=%2Fapp%2F",
    307,
    "https://portal.example/",
  ]);
});

test("a portal answers every matching URL, data and scripts too, with its sign-in page as 200 text/html", async ({ server }) => {
  await server.addFault({ path: "/app/**", portal: true });
  for (const [path, headers] of [
    ["/app/pages/1", {}],
    ["/app/pages/1", DATA],
    ["/app/assets/main.js", {}],
  ] as const) {
    const got = await answer(await server.fetch(path, { headers }));
    expect(got, path).toMatchObject({ status: 200, type: "text/html; charset=utf-8" });
    expect(got.body).toContain(PORTAL_TITLE);
  }
});

test("a quota lets its limit through per window, then answers 429 with the seconds left in the window", async ({ server }) => {
  await server.addFault({ path: "/app/pages/1", quota: { limit: 2, windowMs: 60_000 } });
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push(await answer(await server.fetch("/app/pages/1")));
  expect(statuses.map((got) => got.status)).toEqual([200, 200, 429]);
  expect(Number(statuses[2]?.retryAfter)).toBeGreaterThanOrEqual(59);
  expect(Number(statuses[2]?.retryAfter)).toBeLessThanOrEqual(60);
  const journal = (await (await server.control("GET", "/journal")).json()) as { entries: { faultApplied?: boolean }[] };
  expect(journal.entries.map((entry) => entry.faultApplied)).toEqual([false, false, true]);
});

const spec = (input: FaultInput) => FaultInput.parse(input);

test("a quota's window starts again once it has ended", () => {
  let now = 1_000;
  const store = new FaultStore(() => now);
  store.add(spec({ path: "/x", quota: { limit: 1, windowMs: 10_000 } }));
  const request = { method: "GET", path: "/x", representation: "document" as const };
  const applied = () => store.take(request)?.applied;
  expect([applied(), applied()]).toEqual([false, true]);
  expect(store.take(request)?.quotaResetInMs).toBe(10_000);
  now += 10_000;
  expect([applied(), applied()]).toEqual([false, true]);
});

test("an outage acts only inside its window, counted from when the fault was added", () => {
  let now = 0;
  const store = new FaultStore(() => now);
  store.add(spec({ path: "/x", status: 503, outage: { afterMs: 5_000, forMs: 10_000 } }));
  const request = { method: "GET", path: "/x", representation: "document" as const };
  const at = (ms: number) => {
    now = ms;
    return store.take(request)?.applied;
  };
  expect([at(4_999), at(5_000), at(14_999), at(15_000)]).toEqual([false, true, true, false]);
  expect(store.list()[0]?.hits, "only the requests it shaped count").toBe(2);
});

const INVALID_FAULTS: readonly InvalidFault[] = [
  {
    what: "a redirect to another site without a scheme",
    body: { path: "/x", redirect: { to: "//evil.example/" } },
    rule: 'body.redirect.to: must start with "/" (a path here) or http:// or https://',
  },
  {
    what: "a redirect to another site through a backslash, which browsers read as a slash",
    body: { path: "/x", redirect: { to: "/\\evil.example/" } },
    rule: 'body.redirect.to: must be a path on this server, and a browser reads "\\" as "/": "/\\evil.example/" leads to http://evil.example/',
  },
  {
    what: "a redirect to another site through a backslash and a slash",
    body: { path: "/x", redirect: { to: "/\\/evil.example" } },
    rule: 'body.redirect.to: must be a path on this server, and a browser reads "\\" as "/": "/\\/evil.example" leads to http://evil.example/',
  },
  {
    what: "a redirect to a javascript: URL",
    body: { path: "/x", redirect: { to: "javascript:alert(1)" } },
    rule: 'body.redirect.to: must start with "/" (a path here) or http:// or https://',
  },
  {
    what: "a redirect with a space",
    body: { path: "/x", redirect: { to: "/a b" } },
    rule: "body.redirect.to: must be a URL without spaces or control characters (percent-encode them)",
  },
  {
    what: "a redirect status that is no redirect",
    body: { path: "/x", redirect: { to: "/login", status: 200 } },
    rule: "body.redirect.status: must be one of 301, 302, 303, 307, 308",
  },
  {
    what: "a redirect beside a status",
    body: { path: "/x", redirect: { to: "/login" }, status: 404 },
    rule: "body: status, redirect, portal, drop, hang, reset, garbage and throwOnLoad exclude each other, got status and redirect",
  },
  {
    what: "a 1xx status",
    body: { path: "/x", status: 101 },
    rule: "body.status: must be a whole number from 200 to 599 (a 1xx is an interim response, which cannot end an exchange)",
  },
  { what: "a truncated 204", body: { path: "/x", status: 204, truncate: { bytes: 1 } }, rule: "body: truncate needs a body to shape, and a 204 has none" },
  { what: "a quota of 0", body: { path: "/x", quota: { limit: 0, windowMs: 1_000 } }, rule: "body.quota.limit: must be ≥ 1" },
  {
    what: "a quota beside a status",
    body: { path: "/x", quota: { limit: 1, windowMs: 1_000 }, status: 503 },
    rule: "body.quota: answers 429 once exceeded, so it excludes status",
  },
  {
    what: "an outage with nothing to do",
    body: { path: "/x", outage: { afterMs: 0, forMs: 1_000 } },
    rule: "body: needs one of status, redirect, portal, delayMs, drop, hang, reset, garbage, throwOnLoad, truncate, dribble, responseHeaders, sequence or quota",
  },
  { what: "an outage of no length", body: { path: "/x", status: 503, outage: { afterMs: 0, forMs: 0 } }, rule: "body.outage.forMs: must be ≥ 1" },
];

refusesInvalidFaults(INVALID_FAULTS);
