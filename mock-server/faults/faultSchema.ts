/**
 * What a fault is, as the control API, scenario files and the specs write it. Validated with zod;
 * every message names the field and the rule.
 */
import { z } from "zod";
import { globProblem } from "./pathGlob.ts";

export const FAULT_STATUSES = [401, 403, 404, 500] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

/** The longest latency a fault may add: longer than any client timeout worth testing. */
export const MAX_DELAY_MS = 120_000;

export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export const faultStatus = z
  .number({ error: `must be one of ${FAULT_STATUSES.join(", ")}` })
  .refine((value): value is FaultStatus => (FAULT_STATUSES as readonly number[]).includes(value), `must be one of ${FAULT_STATUSES.join(", ")}`);

export const delayMs = z.int({ error: "must be a whole number of milliseconds" }).min(0, "must be ≥ 0").max(MAX_DELAY_MS, `must be ≤ ${MAX_DELAY_MS}`);

export const FaultInput = z
  .strictObject({
    path: z.string({ error: "must be a string" }).superRefine((value, ctx) => {
      const problem = globProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    methods: z
      .array(z.enum(METHODS, { error: `must be one of ${METHODS.join(", ")}` }))
      .min(1, "must name at least one method")
      .optional(),
    representation: z.enum(["any", "document", "data"], { error: "must be one of any, document, data" }).default("any"),
    status: faultStatus.optional(),
    delayMs: delayMs.optional(),
    drop: z.literal(true, { error: "must be true when present" }).optional(),
    hang: z.literal(true, { error: "must be true when present" }).optional(),
    times: z.int({ error: "must be a whole number" }).min(1, "must be ≥ 1 (leave it out for a sticky fault)").max(1_000_000, "must be ≤ 1000000").optional(),
    name: z.string({ error: "must be a string" }).max(100, "must be at most 100 characters").optional(),
  })
  .superRefine((fault, ctx) => {
    const actions = [fault.status !== undefined && "status", fault.drop && "drop", fault.hang && "hang"].filter(Boolean);
    if (actions.length > 1) ctx.addIssue({ code: "custom", path: [], message: `status, drop and hang exclude each other, got ${actions.join(" and ")}` });
    if (actions.length === 0 && fault.delayMs === undefined) {
      ctx.addIssue({ code: "custom", path: [], message: "needs one of status, delayMs, drop or hang" });
    }
  });

export type FaultInput = z.input<typeof FaultInput>;
export type FaultSpec = z.output<typeof FaultInput>;

export interface Fault extends FaultSpec {
  readonly id: string;
  /** Applications left for a `times` fault; null for a sticky one. */
  readonly remaining: number | null;
  readonly hits: number;
  readonly createdAt: string;
}
