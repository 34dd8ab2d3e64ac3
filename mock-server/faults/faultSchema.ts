/**
 * What a fault is, as the control API, scenario files and the specs write it. Validated with zod;
 * every message names the field and the rule. What a fault does to a response (status, latency,
 * connection faults, body shaping, headers) is in faultActionSchema.ts, shared with `sequence` steps.
 */
import { z } from "zod";
import { BodyMatch } from "./bodyMatchSchema.ts";
import { ACTION_NAMES, actionFields, checkAction, type FaultAction, hasAction, listText } from "./faultActionSchema.ts";
import { matchFields, PathPattern } from "./requestMatchSchema.ts";
import { MAX_SEED } from "./seededRandom.ts";
import { SequenceSteps } from "./sequenceSchema.ts";

export { delayMs, FAULT_STATUSES, type FaultAction, type FaultStatus, faultStatus, MAX_DELAY_MS } from "./faultActionSchema.ts";

/** The longest quota window and outage a fault may describe: a day. */
export const MAX_WINDOW_MS = 86_400_000;
const windowMs = (min: number) =>
  z.int({ error: "must be a whole number of milliseconds" }).min(min, `must be ≥ ${min}`).max(MAX_WINDOW_MS, `must be ≤ ${MAX_WINDOW_MS} (a day)`);

/** `quota`: the first `limit` matching requests of each window pass; the rest get a 429 until it ends. */
const Quota = z.strictObject(
  {
    limit: z.int({ error: "must be a whole number" }).min(1, "must be ≥ 1").max(1_000_000, "must be ≤ 1000000"),
    windowMs: windowMs(1),
  },
  { error: 'must be an object with limit and windowMs, e.g. {"limit": 10, "windowMs": 60000}' },
);

/** `outage`: the fault acts only from `afterMs` after it was added, for `forMs`; outside, requests pass. */
const Outage = z.strictObject(
  { afterMs: windowMs(0), forMs: windowMs(1) },
  { error: 'must be an object with afterMs and forMs, e.g. {"afterMs": 5000, "forMs": 10000}' },
);

/** What a quota's 429 leaves room for: it is the answer, so no other ending or sequence. */
const QUOTA_EXCLUDES = ["status", "redirect", "portal", "drop", "hang", "reset", "garbage", "throwOnLoad", "sequence", "probability", "outage"] as const;

export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export const FaultInput = z
  .strictObject({
    path: PathPattern,
    methods: z
      .array(z.enum(METHODS, { error: `must be one of ${METHODS.join(", ")}` }))
      .min(1, "must name at least one method")
      .optional(),
    representation: z.enum(["any", "document", "data"], { error: "must be one of any, document, data" }).default("any"),
    ...matchFields,
    body: BodyMatch.optional(),
    ...actionFields,
    sequence: SequenceSteps.optional(),
    quota: Quota.optional(),
    outage: Outage.optional(),
    probability: z.number({ error: "must be a number from 0 to 1" }).min(0, "must be a number from 0 to 1").max(1, "must be a number from 0 to 1").optional(),
    seed: z
      .int({ error: `must be a whole number from 0 to ${MAX_SEED}` })
      .min(0, `must be a whole number from 0 to ${MAX_SEED}`)
      .max(MAX_SEED, `must be a whole number from 0 to ${MAX_SEED}`)
      .optional(),
    times: z.int({ error: "must be a whole number" }).min(1, "must be ≥ 1 (leave it out for a sticky fault)").max(1_000_000, "must be ≤ 1000000").optional(),
    name: z.string({ error: "must be a string" }).max(100, "must be at most 100 characters").optional(),
  })
  .superRefine((fault, ctx) => {
    if (fault.quota) {
      const clashing = QUOTA_EXCLUDES.filter((name) => fault[name] !== undefined);
      if (clashing.length > 0) ctx.addIssue({ code: "custom", path: ["quota"], message: `answers 429 once exceeded, so it excludes ${listText(clashing)}` });
      checkAction(fault, ctx);
      return;
    }
    if (fault.sequence) {
      const beside = Object.keys(actionFields).filter((name) => fault[name as keyof FaultAction] !== undefined);
      if (beside.length > 0) ctx.addIssue({ code: "custom", path: [], message: `sequence excludes ${listText(beside)} beside it: give them to its steps` });
      return;
    }
    checkAction(fault, ctx);
    if (!hasAction(fault)) {
      ctx.addIssue({ code: "custom", path: [], message: `needs one of ${listText([...ACTION_NAMES, "sequence", "quota"], "or")}` });
    }
  });

export type FaultInput = z.input<typeof FaultInput>;
export type FaultSpec = z.output<typeof FaultInput>;

export interface Fault extends FaultSpec {
  readonly id: string;
  /** Applications left for a `times` fault; null for a sticky one. */
  readonly remaining: number | null;
  /** How many requests it shaped (a `probability` fault's spared requests are not counted). */
  readonly hits: number;
  readonly createdAt: string;
}
