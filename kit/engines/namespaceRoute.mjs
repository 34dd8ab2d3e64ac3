// @ts-check
// The browser's own online state, for the engines whose drivers cannot set it (Firefox, WebKit): in a
// network namespace made by inNetworkNamespace.mjs, removing the default route takes every browser
// in it offline (`navigator.onLine` false, an `offline` event: Firefox within about 0.3 s, WebKitGTK
// within about 3 s, watched here) and restoring it brings them back, with no document loaded by the
// browser itself. Only a route on the namespace's own device is ever touched, and only when this
// process runs in the namespace the variable names.
import { spawnSync } from "node:child_process";
import { readlinkSync } from "node:fs";
import { ENV } from "../env.mjs";

/** The veth device inNetworkNamespace.mjs makes, its address, and the gateway of its default route. */
export const NAMESPACE_DEVICE = "pck0";
export const NAMESPACE_ADDRESS = "10.231.0.1/30";
export const NAMESPACE_GATEWAY = "10.231.0.2";

/** The tag of the tests that need the switch: runs without a namespace of their own can leave them out. */
export const ONLINE_STATE_TAG = "@browser-online-state";
export const ONLINE_STATE_TAG_PATTERN = /@browser-online-state/;

/** What a run needs to use the switch, in the words of a not-checked reason. */
export const HOW_TO_GET_ONE =
  "run the check inside a network namespace of its own, as root, with one worker: node node_modules/pwa-conformance-kit/lib/kit/engines/inNetworkNamespace.mjs npx pwa-conformance-kit check … -- --workers 1 (docs/engines.md)";

/**
 * @typedef {{ readonly offline: () => void; readonly online: () => void }} OnlineSwitch
 */

/**
 * The switch of the browsers' online state, or why this run has none.
 * @param {Readonly<Record<string, string | undefined>>} [env]
 * @returns {OnlineSwitch | { readonly unavailable: string }}
 */
export function onlineSwitch(env = process.env) {
  const named = env[ENV.networkNamespace];
  if (!named) return { unavailable: `the browser's own online state can be switched only in a network namespace: ${HOW_TO_GET_ONE}` };
  let own = "";
  try {
    own = readlinkSync("/proc/self/ns/net");
  } catch {
    // Not Linux, or no /proc: no namespace of ours either.
  }
  if (own !== named)
    return { unavailable: `${ENV.networkNamespace} names ${named}, not this process's network namespace (${own || "unknown"}): ${HOW_TO_GET_ONE}` };
  /** @param {string[]} args */
  const route = (args) => {
    const done = spawnSync("ip", ["route", ...args], { encoding: "utf8" });
    if (done.error || done.status !== 0)
      throw new Error(`Failed to change the namespace's route (ip route ${args.join(" ")}): ${done.error?.message ?? done.stderr.trim()}`);
  };
  return {
    offline: () => route(["del", "default", "dev", NAMESPACE_DEVICE]),
    online: () => route(["replace", "default", "via", NAMESPACE_GATEWAY, "dev", NAMESPACE_DEVICE]),
  };
}
