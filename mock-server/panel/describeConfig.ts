/** The shell configuration in words, for the switches and for what a scenario set. */
import type { ShellConfigPatch } from "../reference/shellConfigSchema.ts";
import type { ShellSwitch } from "../reference/shellSwitches.ts";

/** Keyed by every field, so one added to the configuration fails to compile here until it has words. */
export const CONFIG_LABELS: Readonly<Record<keyof Required<ShellConfigPatch>, string>> = {
  register: "Register the worker",
  cacheNavigations: "Cache navigations",
  reloadOnOnline: "Reload when back online",
  networkTimeoutMs: "Network timeout",
  onlineSettleMs: "Online settle time",
};

/** What each switch governs, with the clauses of docs/conformance.md it bears on. */
export const SWITCH_HINTS: Readonly<Record<ShellSwitch, string>> = {
  register: "Off: the page never registers its worker (REG).",
  cacheNavigations: "Off: the worker stores no page and serves none offline (NAV-3 to NAV-7).",
  reloadOnOnline: "Off: the page stays as it is when the browser comes back online (ONL-1, ONL-2).",
};

/** `Network timeout 1000 ms; Reload when back online off`, or null for a patch that sets nothing. */
export function describeConfigPatch(patch: ShellConfigPatch): string | null {
  const parts = (Object.keys(CONFIG_LABELS) as (keyof ShellConfigPatch)[]).flatMap((field) => {
    const value = patch[field];
    if (value === undefined) return [];
    return [`${CONFIG_LABELS[field]} ${typeof value === "boolean" ? (value ? "on" : "off") : `${value} ms`}`];
  });
  return parts.length === 0 ? null : parts.join("; ");
}
