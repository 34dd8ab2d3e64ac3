/**
 * What a fault does to one response: the fields a fault and each step of its `sequence` share, and
 * the rules between them. Every message names the field and the rule.
 */
import { z } from "zod";
import { ResponseHeaders } from "./responseHeadersSchema.ts";

/** 503 comes with `Retry-After` (status.ts), so "fails twice, then works" can be a sequence. */
export const FAULT_STATUSES = [401, 403, 404, 500, 503] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

/** The longest latency a fault may add: longer than any client timeout worth testing. */
export const MAX_DELAY_MS = 120_000;

/** A truncated body keeps at most this much; a body no longer than `bytes` is sent whole. */
export const MAX_TRUNCATE_BYTES = 1_000_000_000;
/** More chunks than any page has packets; `bytesPerSecond` is the way to go finer. */
export const MAX_DRIBBLE_CHUNKS = 1_000;
export const MAX_BYTES_PER_SECOND = 1_000_000_000;

export const faultStatus = z
  .number({ error: `must be one of ${FAULT_STATUSES.join(", ")}` })
  .refine((value): value is FaultStatus => (FAULT_STATUSES as readonly number[]).includes(value), `must be one of ${FAULT_STATUSES.join(", ")}`);

const wholeMs = (min: number) =>
  z.int({ error: "must be a whole number of milliseconds" }).min(min, `must be ≥ ${min}`).max(MAX_DELAY_MS, `must be ≤ ${MAX_DELAY_MS}`);

export const delayMs = wholeMs(0);
export const jitterMs = wholeMs(0);

const flag = z.literal(true, { error: "must be true when present" }).optional();

export const truncateBytes = z
  .int({ error: "must be a whole number of bytes" })
  .min(0, "must be ≥ 0")
  .max(MAX_TRUNCATE_BYTES, `must be ≤ ${MAX_TRUNCATE_BYTES}`);

const Truncate = z.strictObject({ bytes: truncateBytes }, { error: 'must be an object with bytes, e.g. {"bytes": 100}' });

export const dribbleChunks = z
  .int({ error: "must be a whole number" })
  .min(2, "must be ≥ 2 (one chunk is a delay: use delayMs)")
  .max(MAX_DRIBBLE_CHUNKS, `must be ≤ ${MAX_DRIBBLE_CHUNKS}`);
export const dribbleOverMs = wholeMs(1);
export const bytesPerSecond = z.int({ error: "must be a whole number" }).min(1, "must be ≥ 1").max(MAX_BYTES_PER_SECOND, `must be ≤ ${MAX_BYTES_PER_SECOND}`);

const Dribble = z
  .strictObject(
    { chunks: dribbleChunks.optional(), overMs: dribbleOverMs.optional(), bytesPerSecond: bytesPerSecond.optional() },
    { error: "must be an object with chunks and overMs, or bytesPerSecond" },
  )
  .superRefine((dribble, ctx) => {
    const byChunks = dribble.chunks !== undefined || dribble.overMs !== undefined;
    if (byChunks && dribble.bytesPerSecond !== undefined)
      ctx.addIssue({ code: "custom", message: "chunks and overMs exclude bytesPerSecond: give one or the other" });
    else if (byChunks && (dribble.chunks === undefined || dribble.overMs === undefined))
      ctx.addIssue({ code: "custom", message: "needs both chunks and overMs" });
    else if (!byChunks && dribble.bytesPerSecond === undefined) ctx.addIssue({ code: "custom", message: "needs chunks and overMs, or bytesPerSecond" });
  });

/** The fields that say what happens to one response. */
export const actionFields = {
  status: faultStatus.optional(),
  delayMs: delayMs.optional(),
  jitterMs: jitterMs.optional(),
  drop: flag,
  hang: flag,
  reset: flag,
  garbage: flag,
  throwOnLoad: flag,
  truncate: Truncate.optional(),
  dribble: Dribble.optional(),
  responseHeaders: ResponseHeaders.optional(),
};

export type FaultAction = z.output<z.ZodObject<typeof actionFields>>;

/** What ends the exchange: one answer, or none at all. At most one per fault (or step). */
const ENDINGS = ["status", "drop", "hang", "reset", "garbage", "throwOnLoad"] as const;
/** What sends no response at all, so nothing is left to shape. */
const NO_RESPONSE = ["drop", "hang", "reset", "garbage"] as const;
/** What shapes whatever response is sent (the fault's status page, or the app's own). */
const SHAPERS = ["truncate", "dribble", "responseHeaders"] as const;

/** Every field that makes a fault (or step) do something. */
export const ACTION_NAMES = ["status", "delayMs", "drop", "hang", "reset", "garbage", "throwOnLoad", "truncate", "dribble", "responseHeaders"] as const;

/** "a, b and c" */
export function listText(names: readonly string[], last = "and"): string {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} ${last} ${names.at(-1)}`;
}

const present = (action: FaultAction, name: keyof FaultAction) => action[name] !== undefined;

/** The rules between a fault's (or step's) action fields, added to `ctx` at `path`. */
export function checkAction(action: FaultAction, ctx: z.RefinementCtx, path: PropertyKey[] = []): void {
  const endings = ENDINGS.filter((name) => present(action, name));
  if (endings.length > 1) ctx.addIssue({ code: "custom", path, message: `${listText(ENDINGS)} exclude each other, got ${endings.join(" and ")}` });
  const silent = NO_RESPONSE.find((name) => present(action, name));
  if (silent) {
    for (const shaper of SHAPERS.filter((name) => present(action, name))) {
      ctx.addIssue({ code: "custom", path, message: `${shaper} needs a response to shape, and ${silent} sends none` });
    }
  }
  if (action.truncate && action.dribble) ctx.addIssue({ code: "custom", path, message: "truncate and dribble exclude each other" });
  if (action.jitterMs !== undefined) {
    if (action.delayMs === undefined) ctx.addIssue({ code: "custom", path: [...path, "jitterMs"], message: "needs delayMs, the delay it varies" });
    else if (action.jitterMs > action.delayMs)
      ctx.addIssue({ code: "custom", path: [...path, "jitterMs"], message: "must be ≤ delayMs (a delay cannot go below 0)" });
    else if (action.delayMs + action.jitterMs > MAX_DELAY_MS)
      ctx.addIssue({ code: "custom", path: [...path, "jitterMs"], message: `delayMs + jitterMs must be ≤ ${MAX_DELAY_MS}` });
  }
}

/** Whether the fault (or step) does anything at all. */
export function hasAction(action: FaultAction): boolean {
  return ACTION_NAMES.some((name) => present(action, name));
}
