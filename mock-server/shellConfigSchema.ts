/** What `PUT /__mock/config`, scenario files and the CLI accept: the shell configuration minus the base path. */
import { z } from "zod";

const flag = () => z.boolean({ error: "must be true or false" });
const milliseconds = (max: number) =>
  z
    .int({ error: `must be a whole number of milliseconds from 0 to ${max}` })
    .min(0, `must be a whole number of milliseconds from 0 to ${max}`)
    .max(max, `must be a whole number of milliseconds from 0 to ${max}`);

export const ShellConfigPatch = z
  .strictObject(
    {
      register: flag(),
      cacheNavigations: flag(),
      reloadOnOnline: flag(),
      networkTimeoutMs: milliseconds(600_000),
      onlineSettleMs: milliseconds(60_000),
    },
    { error: "must be an object of configuration fields" },
  )
  .partial();

export type ShellConfigPatch = z.infer<typeof ShellConfigPatch>;
