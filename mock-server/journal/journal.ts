/**
 * The request journal: one entry per request the app answered (control traffic under `/__mock/` is
 * not journaled). Bounded, oldest first out, with a count of what was dropped.
 */
import type { NearMiss } from "../faults/nearMisses.ts";
import type { HeaderRecord } from "../http/redactHeaders.ts";
import type { ReplayMatchKind } from "../replay/replayIndex.ts";
import type { JournaledBody } from "./journaledBody.ts";
import type { RequestKind } from "./requestKind.ts";

/**
 * `dropped`: a drop fault closed the connection with no response; `reset`: a reset fault aborted it
 * (RST); `garbage`: a garbage fault sent bytes that are not HTTP, then closed; `truncated`: a truncate
 * fault closed it partway through the body; `aborted`: the client went away first (e.g. from a hang);
 * `offline`: the network switch was off (`PUT /__mock/network`), so the connection was refused unanswered;
 * `upstream-reset`: the HTTP/2 upstream reset the stream part-way through the body, so the proxy cut the
 * client's connection.
 */
export type Outcome = "completed" | "aborted" | "dropped" | "reset" | "garbage" | "truncated" | "offline" | "upstream-reset";

export interface JournalEntry {
  readonly id: number;
  readonly time: string;
  readonly method: string;
  readonly url: string;
  /** The status sent, with the headers; null when none was (the client went away or a fault cut the connection first). */
  readonly status: number | null;
  readonly durationMs: number;
  /** Whether the service worker made the request (its script URL is the referrer); null when unknown. */
  readonly fromWorker: boolean | null;
  readonly accept: string | null;
  readonly secFetchMode: string | null;
  readonly secFetchDest: string | null;
  /**
   * Whether the browser sent the request as a worker's navigation preload (it carries a
   * `Service-Worker-Navigation-Preload` header). The worker asked for it on activation, but the browser
   * makes it with the navigation's own headers and referrer, so `fromWorker` is not true for it.
   */
  readonly navigationPreload: boolean;
  /** Which of the app's requests this is: the navigation, its preload, the worker's fetch, data, or a subresource. */
  readonly kind: RequestKind;
  readonly outcome: Outcome;
  /** The fault that matched the request: a fault id, `request` for `__status`/`x-mock-*`, or null. */
  readonly fault: string | null;
  /** Whether that fault shaped the response: false when its `probability` spared the request; null without a fault. */
  readonly faultApplied: boolean | null;
  /**
   * Whether matching the request against the faults' patterns would have cost more than one request
   * may (matchBudget.ts): it then went on as if no fault matched, with no near-misses.
   */
  readonly tooCostlyToMatch: boolean;
  /** ERR-4: the digest of the server-side error this response reported. */
  readonly digest: string | null;
  /** The request's headers as sent, names in lower case, credentials and the control token redacted (redactHeaders.ts). */
  readonly requestHeaders: HeaderRecord;
  /** The response's headers as sent, the same way; empty when none were sent. */
  readonly responseHeaders: HeaderRecord;
  /** For a request no fault matched: the faults it nearly matched and how, closest first; empty otherwise. */
  readonly nearMisses: readonly NearMiss[];
  /** The deploy in effect when the request arrived (`POST /__mock/deploy`): 0 before the first. */
  readonly deploy: number;
  /** The request's body, clipped, the control token redacted (journaledBody.ts); null for a request without one. */
  readonly requestBody: JournaledBody | null;
  /**
   * Replay (`--replay`, `POST /__mock/replay`): the HAR entry that answered, by its index in the
   * HAR's `log.entries`, and whether its query was the same (`exact`) or only its path (`path`);
   * null when the app (or nothing) answered.
   */
  readonly replayed: { readonly entry: number; readonly match: ReplayMatchKind } | null;
}

export type NewEntry = Omit<JournalEntry, "id">;

/** What the journal tells its subscribers (the live stream): a new entry, or that it was emptied. */
export type JournalChange = { readonly type: "entry"; readonly entry: JournalEntry } | { readonly type: "clear" };
export type JournalSubscriber = (change: JournalChange) => void;

export const DEFAULT_JOURNAL_LIMIT = 5_000;

/**
 * What the journal's entries may hold in all, as JSON characters; the oldest go first past it. An
 * entry of a browser's request is 1–2 kB, so DEFAULT_JOURNAL_LIMIT of them fit; 5,000 requests with
 * long header values took the server from 109 to 776 MB and its journal could no longer be read.
 */
export const MAX_JOURNAL_BYTES = 16 * 1024 * 1024;

/** A URL as an entry keeps it: 2,048 characters, the longest URL many servers and CDNs take. */
export const MAX_JOURNALED_URL_LENGTH = 2_048;

export class Journal {
  #entries: JournalEntry[] = [];
  /** Each entry's size as JSON, in the same order. */
  #sizes: number[] = [];
  #bytes = 0;
  #nextId = 1;
  #dropped = 0;
  #generation = 0;
  readonly #limit: number;
  readonly #maxBytes: number;
  readonly #subscribers = new Set<JournalSubscriber>();

  constructor(limit = DEFAULT_JOURNAL_LIMIT, maxBytes = MAX_JOURNAL_BYTES) {
    this.#limit = limit;
    this.#maxBytes = maxBytes;
  }

  add(entry: NewEntry): JournalEntry {
    const stored = { id: this.#nextId++, ...entry };
    const size = JSON.stringify(stored).length;
    this.#entries.push(stored);
    this.#sizes.push(size);
    this.#bytes += size;
    // The newest entry stays, whatever its size.
    while (this.#entries.length > 1 && (this.#entries.length > this.#limit || this.#bytes > this.#maxBytes)) {
      this.#entries.shift();
      this.#bytes -= this.#sizes.shift() ?? 0;
      this.#dropped++;
    }
    this.#notify({ type: "entry", entry: stored });
    return stored;
  }

  list(): { entries: readonly JournalEntry[]; dropped: number } {
    return { entries: [...this.#entries], dropped: this.#dropped };
  }

  /**
   * How many times the journal was emptied. A request journaled when it ends takes this when it
   * begins: one that began before the last clear belongs to the emptied journal (journalRequests.ts).
   */
  get generation(): number {
    return this.#generation;
  }

  /** What the entries hold, as JSON characters: at most MAX_JOURNAL_BYTES but for one larger entry alone. */
  get bytes(): number {
    return this.#bytes;
  }

  clear(): void {
    this.#entries = [];
    this.#sizes = [];
    this.#bytes = 0;
    this.#dropped = 0;
    this.#generation++;
    this.#notify({ type: "clear" });
  }

  /** Calls `subscriber` on every change from now on; returns the function that stops it. */
  subscribe(subscriber: JournalSubscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => {
      this.#subscribers.delete(subscriber);
    };
  }

  /** How many subscribers are listening: a stream whose client went away must not stay counted. */
  get subscriberCount(): number {
    return this.#subscribers.size;
  }

  #notify(change: JournalChange): void {
    for (const subscriber of this.#subscribers) {
      try {
        subscriber(change);
      } catch {
        // add() runs as a response finishes; a broken subscriber must not take the server down with it.
        this.#subscribers.delete(subscriber);
      }
    }
  }
}
