import { expect, test } from "vitest";
import { DATA, END_STREAM, HEADERS, Http2FrameScanner, RST_STREAM } from "./http2FrameScanner.ts";

function frame(type: number, flags: number, streamId: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(streamId, 5);
  return Buffer.concat([head, payload]);
}

function code(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

test("sees every frame head and rewrites a reset's code, however the bytes are split, passing every byte on", () => {
  const wire = Buffer.concat([
    frame(HEADERS, 0x4, 1, Buffer.from("head")),
    frame(DATA, 0, 1, Buffer.alloc(40_000, 0x61)),
    frame(RST_STREAM, 0, 1, code(0)),
    frame(DATA, END_STREAM, 3, Buffer.from("end")),
  ]);
  for (const size of [1, 5, 9, 13, 100, wire.length]) {
    const heads: string[] = [];
    const resets: string[] = [];
    const scanner = new Http2FrameScanner();
    const passed: Buffer[] = [];
    for (let at = 0; at < wire.length; at += size)
      passed.push(
        scanner.scan(Buffer.from(wire.subarray(at, at + size)), {
          head: (type, flags, streamId) => heads.push(`${type}/${flags}/${streamId}`),
          reset: (streamId, was) => {
            resets.push(`${streamId}:${was}`);
            return 2;
          },
        }),
      );
    passed.push(scanner.flush());
    const out = Buffer.concat(passed);
    expect(heads).toEqual(["1/4/1", "0/0/1", "0/1/3"]);
    expect(resets).toEqual(["1:0"]);
    expect(out.length).toBe(wire.length);
    expect(out.readUInt32BE(9 + 4 + 9 + 40_000 + 9)).toBe(2);
  }
});

test("passes a client's connection preface by unread", () => {
  const heads: number[] = [];
  const scanner = new Http2FrameScanner(24);
  const wire = Buffer.concat([Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"), frame(HEADERS, END_STREAM, 1, Buffer.from("x"))]);
  expect(scanner.scan(wire, { head: (type) => heads.push(type), reset: (_id, was) => was }).length).toBe(wire.length);
  expect(heads).toEqual([HEADERS]);
});
