import { readlinkSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { ENV } from "../env.mjs";
import { onlineSwitch } from "./namespaceRoute.mjs";

describe("onlineSwitch: the browsers' online state only in the run's own network namespace", () => {
  test("ONL-1 without the variable there is no switch, and the reason says how to get one", () => {
    const found = onlineSwitch({});
    expect("unavailable" in found && found.unavailable).toContain("inNetworkNamespace.mjs");
  });

  test("ONL-1 a variable naming another namespace (a shell that carried it) touches no route", () => {
    const found = onlineSwitch({ [ENV.networkNamespace]: "net:[1]" });
    expect("unavailable" in found && found.unavailable).toContain("not this process's network namespace");
  });

  test.runIf(process.platform === "linux")("ONL-1 the variable naming this process's namespace gives the switch", () => {
    const found = onlineSwitch({ [ENV.networkNamespace]: readlinkSync("/proc/self/ns/net") });
    expect("offline" in found && "online" in found).toBe(true);
  });
});
