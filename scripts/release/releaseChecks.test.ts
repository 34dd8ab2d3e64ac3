import { describe, expect, test } from "vitest";
import { changelogSection, lineTag, packedFilesProblems, tagProblem } from "./releaseChecks.ts";

describe("a release tag", () => {
  test("names package.json's version, as v<major>.<minor>.<patch>", () => {
    expect(tagProblem("v0.2.0", "0.2.0")).toBeNull();
    expect(tagProblem("v0.2.1", "0.2.0")).toBe("the tag 'v0.2.1' does not name package.json's version 0.2.0: bump the version (npm version) or tag v0.2.0");
    expect(tagProblem("0.2.0", "0.2.0")).toMatch(/^the tag '0\.2\.0' is not a release tag/);
    expect(tagProblem("v0.2", "0.2.0")).toMatch(/is not a release tag/);
  });

  test("moves the line a team follows: v0.<minor> within 0.x, v<major> from 1.0", () => {
    expect(lineTag("0.1.0")).toBe("v0.1");
    expect(lineTag("0.12.3")).toBe("v0.12");
    expect(lineTag("1.4.2")).toBe("v1");
    expect(() => lineTag("1.4")).toThrow("'1.4' is no release version");
  });
});

describe("CHANGELOG.md's section", () => {
  const changelog = [
    "# Changelog",
    "",
    "## [Unreleased]",
    "",
    "### Added",
    "- later",
    "",
    "## [0.2.0] - 2026-12-01",
    "",
    "### Changed",
    "- the profile's format",
    "",
    "## [0.1.0] - 2026-11-27",
    "",
    "- first",
    "",
    "[0.2.0]: https://github.com/pwa-conformance-kit/pwa-conformance-kit/compare/v0.1.0...v0.2.0",
  ].join("\n");

  test("is the text under the version's heading, up to the next", () => {
    expect(changelogSection(changelog, "0.2.0")).toBe("### Changed\n- the profile's format");
    expect(changelogSection(changelog, "0.1.0")).toBe("- first");
  });

  test("is missing for a version it does not have, or an empty one", () => {
    expect(changelogSection(changelog, "0.3.0")).toBeNull();
    expect(changelogSection(changelog, "0.2")).toBeNull();
    expect(changelogSection("## [0.4.0] - 2026-12-09\n\n## [0.3.0]\n- x", "0.4.0")).toBeNull();
  });
});

describe("the packed tarball", () => {
  const manifest = {
    version: "0.1.0",
    files: ["lib", "docs/conformance.md", "mock-server/scenarios/*.json"],
    bin: { kit: "lib/cli/main.js" },
    exports: { ".": { types: "./lib/index.d.ts", default: "./lib/index.js" } },
  };
  const packed = [
    "package/package.json",
    "package/README.md",
    "package/lib/cli/main.js",
    "package/lib/index.js",
    "package/lib/index.d.ts",
    "package/docs/conformance.md",
    "package/mock-server/scenarios/offline.json",
  ];

  test("holds what package.json promises, and nothing else", () => {
    expect(packedFilesProblems(packed, manifest)).toEqual([]);
  });

  test("names a files entry that packed nothing, a missing bin or exports target, and a file nobody asked for", () => {
    const problems = packedFilesProblems(
      [...packed.filter((path) => !path.includes("scenarios") && !path.endsWith("index.d.ts")), "package/mock-server/scenarios/nested/x.json", "package/.env"],
      manifest,
    );
    expect(problems).toEqual([
      "the files entry 'mock-server/scenarios/*.json' packed nothing",
      "lib/index.d.ts, which package.json's bin or exports names, is not in the tarball",
      "mock-server/scenarios/nested/x.json is in the tarball though no files entry names it",
      ".env is in the tarball though no files entry names it",
    ]);
  });
});
