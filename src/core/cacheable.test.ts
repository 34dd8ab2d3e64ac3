import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { cacheControlDirectives, type DocumentVerdict, documentVerdict, isHtmlContentType, type ResponseLike } from "./cacheable.ts";

const ORIGIN = "http://app.test";
const scope = new URL("/app/", ORIGIN);
const parse = (href: string) => new URL(href);
const page = "<!doctype html><title>Page</title>";

/**
 * The site the rule is judged against: real fetch `Response`s, produced by msw at the network layer.
 * `status/:code`, `typed?type=` and `cache-control?value=` echo their input so one route serves a table.
 */
const server = setupServer(
  http.get(`${ORIGIN}/app/page`, () => HttpResponse.html(page)),
  http.get(`${ORIGIN}/app/status/:code`, ({ params }) => HttpResponse.html(page, { status: Number(params.code) })),
  http.get(
    `${ORIGIN}/app/typed`,
    ({ request }) => new HttpResponse(page, { headers: { "content-type": new URL(request.url).searchParams.get("type") ?? "" } }),
  ),
  http.get(`${ORIGIN}/app/data`, () => HttpResponse.json({ title: "Page" })),
  http.get(`${ORIGIN}/app/cache-control`, ({ request }) =>
    HttpResponse.html(page, { headers: { "cache-control": new URL(request.url).searchParams.get("value") ?? "" } }),
  ),
  http.get(`${ORIGIN}/app/old`, () => HttpResponse.redirect(`${ORIGIN}/app/new`, 302)),
  http.get(`${ORIGIN}/app/new`, () => HttpResponse.html(page)),
  http.get(`${ORIGIN}/app/logout`, () => HttpResponse.redirect(`${ORIGIN}/login`, 302)),
  http.get(`${ORIGIN}/login`, () => HttpResponse.html(page)),
  http.get(`${ORIGIN}/app/sso`, () => HttpResponse.redirect("http://idp.test/app/login", 302)),
  http.get("http://idp.test/app/login", () => HttpResponse.html(page)),
  http.get(`${ORIGIN}/apple`, () => HttpResponse.html(page)),
  http.get("http://cdn.test/app/page", () => HttpResponse.html(page)),
  http.get("http://cdn.test/app/bounce", () => HttpResponse.redirect(`${ORIGIN}/app/page`, 302)),
  http.get(`${ORIGIN}/app/sign-in`, () => HttpResponse.redirect(`${ORIGIN}/app/account`, 302)),
  http.get(`${ORIGIN}/app/account`, () => HttpResponse.html(page)),
);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function fetchPage(href: string): Promise<{ response: Response; requested: URL }> {
  const requested = new URL(href, ORIGIN);
  return { response: await fetch(requested, { redirect: "follow" }), requested };
}

async function verdictFor(href: string): Promise<DocumentVerdict> {
  const { response, requested } = await fetchPage(href);
  return documentVerdict(response, requested, scope, parse);
}

const notCacheable = (reason: string) => ({ cacheable: false, reason });

describe("documentVerdict on fetched responses", () => {
  test("NAV-3 stores a 200 text/html page inside the scope", async () => {
    expect(await verdictFor("/app/page")).toEqual({ cacheable: true });
  });

  test("NAV-3 ignores the fragment of the requested URL", async () => {
    expect(await verdictFor("/app/page#section")).toEqual({ cacheable: true });
  });

  test.each([201, 204, 206, 401, 403, 404, 410, 500, 503])("NAV-3 refuses a %i response for its status", async (status) => {
    expect(await verdictFor(`/app/status/${status}`)).toEqual(notCacheable("status"));
  });

  test("NAV-3 refuses a page reached through a redirect inside the scope", async () => {
    const { response, requested } = await fetchPage("/app/old");
    expect(response.redirected).toBe(true);
    expect(documentVerdict(response, requested, scope, parse)).toEqual(notCacheable("redirected"));
  });

  test("NAV-3 refuses a page that came back to its own URL through a redirect", async () => {
    // A sign-in round trip: the first visit is sent away and back, so the final URL is the requested one.
    server.use(http.get(`${ORIGIN}/app/account`, () => HttpResponse.redirect(`${ORIGIN}/app/sign-in`, 302), { once: true }));
    const { response, requested } = await fetchPage("/app/account");
    expect([response.redirected, response.url]).toEqual([true, requested.href]);
    expect(documentVerdict(response, requested, scope, parse)).toEqual(notCacheable("redirected"));
  });

  test("NAV-3 refuses a redirect that leaves the scope as out of scope", async () => {
    expect(await verdictFor("/app/logout")).toEqual(notCacheable("out-of-scope"));
  });

  test("NAV-3 refuses a redirect to another origin as cross-origin", async () => {
    const { response, requested } = await fetchPage("/app/sso");
    expect(new URL(response.url).origin).toBe("http://idp.test");
    expect(documentVerdict(response, requested, scope, parse)).toEqual(notCacheable("cross-origin"));
  });

  test("NAV-3 refuses a page requested from another origin as cross-origin", async () => {
    expect(await verdictFor("http://cdn.test/app/page")).toEqual(notCacheable("cross-origin"));
  });

  test("NAV-3 refuses a page another origin redirected into the scope as cross-origin", async () => {
    expect(await verdictFor("http://cdn.test/app/bounce")).toEqual(notCacheable("cross-origin"));
  });

  test("NAV-3 refuses a page outside the scope", async () => {
    expect(await verdictFor("/apple")).toEqual(notCacheable("out-of-scope"));
  });

  test("NAV-3 refuses the JSON data representation as not HTML", async () => {
    expect(await verdictFor("/app/data")).toEqual(notCacheable("not-html"));
  });

  test.each(["text/html; charset=utf-8", "TEXT/HTML", "text/html;charset=UTF-8"])("NAV-3 stores a page served as %s", async (type) => {
    expect(await verdictFor(`/app/typed?type=${encodeURIComponent(type)}`)).toEqual({ cacheable: true });
  });

  test.each(["application/json", "text/plain", "application/xhtml+xml", ""])("NAV-3 refuses a page served as '%s' as not HTML", async (type) => {
    expect(await verdictFor(`/app/typed?type=${encodeURIComponent(type)}`)).toEqual(notCacheable("not-html"));
  });

  test.each(["no-store", "private, no-store", "NO-STORE", "max-age=0,no-store"])("NAV-3 refuses a page sent with Cache-Control: %s", async (value) => {
    expect(await verdictFor(`/app/cache-control?value=${encodeURIComponent(value)}`)).toEqual(notCacheable("no-store"));
  });

  test.each(["no-cache", "private", "max-age=600", "no-transform", "x-no-store"])("NAV-3 stores a page sent with Cache-Control: %s", async (value) => {
    expect(await verdictFor(`/app/cache-control?value=${encodeURIComponent(value)}`)).toEqual({ cacheable: true });
  });
});

describe("documentVerdict on responses msw cannot produce", () => {
  const requested = new URL("/app/page", ORIGIN);

  /** A same-origin 200 HTML response for `requested`, as a browser worker sees it; override one field. */
  function responseLike(overrides: Partial<ResponseLike>): ResponseLike {
    return { status: 200, url: requested.href, redirected: false, type: "basic", headers: new Headers({ "content-type": "text/html" }), ...overrides };
  }

  test("NAV-3 stores a basic (same-origin) response as the browser delivers it", () => {
    expect(documentVerdict(responseLike({}), requested, scope, parse)).toEqual({ cacheable: true });
  });

  // A real opaque response also has status 0; 200 isolates the type rule from the status rule.
  test.each(["cors", "opaque", "opaqueredirect"])("NAV-3 refuses a response of type %s as cross-origin", (type) => {
    expect(documentVerdict(responseLike({ type }), requested, scope, parse)).toEqual(notCacheable("cross-origin"));
  });

  test("NAV-3 judges a response without a URL by the requested URL", () => {
    expect(documentVerdict(responseLike({ url: "" }), requested, scope, parse)).toEqual({ cacheable: true });
  });

  test("NAV-3 refuses a response without a URL when the requested URL is outside the scope", () => {
    const outside = new URL("/apple", ORIGIN);
    expect(documentVerdict(responseLike({ url: "" }), outside, scope, parse)).toEqual(notCacheable("out-of-scope"));
  });

  test("NAV-3 refuses a response for another URL even when it is not flagged as redirected", () => {
    expect(documentVerdict(responseLike({ url: `${ORIGIN}/app/other` }), requested, scope, parse)).toEqual(notCacheable("redirected"));
  });
});

describe("cacheControlDirectives", () => {
  test.each<[string | null, string[]]>([
    [null, []],
    ["", []],
    ["no-store", ["no-store"]],
    ["No-Store", ["no-store"]],
    [" private ,  no-store ", ["private", "no-store"]],
    ["max-age=600, s-maxage=60", ["max-age", "s-maxage"]],
    ['no-cache="set-cookie"', ["no-cache"]],
    [",,no-store,", ["no-store"]],
    ["x-no-store", ["x-no-store"]],
  ])("NAV-3 reads Cache-Control %j as the directives %j", (header, expected) => {
    expect([...cacheControlDirectives(header)]).toEqual(expected);
  });
});

describe("isHtmlContentType", () => {
  test.each(["text/html", "TEXT/HTML", "Text/Html; charset=UTF-8", " text/html ", "text/html;charset=utf-8", "text/html ; q=1"])(
    "NAV-3 reads Content-Type '%s' as HTML",
    (header) => {
      expect(isHtmlContentType(header)).toBe(true);
    },
  );

  test.each([null, "", "application/json", "text/plain", "application/xhtml+xml", "text/htmlx", "text/html-sandboxed", "text/xml", "html"])(
    "NAV-3 reads Content-Type '%s' as not HTML",
    (header) => {
      expect(isHtmlContentType(header)).toBe(false);
    },
  );
});
