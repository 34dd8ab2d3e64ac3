/**
 * Sequence: which step answers a fault's nth application. Steps are counted by the fault's `hits`
 * (requests it shaped, whatever path matched); past the end the last step repeats.
 */
import type { FaultAction } from "./faultActionSchema.ts";
import type { Fault } from "./faultSchema.ts";
import type { SequenceStep } from "./sequenceSchema.ts";

/** The action for the application just counted (`hits` already includes it). */
export function actionFor(fault: Pick<Fault, "sequence" | "hits"> & FaultAction): FaultAction | SequenceStep {
  if (!fault.sequence) return fault;
  const step = fault.sequence[Math.min(fault.hits, fault.sequence.length) - 1];
  if (!step) throw new Error(`Failed to find step ${fault.hits} of a ${fault.sequence.length}-step sequence: a fault is only acted on once counted.`);
  return step;
}
