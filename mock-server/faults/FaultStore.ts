/**
 * The active faults. The most recently added matching fault wins (as WireMock's stubs do), and a
 * `times` fault disappears after its last application. A fault with a `probability` draws from its
 * own seeded generator for every request it matches, so a seed replays the same decisions.
 */
import type { Fault, FaultSpec } from "./faultSchema.ts";
import { type NearMiss, nearMisses } from "./nearMisses.ts";
import { compileMatch, type MatchRequest, type RequestMatcher } from "./requestMatcher.ts";
import { type Random, randomSeed, seededRandom } from "./seededRandom.ts";

export type FaultRequest = MatchRequest;

interface Entry {
  fault: Fault;
  readonly matcher: RequestMatcher;
  readonly random: Random;
}

/** The fault a request matched; `applied` is false when its `probability` draw spared the request. */
export interface TakenFault {
  readonly fault: Fault;
  readonly applied: boolean;
  /** The fault's own generator, for what else it draws (jitter, garbage bytes). */
  readonly random: Random;
}

/** A fault that draws gets a seed even when it names none; the stored fault shows it for a replay. */
function drawsRandomly(spec: FaultSpec): boolean {
  return [spec, ...(spec.sequence ?? [])].some((action) => action.jitterMs !== undefined || action.garbage !== undefined) || spec.probability !== undefined;
}

/**
 * The most faults the control API keeps. Every request walks the list (newest first), so a long one
 * slows pages no fault is about: 10,000 faults took an unrelated page from 0.5 to 18 ms,
 * about 1.75 µs each, so 1,000 cost under 2 ms. Five times a scenario's maximum (MAX_SCENARIO_FAULTS).
 */
export const MAX_FAULTS = 1_000;

export class FaultStore {
  #entries: Entry[] = [];
  #nextId = 1;

  add(spec: FaultSpec): Fault {
    const entry = this.#entry(spec);
    this.#entries.push(entry);
    return entry.fault;
  }

  #entry(spec: FaultSpec): Entry {
    const seed = spec.seed ?? (drawsRandomly(spec) ? randomSeed() : undefined);
    const fault: Fault = {
      ...spec,
      ...(seed === undefined ? {} : { seed }),
      id: `f${this.#nextId++}`,
      remaining: spec.times ?? null,
      hits: 0,
      createdAt: new Date().toISOString(),
    };
    return { fault, matcher: compileMatch(spec), random: seededRandom(seed ?? 0) };
  }

  get size(): number {
    return this.#entries.length;
  }

  list(): Fault[] {
    return this.#entries.map((entry) => entry.fault);
  }

  remove(id: string): boolean {
    const before = this.#entries.length;
    this.#entries = this.#entries.filter((entry) => entry.fault.id !== id);
    return this.#entries.length !== before;
  }

  clear(): void {
    this.#entries = [];
  }

  /**
   * Back to `specs` with ids counted from f1 again, as `POST /__mock/reset` promises. Safe because
   * the reset also empties the journal, and a request in flight across it is not journaled
   * (journalRequests.ts), so no entry names an old fault by an id a new one now has.
   */
  reset(specs: readonly FaultSpec[]): Fault[] {
    this.#nextId = 1;
    return this.replace(specs);
  }

  /** For a request no fault matched: the faults it nearly matched, closest first (nearMisses.ts). */
  nearMisses(request: FaultRequest): NearMiss[] {
    return nearMisses(this.#newestFirst(), request);
  }

  *#newestFirst(): Generator<{ readonly id: string; readonly matcher: RequestMatcher }> {
    for (let i = this.#entries.length - 1; i >= 0; i--) {
      const entry = this.#entries[i];
      if (entry) yield { id: entry.fault.id, matcher: entry.matcher };
    }
  }

  /** Replaces every fault at once (a scenario): no request sees a mix of the old and new lists. */
  replace(specs: readonly FaultSpec[]): Fault[] {
    const entries = specs.map((spec) => this.#entry(spec));
    this.#entries = entries;
    return this.list();
  }

  /**
   * Finds the fault for a request and counts one application of it. A request its `probability`
   * spares is not counted (neither `hits` nor `times`) and goes on untouched, not to an older fault.
   */
  take(request: FaultRequest): TakenFault | undefined {
    for (let i = this.#entries.length - 1; i >= 0; i--) {
      const entry = this.#entries[i];
      if (!entry || !matches(entry, request)) continue;
      const { probability } = entry.fault;
      if (probability !== undefined && !(entry.random() < probability)) return { fault: entry.fault, applied: false, random: entry.random };
      const remaining = entry.fault.remaining === null ? null : entry.fault.remaining - 1;
      entry.fault = { ...entry.fault, remaining, hits: entry.fault.hits + 1 };
      if (remaining === 0) this.#entries.splice(i, 1);
      return { fault: entry.fault, applied: true, random: entry.random };
    }
    return undefined;
  }
}

function matches(entry: Entry, request: FaultRequest): boolean {
  return entry.matcher.matches(request);
}
