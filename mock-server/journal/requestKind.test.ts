import { expect, test } from "vitest";
import { type KindSignals, requestKind } from "./requestKind.ts";

const plain: KindSignals = { fromWorker: false, navigationPreload: false, secFetchMode: "no-cors", secFetchDest: "script", data: false };

test.each([
  ["the browser's navigation", { ...plain, secFetchMode: "navigate", secFetchDest: "document" }, "navigation"],
  ["a frame's navigation", { ...plain, secFetchMode: "navigate", secFetchDest: "iframe" }, "navigation"],
  [
    "a running worker passing the navigation on (fetch(event.request): navigate mode, the page's referrer, destination empty)",
    { ...plain, fromWorker: false, secFetchMode: "navigate", secFetchDest: "empty" },
    "worker",
  ],
  [
    "the browser's request for a cold pass-through worker (ServiceWorkerAutoPreload): the navigation's own headers",
    { ...plain, secFetchMode: "navigate", secFetchDest: "document" },
    "navigation",
  ],
  ["a navigation preload, though it carries the navigation's headers", { ...plain, secFetchMode: "navigate", navigationPreload: true }, "preload"],
  ["the worker's own fetch of a page", { ...plain, fromWorker: true, secFetchMode: "same-origin" }, "worker"],
  ["a client-side navigation's data request", { ...plain, secFetchMode: "cors", data: true }, "data"],
  ["a script or stylesheet", plain, "subresource"],
] as const)("%s", (_name, signals, kind) => {
  expect(requestKind(signals)).toBe(kind);
});
