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
  /** When the fault was added (the clock's ms): its `outage` counts from here. */
  readonly addedAt: number;
  /** A `quota` fault's current window: when it began and how many matching requests it has seen. */
  window?: { start: number; seen: number };
}

/** The fault a request matched; `applied` is false when its `probability` draw spared the request. */
export interface TakenFault {
  readonly fault: Fault;
  readonly applied: boolean;
  /** The fault's own generator, for what else it draws (jitter, garbage bytes). */
  readonly random: Random;
  /** For a `quota` fault that applied: ms until its window ends, which the 429's Retry-After says. */
  readonly quotaResetInMs?: number;
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
  readonly #now: () => number;

  /** `now`: the clock outages and quota windows run on (a test's fake one). */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

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
    return { fault, matcher: compileMatch(spec), random: seededRandom(seed ?? 0), addedAt: this.#now() };
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
   * Finds the fault for a request and counts one application of it. A request the fault spares (its
   * `probability` draw, outside its `outage`, within its `quota`) is not counted (neither `hits` nor
   * `times`) and goes on untouched, not to an older fault.
   */
  take(request: FaultRequest): TakenFault | undefined {
    for (let i = this.#entries.length - 1; i >= 0; i--) {
      const entry = this.#entries[i];
      if (!entry || !matches(entry, request)) continue;
      const spared = { fault: entry.fault, applied: false, random: entry.random };
      const { probability, outage } = entry.fault;
      const now = this.#now();
      if (outage && !(now - entry.addedAt >= outage.afterMs && now - entry.addedAt < outage.afterMs + outage.forMs)) return spared;
      const quotaResetInMs = this.#overQuota(entry, now);
      if (quotaResetInMs === null) return spared;
      if (probability !== undefined && !(entry.random() < probability)) return spared;
      const remaining = entry.fault.remaining === null ? null : entry.fault.remaining - 1;
      entry.fault = { ...entry.fault, remaining, hits: entry.fault.hits + 1 };
      if (remaining === 0) this.#entries.splice(i, 1);
      return { fault: entry.fault, applied: true, random: entry.random, ...(quotaResetInMs === undefined ? {} : { quotaResetInMs }) };
    }
    return undefined;
  }

  /**
   * Counts a request against the fault's quota (fixed windows, the first beginning at the first
   * matching request): null while within it, ms left in the window once over it, undefined for a
   * fault with no quota.
   */
  #overQuota(entry: Entry, now: number): number | null | undefined {
    const { quota } = entry.fault;
    if (!quota) return undefined;
    if (!entry.window || now >= entry.window.start + quota.windowMs) entry.window = { start: now, seen: 0 };
    entry.window.seen += 1;
    return entry.window.seen <= quota.limit ? null : entry.window.start + quota.windowMs - now;
  }
}

function matches(entry: Entry, request: FaultRequest): boolean {
  return entry.matcher.matches(request);
}
