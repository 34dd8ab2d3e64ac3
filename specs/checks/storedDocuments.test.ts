import { expect, test } from "vitest";
import { changedOrRemoved, storedDocuments } from "./storedDocuments.ts";

const entry = (url: string, body: string, status = 200, contentType = "text/html; charset=utf-8") => ({ url, cacheName: "pages", status, contentType, body });

test("NAV-2 reads the HTML entries alone, and marks the one that is the offline page", () => {
  const entries = [entry("/app/pages/1", "<h1>Page 1</h1>"), entry("/app/main.js", "x", 200, "text/javascript"), entry("/app/pages/2", "You are offline")];
  expect(storedDocuments(entries, "You are offline").map(({ url, offlinePage }) => [url, offlinePage])).toEqual([
    ["/app/pages/1", false],
    ["/app/pages/2", true],
  ]);
});

test("NAV-2 a removed entry, a new status or the offline page in its place count; a changed body alone does not", () => {
  const before = storedDocuments([entry("/a", "one"), entry("/b", "two"), entry("/c", "three")], "offline");
  const after = storedDocuments([entry("/a", "one, refreshed"), entry("/b", "two", 500), entry("/d", "offline")], "offline");
  expect(changedOrRemoved(before, after).map(({ url }) => url)).toEqual(["/b", "/c"]);
});
