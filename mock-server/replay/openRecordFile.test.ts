import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, onTestFinished, test } from "vitest";
import { HarRecorder, RecordFileError } from "./harRecorder.ts";

const CREATOR = { name: "pwa-conformance-kit", version: "1" };

function folder(): string {
  return mkdtempSync(join(tmpdir(), "pck-record-file-"));
}

function record(file: string, force = false): HarRecorder {
  const recorder = new HarRecorder(file, CREATOR, { force });
  onTestFinished(() => recorder.close());
  return recorder;
}

const refusal = (file: string, why: string) => new RecordFileError(`Failed to record to '${file}': ${why}.`);

test("refuses an existing file that is not a HAR the kit recorded, unless forced, and leaves it as it was", () => {
  const dir = folder();
  const notes = join(dir, "notes.txt");
  writeFileSync(notes, "my notes\n");
  expect(() => record(notes)).toThrow(refusal(notes, "it exists and is not a HAR this kit recorded. Name a new file, or pass --force to replace it"));
  expect(readFileSync(notes, "utf8")).toBe("my notes\n");
  expect(readdirSync(dir)).toEqual(["notes.txt"]);
  record(notes, true);
  expect(JSON.parse(readFileSync(notes, "utf8"))).toMatchObject({ log: { creator: CREATOR, entries: [] } });
});

test("replaces a HAR it recorded before, or an empty file, without --force, through a temporary file renamed over it", () => {
  const dir = folder();
  const earlier = join(dir, "app.har");
  record(earlier).add({
    started: new Date(0),
    durationMs: 1,
    method: "GET",
    url: "http://127.0.0.1/app/",
    requestRawHeaders: [],
    requestBody: null,
    status: 200,
    statusText: "OK",
    responseRawHeaders: [],
    body: Buffer.from("old"),
    bodySize: 3,
  });
  record(earlier);
  expect(JSON.parse(readFileSync(earlier, "utf8")).log.entries).toEqual([]);
  writeFileSync(join(dir, "empty.har"), "");
  record(join(dir, "empty.har"));
  expect(readdirSync(dir).sort()).toEqual(["app.har", "empty.har"]);
});

test("never writes through a symbolic link, even forced: its target stays as it was", () => {
  const dir = folder();
  const target = join(dir, "bashrc");
  writeFileSync(target, "export PATH\n");
  const link = join(dir, "out.har");
  symlinkSync(target, link);
  for (const force of [false, true])
    expect(() => record(link, force)).toThrow(
      refusal(link, "it is a symbolic link, and the recorder writes through none. Name the file itself, or a new file"),
    );
  expect(readFileSync(target, "utf8")).toBe("export PATH\n");
  expect(readdirSync(dir).sort()).toEqual(["bashrc", "out.har"]);
});

test("refuses a directory, a device and a FIFO without opening them, even forced", () => {
  const dir = folder();
  mkdirSync(join(dir, "sub"));
  const fifo = join(dir, "pipe.har");
  execFileSync("mkfifo", [fifo]);
  expect(() => record(join(dir, "sub"), true)).toThrow(refusal(join(dir, "sub"), "it is a directory. Give the path of a file to write"));
  const special = "it is not a regular file (a device, pipe or socket). Give the path of a file to write";
  expect(() => record("/dev/null", true)).toThrow(refusal("/dev/null", special));
  // Opening a FIFO for writing waited for a reader forever.
  expect(() => record(fifo, true)).toThrow(refusal(fifo, special));
  expect(readdirSync(dir).sort()).toEqual(["pipe.har", "sub"]);
});
