import { expect, test } from "vitest";
import { type KindSignals, requestKind } from "./requestKind.ts";

const plain: KindSignals = { fromWorker: false, navigationPreload: false, secFetchMode: "no-cors", data: false };

test.each([
  ["the browser's navigation", { ...plain, secFetchMode: "navigate" }, "navigation"],
  ["a navigation preload, though it carries the navigation's headers", { ...plain, secFetchMode: "navigate", navigationPreload: true }, "preload"],
  ["the worker's own fetch of a page", { ...plain, fromWorker: true, secFetchMode: "same-origin" }, "worker"],
  ["a client-side navigation's data request", { ...plain, secFetchMode: "cors", data: true }, "data"],
  ["a script or stylesheet", plain, "subresource"],
] as const)("%s", (_name, signals, kind) => {
  expect(requestKind(signals)).toBe(kind);
});
