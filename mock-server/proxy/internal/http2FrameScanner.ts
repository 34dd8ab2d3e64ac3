/**
 * Reads HTTP/2 frame heads (RFC 9113 §4.1) out of a byte stream as it passes, without holding it:
 * payloads go on unread, and only an unfinished frame head, or an RST_STREAM frame (RFC 9113 §6.4)
 * whose error code is not all there yet, waits for the next chunk (13 bytes at most).
 */
export const DATA = 0x0;
export const HEADERS = 0x1;
export const RST_STREAM = 0x3;
export const END_STREAM = 0x1;

const HEAD_BYTES = 9;
const RST_STREAM_PAYLOAD_BYTES = 4;

export interface FrameListener {
  /** Every frame but a well-formed RST_STREAM. */
  readonly head: (type: number, flags: number, streamId: number) => void;
  /** An RST_STREAM frame: returns the error code to pass on in its place. */
  readonly reset: (streamId: number, code: number) => number;
}

export class Http2FrameScanner {
  #held: Buffer = Buffer.alloc(0);
  /** Bytes to pass on unread: the rest of a frame's payload, or a preface before the first frame. */
  #unread: number;

  constructor(prefaceBytes = 0) {
    this.#unread = prefaceBytes;
  }

  /** The bytes that may go on now, `chunk` with any code `listener.reset` changed written in. */
  scan(chunk: Buffer, listener: FrameListener): Buffer {
    const bytes = this.#held.length === 0 ? chunk : Buffer.concat([this.#held, chunk]);
    let at = 0;
    for (;;) {
      const skipped = Math.min(this.#unread, bytes.length - at);
      at += skipped;
      this.#unread -= skipped;
      if (this.#unread > 0 || bytes.length - at < HEAD_BYTES) break;
      const length = bytes.readUIntBE(at, 3);
      const type = bytes[at + 3] ?? 0;
      const flags = bytes[at + 4] ?? 0;
      const streamId = bytes.readUInt32BE(at + 5) & 0x7fffffff;
      if (type === RST_STREAM && length === RST_STREAM_PAYLOAD_BYTES) {
        if (bytes.length - at < HEAD_BYTES + RST_STREAM_PAYLOAD_BYTES) break;
        const code = bytes.readUInt32BE(at + HEAD_BYTES);
        const passed = listener.reset(streamId, code);
        if (passed !== code) bytes.writeUInt32BE(passed, at + HEAD_BYTES);
        at += HEAD_BYTES + RST_STREAM_PAYLOAD_BYTES;
        continue;
      }
      listener.head(type, flags, streamId);
      at += HEAD_BYTES;
      this.#unread = length;
    }
    // A copy: the writer of `chunk` may reuse it.
    this.#held = Buffer.from(bytes.subarray(at));
    return bytes.subarray(0, at);
  }

  /** What is held at the stream's end (an unfinished frame), to pass on as it came. */
  flush(): Buffer {
    const held = this.#held;
    this.#held = Buffer.alloc(0);
    return held;
  }
}
