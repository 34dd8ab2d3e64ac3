import { expect, test } from "vitest";
import { describeConfigPatch } from "./describeConfig.ts";

test("names each field a patch sets, switches as on or off and durations in ms, in the configuration's order", () => {
  expect(describeConfigPatch({ reloadOnOnline: false, networkTimeoutMs: 1000, register: true })).toBe(
    "Register the worker on; Reload when back online off; Network timeout 1000 ms",
  );
});

test("is null for a patch that sets nothing", () => {
  expect(describeConfigPatch({})).toBeNull();
});
