#!/usr/bin/env node
// @ts-check
// `node kit/engines/inNetworkNamespace.mjs <command> [args…]`: runs a command in a network namespace
// of its own, so a check can take the browser's own online state away and give it back (ONL-1 in
// Firefox and WebKit: docs/engines.md). Inside, loopback works as on the host (the mock server, the
// browsers' drivers) and a default route over a veth pair (`pck0`) makes Firefox and WebKit see a
// network; kit/engines/namespaceRoute.mjs removes and restores that route. Nothing outside can be
// reached from inside: run there what serves the app too (check --start). Needs root (or
// CAP_SYS_ADMIN), `unshare` (util-linux) and `ip` (iproute2). Exit: the command's, or 2 when the
// namespace cannot be made. Every test in such a run shares the one route: run it with one worker.
import { spawn, spawnSync } from "node:child_process";
import { readlinkSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ENV } from "../env.mjs";
import { NAMESPACE_ADDRESS, NAMESPACE_DEVICE, NAMESPACE_GATEWAY } from "./namespaceRoute.mjs";

const INSIDE = "--pck-inside";
const [first, ...rest] = process.argv.slice(2);

/** @param {string} message */
function fail(message) {
  console.error(`inNetworkNamespace: ${message}`);
  process.exit(2);
}

/** @param {string[]} command */
function run(command) {
  const [program, ...args] = command;
  if (!program) fail("name the command to run, e.g. node kit/engines/inNetworkNamespace.mjs npx playwright test --workers 1");
  const child = spawn(/** @type {string} */ (program), args, { stdio: "inherit" });
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => child.kill(signal));
  child.on("error", (error) => fail(`${program} did not start: ${error.message}`));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** @param {string[]} args */
function ip(args) {
  const done = spawnSync("ip", args, { encoding: "utf8" });
  if (done.error || done.status !== 0) fail(`ip ${args.join(" ")} failed: ${done.error?.message ?? done.stderr.trim()}`);
}

if (first === INSIDE) {
  ip(["link", "set", "lo", "up"]);
  ip(["link", "add", NAMESPACE_DEVICE, "type", "veth", "peer", "name", `${NAMESPACE_DEVICE}-peer`]);
  ip(["addr", "add", NAMESPACE_ADDRESS, "dev", NAMESPACE_DEVICE]);
  ip(["link", "set", `${NAMESPACE_DEVICE}-peer`, "up"]);
  ip(["link", "set", NAMESPACE_DEVICE, "up"]);
  ip(["route", "add", "default", "via", NAMESPACE_GATEWAY, "dev", NAMESPACE_DEVICE]);
  // The namespace's own identity: a variable a shell carries elsewhere names another namespace, so
  // nothing outside this one ever touches a route (namespaceRoute.mjs compares it with its own).
  process.env[ENV.networkNamespace] = readlinkSync("/proc/self/ns/net");
  run(rest);
} else {
  if (process.getuid?.() !== 0) fail("a network namespace needs root: run it as root (sudo), e.g. in CI");
  const found = spawnSync("unshare", ["--version"], { encoding: "utf8" });
  if (found.error) fail("unshare is not installed (apt-get install util-linux)");
  if (spawnSync("ip", ["-V"], { encoding: "utf8" }).error) fail("ip is not installed (apt-get install iproute2)");
  run(["unshare", "--net", "--", process.execPath, fileURLToPath(import.meta.url), INSIDE, ...(first === undefined ? [] : [first]), ...rest]);
}
