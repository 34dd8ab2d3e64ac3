/** What `PUT /__mock/config` and the CLI accept: the shell configuration minus the base path. */
import { z } from "zod";

export const ShellConfigPatch = z
  .strictObject({
    register: z.boolean(),
    cacheNavigations: z.boolean(),
    reloadOnOnline: z.boolean(),
    networkTimeoutMs: z.int().min(0).max(600_000),
    onlineSettleMs: z.int().min(0).max(60_000),
  })
  .partial();

export type ShellConfigPatch = z.infer<typeof ShellConfigPatch>;
