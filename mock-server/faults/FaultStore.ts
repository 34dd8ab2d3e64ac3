/**
 * The active faults. The most recently added matching fault wins (as WireMock's stubs do), and a
 * `times` fault disappears after its last application.
 */
import type { Representation } from "../representation.ts";
import type { Fault, FaultSpec } from "./faultSchema.ts";
import { compileGlob } from "./pathGlob.ts";

export interface FaultRequest {
  readonly method: string;
  readonly path: string;
  readonly representation: Representation;
}

interface Entry {
  fault: Fault;
  readonly matchesPath: (path: string) => boolean;
}

/**
 * The most faults the control API keeps. Every request walks the list (newest first), so a long one
 * slows pages no fault is about: 10,000 faults took an unrelated page from 0.5 to 18 ms (issue 13),
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
    const fault: Fault = { ...spec, id: `f${this.#nextId++}`, remaining: spec.times ?? null, hits: 0, createdAt: new Date().toISOString() };
    return { fault, matchesPath: compileGlob(spec.path) };
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

  /** Replaces every fault at once (a scenario): no request sees a mix of the old and new lists. */
  replace(specs: readonly FaultSpec[]): Fault[] {
    const entries = specs.map((spec) => this.#entry(spec));
    this.#entries = entries;
    return this.list();
  }

  /** Finds the fault for a request and counts one application of it. */
  take(request: FaultRequest): Fault | undefined {
    for (let i = this.#entries.length - 1; i >= 0; i--) {
      const entry = this.#entries[i];
      if (!entry || !matches(entry, request)) continue;
      const remaining = entry.fault.remaining === null ? null : entry.fault.remaining - 1;
      entry.fault = { ...entry.fault, remaining, hits: entry.fault.hits + 1 };
      if (remaining === 0) this.#entries.splice(i, 1);
      return entry.fault;
    }
    return undefined;
  }
}

function matches(entry: Entry, request: FaultRequest): boolean {
  const { fault } = entry;
  if (fault.methods && !fault.methods.includes(request.method as (typeof fault.methods)[number])) return false;
  if (fault.representation !== "any" && fault.representation !== request.representation) return false;
  return entry.matchesPath(request.path);
}
