import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { replaceFile } from "./replaceFile.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "pck-replace-"));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("replaceFile", () => {
  test("writes a new file and replaces an existing one whole", () => {
    const file = join(root, "report.md");
    replaceFile(file, "first\n");
    replaceFile(file, Buffer.from("second\n"));
    expect(readFileSync(file, "utf8")).toBe("second\n");
    expect(readdirSync(root)).toEqual(["report.md"]);
  });

  test("replaces a symbolic link at the name, never the file it points at", () => {
    const users = join(root, "users-notes.txt");
    writeFileSync(users, "mine\n");
    const file = join(root, "report.md");
    symlinkSync(users, file);
    replaceFile(file, "the kit's\n");
    expect(readFileSync(users, "utf8")).toBe("mine\n");
    expect(lstatSync(file).isFile()).toBe(true);
    expect(readFileSync(file, "utf8")).toBe("the kit's\n");
  });

  test("a name it cannot replace (a directory) is left as it was, with no temporary file beside it", () => {
    const file = join(root, "report.md");
    mkdirSync(file);
    expect(() => replaceFile(file, "text")).toThrow();
    expect(lstatSync(file).isDirectory()).toBe(true);
    expect(readdirSync(root)).toEqual(["report.md"]);
  });
});
