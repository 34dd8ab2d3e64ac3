import { describe, expect, test } from "vitest";
import { type CacheUrlsMessage, cacheUrlsMessage, parsePageMessage } from "./messages.ts";

const urls = ["http://app.test/app/", "http://app.test/app/about"];

describe("cacheUrlsMessage", () => {
  test("NAV-1 builds the CACHE_URLS message Workbox and Serwist send", () => {
    // workbox-window's and @serwist/window's messageSW payload for "cache these navigations".
    const workbox = { type: "CACHE_URLS", payload: { urlsToCache: urls } } satisfies CacheUrlsMessage;
    expect(cacheUrlsMessage(urls)).toStrictEqual(workbox);
  });
});

describe("parsePageMessage", () => {
  test("NAV-1 reads a CACHE_URLS message", () => {
    expect(parsePageMessage({ type: "CACHE_URLS", payload: { urlsToCache: urls } })).toStrictEqual(cacheUrlsMessage(urls));
  });

  test("NAV-1 reads back what the page sends after a structured clone", () => {
    expect(parsePageMessage(structuredClone(cacheUrlsMessage(urls)))).toStrictEqual(cacheUrlsMessage(urls));
  });

  test("NAV-1 reads a CACHE_URLS message with no URLs", () => {
    expect(parsePageMessage({ type: "CACHE_URLS", payload: { urlsToCache: [] } })).toStrictEqual(cacheUrlsMessage([]));
  });

  test("NAV-1 keeps only the protocol's fields", () => {
    const extra = { type: "CACHE_URLS", meta: 1, payload: { urlsToCache: urls, other: true } };
    expect(parsePageMessage(extra)).toStrictEqual(cacheUrlsMessage(urls));
  });

  test("NAV-1 drops urlsToCache entries that are not strings", () => {
    const mixed = ["http://app.test/app/a", 1, null, undefined, ["http://app.test/app/b", {}], { url: "x" }, "http://app.test/app/c"];
    expect(parsePageMessage({ type: "CACHE_URLS", payload: { urlsToCache: mixed } })).toStrictEqual(
      cacheUrlsMessage(["http://app.test/app/a", "http://app.test/app/c"]),
    );
  });

  test.each([undefined, "CACHE_URL", "cache_urls", "SKIP_WAITING", "GET_VERSION", 1])("NAV-1 ignores a message of type %j", (type) => {
    expect(parsePageMessage({ type, payload: { urlsToCache: urls } })).toBeNull();
  });

  test.each([undefined, null, "http://app.test/app/", 1, true])("NAV-1 ignores a CACHE_URLS message whose payload is %j", (payload) => {
    expect(parsePageMessage({ type: "CACHE_URLS", payload })).toBeNull();
  });

  test("NAV-1 ignores a CACHE_URLS message without a payload", () => {
    expect(parsePageMessage({ type: "CACHE_URLS" })).toBeNull();
  });

  test.each([undefined, null, "http://app.test/app/", 1, { 0: "http://app.test/app/", length: 1 }])(
    "NAV-1 ignores a CACHE_URLS message whose urlsToCache is %j",
    (urlsToCache) => {
      expect(parsePageMessage({ type: "CACHE_URLS", payload: { urlsToCache } })).toBeNull();
    },
  );

  // One-element rows: a bare array in test.each would be spread into arguments.
  test.each<[unknown]>([[null], [undefined], ["CACHE_URLS"], [42], [true], [[]], [["CACHE_URLS", urls]]])("NAV-1 ignores the non-message %j", (data) => {
    expect(parsePageMessage(data)).toBeNull();
  });
});
