/**
 * What the report learns from the probe's tests (specs/probe.setup.ts): the facts each part attached,
 * merged, and what went wrong when a part failed (no clause test runs then: Playwright skips a setup
 * project's dependents). A merged sharded run has one probe per shard; where two shards' probes saw
 * the app differently, the report says so, since each shard's verdicts rest on its own.
 */
import type { TestCase, TestResult } from "@playwright/test/reporter";
import { type AppFacts, FACTS_ATTACHMENT, factLines, PROBE_TAG } from "../../kit/appFacts.ts";
import { oneLine } from "./testOutcome.ts";

export interface ProbeRecord {
  /** What the probe learned, in the report's words, one line per fact. */
  readonly learned: readonly string[];
  readonly facts: AppFacts;
  /** Why the probe could not run, when it could not: then no clause test ran. */
  readonly failure?: string;
  /** Facts two shards' probes saw differently. */
  readonly disagreements: readonly string[];
}

export const isProbe = (test: TestCase): boolean => test.tags.includes(PROBE_TAG);

/**
 * A fact as far as it shapes a verdict: whether a signal came, not after how many ms, and how a
 * worker took control, not how long it took (two probes on one machine never time alike).
 */
function verdictShaping(value: unknown): string {
  return JSON.stringify(value, (key, inner: unknown) => {
    if (key === "afterMs") return inner !== null;
    if (key === "ms") return undefined;
    return inner;
  });
}

export class ProbeCollector {
  readonly #parts = new Map<string, Partial<AppFacts>>();
  readonly #failures: string[] = [];
  readonly #disagreements = new Set<string>();

  add(test: TestCase, result: TestResult): void {
    if (result.status !== "passed") {
      this.#failures.push(`${test.title}: ${oneLine(result.errors?.[0]?.message ?? result.error?.message ?? result.status)}`);
      return;
    }
    const attached = result.attachments.find((attachment) => attachment.name === FACTS_ATTACHMENT)?.body;
    if (attached === undefined) return;
    const facts = JSON.parse(attached.toString("utf8")) as Partial<AppFacts>;
    const earlier = this.#parts.get(test.title);
    if (earlier === undefined) this.#parts.set(test.title, facts);
    else
      for (const key of Object.keys(facts) as (keyof AppFacts)[])
        if (verdictShaping(earlier[key]?.value) !== verdictShaping(facts[key]?.value)) this.#disagreements.add(key);
  }

  /** Undefined when no probe ran (a run of a config without one). */
  record(): ProbeRecord | undefined {
    if (this.#parts.size === 0 && this.#failures.length === 0) return undefined;
    const facts = Object.assign({}, ...this.#parts.values()) as AppFacts;
    return {
      learned: facts.control === undefined ? [] : factLines(facts),
      facts,
      ...(this.#failures.length > 0 ? { failure: this.#failures.join("; ") } : {}),
      disagreements: [...this.#disagreements],
    };
  }
}

/** The report's section on the probe, as Markdown lines (empty when no probe ran). */
export function probeMarkdown(probe: ProbeRecord | undefined): string[] {
  if (probe === undefined) return [];
  return [
    "",
    "## What the kit learned about your app",
    "",
    "Learned once, before the clause tests, by the kit's probe (its trace is in the Playwright report); every test's windows rest on these and on the app alone.",
    "",
    ...probe.learned.map((line) => `- ${line}`),
    ...(probe.failure ? [`- The probe could not finish, so no clause test ran: ${probe.failure}`] : []),
    ...(probe.disagreements.length > 0
      ? [`- Shards' probes saw these differently (each shard's verdicts rest on its own): ${probe.disagreements.join(", ")}`]
      : []),
  ];
}
