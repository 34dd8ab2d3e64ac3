import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { copyChecklistPage, onChecklistPage, onGitHub } from "./checklistLinks.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pck-checklist-links-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

test("a clause links to its anchor on the page beside the report, and a level to its rule there", () => {
  expect(onChecklistPage("NAV-3", "Store only real documents")).toBe("checklist.html#nav-3");
  expect(onChecklistPage("NAV-3", "Store only real documents", "recommended")).toBe("checklist.html#nav-3-recommended");
});

test("on GitHub, a clause links to its heading in docs/conformance.md", () => {
  expect(onGitHub("NAV-3", "Store only real documents", "recommended")).toBe(
    "https://github.com/pwa-conformance-kit/pwa-conformance-kit/blob/main/docs/conformance.md#nav-3--store-only-real-documents",
  );
});

test("copies the built page into the report directory, replacing a link at its name, never writing through it", () => {
  const source = join(dir, "built.html");
  writeFileSync(source, "<!doctype html><title>checklist</title>");
  const users = join(dir, "users.html");
  writeFileSync(users, "mine");
  const report = mkdtempSync(join(dir, "report-"));
  symlinkSync(users, join(report, "checklist.html"));
  expect(copyChecklistPage(report, source)).toBe(true);
  expect(lstatSync(join(report, "checklist.html")).isFile()).toBe(true);
  expect(readFileSync(join(report, "checklist.html"), "utf8")).toBe("<!doctype html><title>checklist</title>");
  expect(readFileSync(users, "utf8")).toBe("mine");
});

test("copies nothing and says so when the kit has no build of the page", () => {
  expect(copyChecklistPage(dir, join(dir, "no-such.html"))).toBe(false);
  expect(existsSync(join(dir, "checklist.html"))).toBe(false);
});
