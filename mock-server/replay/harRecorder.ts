/**
 * `--record <file.har>`: writes each answer of the upstream (never a fault's: the tap sits in the
 * proxy, behind the faults) to a HAR file as its body ends. The file is a whole HAR after every
 * entry, so a server that is killed, even with SIGKILL, leaves one that loads: each entry is written
 * over the closing brackets, with the brackets after it, in one synchronous write. Synchronous on
 * purpose: nothing is pending at exit, and one write is a copy into the page cache (about 1 ms for
 * a MAX_RECORDED_BODY_BYTES body). An answer the upstream cut short is not recorded.
 *
 * Bounded: at most MAX_HAR_ENTRIES entries and MAX_HAR_BYTES in all, the limits replay loads with,
 * so every recording replays; bodies are left out first, then entries, and the HAR says how many.
 * The taps that copy bodies as they pass are recordingTap.ts's.
 *
 * The recorder never stops the server: an exchange it cannot file is left out and counted, and a
 * failed write (a full disk) is logged once, marks the file incomplete and ends the recording.
 */
import { closeSync, ftruncateSync, writeSync } from "node:fs";
import type { Writable } from "node:stream";
import type { Request } from "express";
import { type Logger, pino } from "pino";
import { writeAll } from "../../kit/replaceFile.ts";
import type { UpstreamAnswer } from "../proxy/proxyToUpstream.ts";
import { MAX_HAR_BYTES, MAX_HAR_ENTRIES } from "./harInput.ts";
import { openRecordFile, RecordFileError } from "./openRecordFile.ts";
import { type Exchange, recordedContent, recordedEntry } from "./recordedEntry.ts";
import { recordingTap, type TapSink } from "./recordingTap.ts";

export { RecordFileError };

const TAIL = "\n]}}\n";

export interface RecorderOptions {
  /** Redacted wherever it appears (recordedEntry.ts). */
  readonly controlToken?: string;
  /** Where a failed write is reported; silent by default. */
  readonly logger?: Logger;
  /** Replace an existing regular file that is not a HAR the kit recorded (`--force`). */
  readonly force?: boolean;
}

export class HarRecorder {
  readonly file: string;
  readonly #fd: number;
  readonly #controlToken: string | undefined;
  readonly #logger: Logger;
  /** Where the closing brackets begin: the next entry goes there. */
  #position: number;
  #entries = 0;
  #notRecorded = 0;
  /** Why writing failed (an errno code such as ENOSPC), after which nothing more is written. */
  #failed: string | null = null;
  #closed = false;
  /** What the taps hand their exchanges to, with the body bytes they hold together. */
  readonly #sink: TapSink;
  /** The closing brackets, with the log's comment once something was left out. */
  #tail = TAIL;

  /** Writes an empty HAR to `file` (openRecordFile.ts says which files it may replace), or throws a RecordFileError. */
  constructor(file: string, creator: { name: string; version: string }, { controlToken, logger, force = false }: RecorderOptions = {}) {
    this.file = file;
    this.#controlToken = controlToken;
    this.#logger = logger ?? pino({ level: "silent" });
    this.#sink = { held: { bytes: 0 }, add: (exchange) => this.add(exchange), leaveOut: (why) => this.#leaveOut(why), logger: this.#logger };
    const head = `{"log":{"version":"1.2","creator":${JSON.stringify({ name: creator.name, version: creator.version })},"pages":[],"entries":[`;
    const ownStart = `{"log":{"version":"1.2","creator":{"name":${JSON.stringify(creator.name)},`;
    this.#fd = openRecordFile(file, head + TAIL, ownStart, force);
    this.#position = Buffer.byteLength(head);
  }

  /** How many entries are in the file, how many were left out at its limits, and why writing stopped, if it did. */
  get counts(): { readonly entries: number; readonly notRecorded: number; readonly failed: string | null } {
    return { entries: this.#entries, notRecorded: this.#notRecorded, failed: this.#failed };
  }

  /** The proxy's hook (proxyToUpstream.ts `onUpstreamResponse`): a stream that gets the upstream's body as it passes. */
  readonly tap = (req: Request, incoming: UpstreamAnswer): Writable => recordingTap(req, incoming, this.#sink);

  /** Writes one exchange; past the limits, without its body, or not at all. Never throws. */
  add(exchange: Exchange): void {
    if (this.#closed || this.#failed !== null) {
      this.#notRecorded++;
      return;
    }
    if (this.#entries >= MAX_HAR_ENTRIES) {
      this.#leaveOut();
      return;
    }
    let text: string;
    try {
      const separator = this.#entries === 0 ? "\n" : ",\n";
      const withBody = separator + JSON.stringify(recordedEntry(exchange, recordedContent(exchange, this.#controlToken), this.#controlToken));
      text =
        this.#fits(withBody) || exchange.body === null
          ? withBody
          : separator + JSON.stringify(recordedEntry(exchange, recordedContent(exchange, this.#controlToken, false), this.#controlToken));
    } catch (error) {
      // A defect of the recorder's, not the client's: logged, and the server goes on.
      this.#logger.error({ err: error, file: this.file, method: exchange.method }, "failed to make a recording's entry");
      this.#leaveOut();
      return;
    }
    if (!this.#fits(text)) {
      this.#leaveOut();
      return;
    }
    const bytes = Buffer.from(text);
    if (!this.#write(Buffer.concat([bytes, Buffer.from(this.#tail)]), this.#position)) {
      this.#notRecorded++;
      return;
    }
    this.#position += bytes.length;
    this.#entries++;
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#fd);
  }

  #fits(text: string): boolean {
    // Room for the longest closing (#leaveOut's) too.
    return this.#position + Buffer.byteLength(text) + 300 <= MAX_HAR_BYTES;
  }

  /** Writes all of `bytes` at `position`; a failure ends the recording (#stop) and answers false. */
  #write(bytes: Buffer, position: number): boolean {
    if (this.#failed !== null) return false;
    try {
      // Whole or not at all: a filling disk writes part of a buffer, and the next call says why.
      writeAll(this.#fd, bytes, position);
      return true;
    } catch (error) {
      this.#stop((error as NodeJS.ErrnoException).code ?? (error as Error).message);
      return false;
    }
  }

  /**
   * After a failed write: logged once, the exchange counted as not recorded, and the file cut back
   * to the entries written whole, closed by a comment saying it is incomplete, if the disk still
   * takes that much (cutting frees the room the failed write took).
   */
  #stop(why: string): void {
    this.#failed = why;
    this.#logger.error(
      { file: this.file, code: why, entries: this.#entries },
      `Failed to write the recording '${this.file}': ${why}. The recording stops here, incomplete (its ${this.#entries} entries stay); the server goes on serving. Free some space or fix the file's permissions, then record again.`,
    );
    this.#tail = this.#closing();
    try {
      ftruncateSync(this.#fd, this.#position);
      writeSync(this.#fd, this.#tail, this.#position);
    } catch {
      // Nothing more can be done for the file; the log says why.
    }
  }

  /** Counts an exchange left out and says so in the file's log comment; `why`, when it is not a limit, goes to the log. */
  #leaveOut(why?: string): void {
    this.#notRecorded++;
    if (why !== undefined) this.#logger.warn({ file: this.file, why }, "an exchange was not recorded");
    if (this.#failed !== null) return;
    this.#tail = this.#closing();
    // The comment only grows (its count does), so the longer tail covers the shorter one it replaces.
    this.#write(Buffer.from(this.#tail), this.#position);
  }

  /** The closing brackets, with a comment once something was left out or writing failed. */
  #closing(): string {
    if (this.#notRecorded === 0 && this.#failed === null) return TAIL;
    const comment =
      this.#failed !== null
        ? `pwa-conformance-kit: incomplete: writing the recording failed (${this.#failed}) after ${this.#entries} entries`
        : `pwa-conformance-kit: ${this.#notRecorded} exchange(s) not recorded: a recording holds at most ${MAX_HAR_ENTRIES} entries and ${MAX_HAR_BYTES} bytes (the server's log names any other reason)`;
    return `\n],"comment":${JSON.stringify(comment)}}}\n`;
  }
}
