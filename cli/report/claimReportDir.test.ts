import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { claimReportDir, REPORT_DIR_MARKER, REPORT_ENTRIES, recordReportEntries } from "./claimReportDir.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "pck-reportdir-"));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const listed = (dir: string) => (JSON.parse(readFileSync(join(dir, REPORT_DIR_MARKER), "utf8")) as { wrote: string[] }).wrote;

/** What a run leaves: every name the kit writes. */
function writeReport(dir: string): void {
  mkdirSync(join(dir, "html"));
  writeFileSync(join(dir, "html", "index.html"), "kit\n");
  mkdirSync(join(dir, "artifacts"));
  writeFileSync(join(dir, "artifacts", "trace.zip"), "kit\n");
  for (const name of ["conformance.md", "conformance.json", "conformance.html", "junit.xml"]) writeFileSync(join(dir, name), "kit\n");
}

describe("claimReportDir", () => {
  test("creates a missing directory, and its parents, with the marker alone", () => {
    const dir = join(root, "a", "b");
    claimReportDir(dir, false);
    expect(readdirSync(dir)).toEqual([REPORT_DIR_MARKER]);
    expect(listed(dir)).toEqual([...REPORT_ENTRIES]);
  });

  test("takes an empty directory", () => {
    claimReportDir(root, false);
    expect(readdirSync(root)).toEqual([REPORT_DIR_MARKER]);
  });

  test("on re-use removes what its marker lists and nothing else", () => {
    claimReportDir(root, false);
    writeReport(root);
    writeFileSync(join(root, "notes.txt"), "mine\n");
    claimReportDir(root, false);
    expect(readdirSync(root).sort()).toEqual([REPORT_DIR_MARKER, "notes.txt"]);
  });

  test("after a run lists only what the run wrote, so a later file of the user's under another of its names is kept", () => {
    claimReportDir(root, false);
    writeFileSync(join(root, "junit.xml"), "kit\n");
    recordReportEntries(root);
    expect(listed(root)).toEqual(["junit.xml"]);
    mkdirSync(join(root, "artifacts"));
    writeFileSync(join(root, "artifacts", "build.zip"), "mine\n");
    expect(() => claimReportDir(root, true)).toThrow(
      `Failed to use ${root} as the report directory: artifacts/ would be replaced, and the kit did not write them.`,
    );
    expect(readFileSync(join(root, "artifacts", "build.zip"), "utf8")).toBe("mine\n");
    expect(readFileSync(join(root, "junit.xml"), "utf8")).toBe("kit\n");
  });

  test("refuses a non-empty directory it did not create unless forced, and then writes beside its files", () => {
    writeFileSync(join(root, "package.json"), "{}\n");
    expect(() => claimReportDir(root, false)).toThrow(
      `Failed to use ${root} as the report directory: it is not empty and the kit did not create it (it holds package.json). Name a new or empty directory with --report-dir, or pass --force to write the report beside those files.`,
    );
    expect(readdirSync(root)).toEqual(["package.json"]);
    claimReportDir(root, true);
    expect(readdirSync(root).sort()).toEqual([REPORT_DIR_MARKER, "package.json"]);
  });

  test("never replaces a file of the user's, even when forced", () => {
    writeReport(root);
    expect(() => claimReportDir(root, true)).toThrow(
      /: artifacts\/, conformance\.html, conformance\.json, conformance\.md, html\/ and 1 more would be replaced/,
    );
    expect(existsSync(join(root, REPORT_DIR_MARKER))).toBe(false);
    expect(readFileSync(join(root, "html", "index.html"), "utf8")).toBe("kit\n");
  });

  test("refuses a file, and a path it cannot create, leaving nothing behind", () => {
    const file = join(root, "file");
    writeFileSync(file, "mine\n");
    expect(() => claimReportDir(file, false)).toThrow(`Failed to use ${file} as the report directory: it is not a directory.`);
    expect(() => claimReportDir(join(file, "sub"), false)).toThrow(": ENOTDIR.");
    expect(() => claimReportDir("/proc/self/report/sub", false)).toThrow(": ENOENT.");
    expect(readdirSync(root)).toEqual(["file"]);
  });

  test("a marker's name holding a symbolic link is not the kit's: the claim refuses, even forced, and the link's target is untouched", () => {
    const mine = join(root, "mine.txt");
    writeFileSync(mine, "my notes\n");
    const dir = join(root, "report");
    mkdirSync(dir);
    symlinkSync(mine, join(dir, REPORT_DIR_MARKER));
    expect(() => claimReportDir(dir, false)).toThrow(
      `Failed to use ${dir} as the report directory: it is not empty and the kit did not create it (it holds ${REPORT_DIR_MARKER}).`,
    );
    expect(() => claimReportDir(dir, true)).toThrow(
      `Failed to use ${dir} as the report directory: ${REPORT_DIR_MARKER} would be replaced, and the kit did not write them. Move them, or name another directory with --report-dir.`,
    );
    expect(readFileSync(mine, "utf8")).toBe("my notes\n");
    expect(lstatSync(join(dir, REPORT_DIR_MARKER)).isSymbolicLink()).toBe(true);
  });

  test("a link that looks like a marker is not read as one, and a link put at the marker's name after the claim is replaced, not written through", () => {
    const elsewhere = join(root, "elsewhere");
    claimReportDir(elsewhere, false);
    const dir = join(root, "report");
    mkdirSync(dir);
    writeFileSync(join(dir, "junit.xml"), "mine\n");
    symlinkSync(join(elsewhere, REPORT_DIR_MARKER), join(dir, REPORT_DIR_MARKER));
    // The link's target lists junit.xml: read through the link, the claim would remove the user's file.
    expect(() => claimReportDir(dir, true)).toThrow(/: (junit\.xml, \.pwa-conformance-kit|\.pwa-conformance-kit, junit\.xml) would be replaced/);
    expect(readFileSync(join(dir, "junit.xml"), "utf8")).toBe("mine\n");

    const claimed = join(root, "claimed");
    claimReportDir(claimed, false);
    const before = readFileSync(join(elsewhere, REPORT_DIR_MARKER), "utf8");
    rmSync(join(claimed, REPORT_DIR_MARKER));
    symlinkSync(join(elsewhere, REPORT_DIR_MARKER), join(claimed, REPORT_DIR_MARKER));
    writeFileSync(join(claimed, "junit.xml"), "kit\n");
    recordReportEntries(claimed);
    expect(readFileSync(join(elsewhere, REPORT_DIR_MARKER), "utf8")).toBe(before);
  });

  test("undo removes what the claim added", () => {
    claimReportDir(join(root, "new", "dir"), false).undo();
    writeFileSync(join(root, "package.json"), "{}\n");
    claimReportDir(root, true).undo();
    expect(readdirSync(root)).toEqual(["package.json"]);
  });
});
