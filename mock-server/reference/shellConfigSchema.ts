/** What `PUT /__mock/config`, scenario files and the CLI accept: the shell configuration minus the base path. */
import { z } from "zod";
import { SHELL_SWITCHES, type ShellSwitch } from "./shellSwitches.ts";

const flag = () => z.boolean({ error: "must be true or false" });
const milliseconds = (max: number) =>
  z
    .int({ error: `must be a whole number of milliseconds from 0 to ${max}` })
    .min(0, `must be a whole number of milliseconds from 0 to ${max}`)
    .max(max, `must be a whole number of milliseconds from 0 to ${max}`);

/** One boolean field per switch (shellSwitches.ts, the list the panel's toggles come from). */
const switches = Object.fromEntries(SHELL_SWITCHES.map((name) => [name, flag()])) as Record<ShellSwitch, ReturnType<typeof flag>>;

export const ShellConfigPatch = z
  .strictObject(
    {
      ...switches,
      networkTimeoutMs: milliseconds(600_000),
      onlineSettleMs: milliseconds(60_000),
    },
    { error: "must be an object of configuration fields" },
  )
  .partial();

export type ShellConfigPatch = z.infer<typeof ShellConfigPatch>;
