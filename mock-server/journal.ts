/**
 * The request journal: one entry per request the app answered (control traffic under `/__mock/` is
 * not journaled). Bounded, oldest first out, with a count of what was dropped.
 */

/** `dropped`: a drop fault cut the connection; `aborted`: the client went away first (e.g. from a hang). */
export type Outcome = "completed" | "aborted" | "dropped";

export interface JournalEntry {
  readonly id: number;
  readonly time: string;
  readonly method: string;
  readonly url: string;
  /** null when no response was sent (the client went away or the connection was dropped). */
  readonly status: number | null;
  readonly durationMs: number;
  /** Whether the service worker made the request (its script URL is the referrer); null when unknown. */
  readonly fromWorker: boolean | null;
  readonly accept: string | null;
  readonly secFetchMode: string | null;
  readonly secFetchDest: string | null;
  readonly outcome: Outcome;
  /** The fault that shaped the response: a fault id, `request` for `__status`/`x-mock-*`, or null. */
  readonly fault: string | null;
  /** ERR-4: the digest of the server-side error this response reported. */
  readonly digest: string | null;
}

export type NewEntry = Omit<JournalEntry, "id">;

export const DEFAULT_JOURNAL_LIMIT = 5_000;

export class Journal {
  #entries: JournalEntry[] = [];
  #nextId = 1;
  #dropped = 0;
  readonly #limit: number;

  constructor(limit = DEFAULT_JOURNAL_LIMIT) {
    this.#limit = limit;
  }

  add(entry: NewEntry): JournalEntry {
    const stored = { id: this.#nextId++, ...entry };
    this.#entries.push(stored);
    if (this.#entries.length > this.#limit) {
      this.#entries.shift();
      this.#dropped++;
    }
    return stored;
  }

  list(): { entries: readonly JournalEntry[]; dropped: number } {
    return { entries: [...this.#entries], dropped: this.#dropped };
  }

  clear(): void {
    this.#entries = [];
    this.#dropped = 0;
  }
}
