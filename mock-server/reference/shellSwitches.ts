/**
 * The shell configuration's on/off switches, as `PUT /__mock/config` names them. Without zod, so the
 * panel's bundle can import it: shellConfigSchema.ts builds its boolean fields from this list, and
 * the panel shows one toggle per entry, so the two can never list different switches.
 */
import type { ShellConfig } from "../../src/core/shellConfig.ts";

/** The boolean fields of the shell configuration. */
export type ShellSwitch = { [K in keyof ShellConfig]: ShellConfig[K] extends boolean ? K : never }[keyof ShellConfig];

/** Keyed by every switch, so one added to ShellConfig fails to compile here until it is listed. */
const LISTED: Readonly<Record<ShellSwitch, true>> = { register: true, cacheNavigations: true, reloadOnOnline: true };

export const SHELL_SWITCHES = Object.keys(LISTED) as readonly ShellSwitch[];
