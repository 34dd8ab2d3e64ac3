import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { kitPath } from "./kitPaths.ts";
import { githubSlug, KIT_REPOSITORY, kitFileOnGitHub } from "./kitRepository.ts";

test("is package.json's repository", () => {
  const { repository } = JSON.parse(readFileSync(kitPath("package.json"), "utf8")) as { repository: { url: string } };
  expect(repository.url).toBe(`git+${KIT_REPOSITORY}.git`);
});

test("a file is on main, and a clause heading's anchor is GitHub's", () => {
  expect(kitFileOnGitHub("docs/conformance.md")).toBe("https://github.com/pwa-conformance-kit/pwa-conformance-kit/blob/main/docs/conformance.md");
  expect(githubSlug("NAV-3 — Store only real documents")).toBe("nav-3--store-only-real-documents");
  expect(githubSlug("`check` options")).toBe("check-options");
});
