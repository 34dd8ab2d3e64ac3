/**
 * `sequence`: the responses a fault gives in turn, one step per application, e.g.
 * `[{"status": 503}, {"status": 503}, {"pass": true}]` — fails twice, then works. After the last step
 * the last step repeats (so a final `pass` keeps answering normally); `times` ends the fault instead.
 */
import { z } from "zod";
import { ACTION_NAMES, actionFields, checkAction, hasAction, listText } from "./faultActionSchema.ts";

/** Longer than any retry policy worth testing step by step. */
export const MAX_SEQUENCE_STEPS = 100;

/** What answers the request normally: `pass` makes an empty step explicit. */
const PASS_EXCLUDES = ["status", "redirect", "portal", "drop", "hang", "reset", "garbage"] as const;

export const SequenceStep = z
  .strictObject(
    { ...actionFields, pass: z.literal(true, { error: "must be true when present" }).optional() },
    { error: 'must be an object, e.g. {"status": 503} or {"pass": true}' },
  )
  .superRefine((step, ctx) => {
    checkAction(step, ctx);
    if (step.pass) {
      const clashing = PASS_EXCLUDES.filter((name) => step[name] !== undefined);
      if (clashing.length > 0) ctx.addIssue({ code: "custom", path: [], message: `pass answers normally, so it excludes ${listText(clashing)}` });
    } else if (!hasAction(step)) {
      ctx.addIssue({ code: "custom", path: [], message: `needs one of ${listText([...ACTION_NAMES, "pass"], "or")}` });
    }
  });

export type SequenceStep = z.output<typeof SequenceStep>;

export const SequenceSteps = z
  .array(SequenceStep, { error: "must be a list of steps" })
  .min(1, "must hold at least one step")
  .max(MAX_SEQUENCE_STEPS, `must hold at most ${MAX_SEQUENCE_STEPS} steps`);
