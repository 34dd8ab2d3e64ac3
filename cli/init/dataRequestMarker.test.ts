import { describe, expect, test } from "vitest";
import { dataRequestMarker } from "./dataRequestMarker.ts";

const request = (url: string, headers: Record<string, string>) => ({ url, headers: { "user-agent": "x", "sec-fetch-mode": "cors", ...headers } });

describe("dataRequestMarker", () => {
  test("a JSON Accept (the reference app)", () => {
    expect(dataRequestMarker([request("http://h/app/pages/1", { accept: "application/json" })], "/app/pages/1")).toEqual({ accept: "application/json" });
  });

  test("Next.js's RSC header, preferred over its other headers, and its _rsc query", () => {
    const prefetch = request("http://h/app/a/?_rsc=1x", {
      accept: "*/*",
      rsc: "1",
      "next-router-prefetch": "1",
      "next-router-state-tree": "%5B%22%22%5D".repeat(8),
    });
    const navigation = request("http://h/app/a/?_rsc=2y", {
      accept: "*/*",
      rsc: "1",
      "next-router-state-tree": "%5B%22%22%5D".repeat(8),
      "next-url": "/app/a/",
    });
    expect(dataRequestMarker([prefetch, navigation], "/app/a/")).toEqual({ header: { name: "rsc", value: "1" }, query: "_rsc" });
  });

  test("a header whose value varies is named without a value; a query the link carries does not count", () => {
    const one = request("http://h/p?tab=1", { "x-data": "a" });
    const two = request("http://h/p?tab=1", { "x-data": "b" });
    expect(dataRequestMarker([one, two], "/p?tab=1")).toEqual({ header: { name: "x-data" } });
  });

  test("plain fetches of the page, or none, tell nothing apart", () => {
    expect(dataRequestMarker([request("http://h/p", { accept: "*/*" })], "/p")).toBeNull();
    expect(dataRequestMarker([request("http://h/p", { accept: "text/html" })], "/p")).toBeNull();
    expect(dataRequestMarker([], "/p")).toBeNull();
  });

  test("an Accept the requests do not share is not a marker", () => {
    const requests = [request("http://h/p", { accept: "application/json" }), request("http://h/p", { accept: "*/*" })];
    expect(dataRequestMarker(requests, "/p")).toBeNull();
  });
});
