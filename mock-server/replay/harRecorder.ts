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
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { Writable } from "node:stream";
import type { Request } from "express";
import type { UpstreamAnswer } from "../proxy/proxyToUpstream.ts";
import { MAX_HAR_BYTES, MAX_HAR_ENTRIES } from "./harInput.ts";
import { type Exchange, MAX_RECORDED_BODY_BYTES, recordedContent, recordedEntry } from "./recordedEntry.ts";

export class RecordFileError extends Error {}

const TAIL = "\n]}}\n";

export class HarRecorder {
  readonly file: string;
  readonly #fd: number;
  readonly #controlToken: string | undefined;
  /** Where the closing brackets begin: the next entry goes there. */
  #position: number;
  #entries = 0;
  #notRecorded = 0;
  #closed = false;
  /** The closing brackets, with the log's comment once something was left out. */
  #tail = TAIL;

  /** Creates (or empties) `file` and writes an empty HAR to it. */
  constructor(file: string, creator: { name: string; version: string }, controlToken?: string) {
    this.file = file;
    this.#controlToken = controlToken;
    try {
      this.#fd = openSync(file, "w");
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      const why =
        code === "ENOENT" ? "its folder does not exist" : code === "EACCES" ? "this user may not write it" : code === "EISDIR" ? "it is a directory" : message;
      throw new RecordFileError(`Failed to record to '${file}': ${why}. Give the path of a file to write, in a folder that exists.`);
    }
    const head = `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"pages":[],"entries":[`;
    writeSync(this.#fd, head + TAIL, 0);
    this.#position = Buffer.byteLength(head);
  }

  /** How many entries are in the file, and how many were left out at its limits. */
  get counts(): { readonly entries: number; readonly notRecorded: number } {
    return { entries: this.#entries, notRecorded: this.#notRecorded };
  }

  /** The proxy's hook (proxyToUpstream.ts `onUpstreamResponse`): a stream that gets the upstream's body as it passes. */
  readonly tap = (req: Request, incoming: UpstreamAnswer): Writable => {
    const started = new Date();
    const startedAt = performance.now();
    const chunks: Buffer[] = [];
    let size = 0;
    const base = {
      method: req.method,
      url: `${req.protocol}://${req.headers.host ?? "localhost"}${req.url}`,
      requestRawHeaders: [...req.rawHeaders],
      requestBody: req.res?.locals.requestBody?.complete ? req.res.locals.requestBody : null,
      status: incoming.statusCode,
      statusText: incoming.statusMessage,
      responseRawHeaders: [...incoming.rawHeaders],
    };
    return new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        size += chunk.length;
        if (size <= MAX_RECORDED_BODY_BYTES) chunks.push(chunk);
        else chunks.length = 0;
        done();
      },
      final: (done) => {
        this.add({
          ...base,
          started,
          durationMs: Math.round(performance.now() - startedAt),
          body: size <= MAX_RECORDED_BODY_BYTES ? Buffer.concat(chunks) : null,
          bodySize: size,
        });
        done();
      },
    });
  };

  /** Writes one exchange; past the limits, without its body, or not at all. */
  add(exchange: Exchange): void {
    if (this.#closed) return;
    if (this.#entries >= MAX_HAR_ENTRIES) {
      this.#leaveOut();
      return;
    }
    const separator = this.#entries === 0 ? "\n" : ",\n";
    const withBody = separator + JSON.stringify(recordedEntry(exchange, recordedContent(exchange, this.#controlToken), this.#controlToken));
    const text =
      this.#fits(withBody) || exchange.body === null
        ? withBody
        : separator + JSON.stringify(recordedEntry(exchange, recordedContent(exchange, this.#controlToken, false), this.#controlToken));
    if (!this.#fits(text)) {
      this.#leaveOut();
      return;
    }
    const bytes = Buffer.from(text);
    writeSync(this.#fd, Buffer.concat([bytes, Buffer.from(this.#tail)]), 0, bytes.length + Buffer.byteLength(this.#tail), this.#position);
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

  /** Counts an exchange left out and says so in the file's log comment. */
  #leaveOut(): void {
    this.#notRecorded++;
    this.#tail = `\n],"comment":${JSON.stringify(`pwa-conformance-kit: ${this.#notRecorded} exchange(s) not recorded: a recording holds at most ${MAX_HAR_ENTRIES} entries and ${MAX_HAR_BYTES} bytes`)}}}\n`;
    // The comment only grows (its count does), so the longer tail covers the shorter one it replaces.
    writeSync(this.#fd, this.#tail, this.#position);
  }
}
