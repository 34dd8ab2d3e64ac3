/** A journal entry for tests: a completed document GET of `url` that no fault shaped. */
import type { NewEntry } from "../journal/journal.ts";

export function documentEntry(url: string): NewEntry {
  return {
    time: new Date(0).toISOString(),
    method: "GET",
    url,
    status: 200,
    durationMs: 1,
    fromWorker: false,
    accept: "text/html",
    secFetchMode: "navigate",
    secFetchDest: "document",
    navigationPreload: false,
    kind: "navigation",
    outcome: "completed",
    fault: null,
    faultApplied: null,
    tooCostlyToMatch: false,
    digest: null,
    requestHeaders: { accept: "text/html" },
    responseHeaders: { "content-type": "text/html; charset=utf-8" },
    nearMisses: [],
    deploy: 0,
    requestBody: null,
    replayed: null,
  };
}
