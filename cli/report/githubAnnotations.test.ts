import { describe, expect, test } from "vitest";
import type { Level } from "../../kit/outcomes.ts";
import { outcome } from "../testing/testOutcomes.ts";
import { type AcceptedGap, acceptedGaps } from "./acceptedGaps.ts";
import { parseChecklist } from "./checklist.ts";
import { engineColumn } from "./engineColumns.ts";
import { ANNOTATIONS_PER_KIND, annotatesForGitHub, githubAnnotations } from "./githubAnnotations.ts";
import { clauseVerdicts } from "./verdicts.ts";

const CHECKLIST = `
### REG-1 — Register only where supported
**Required.** Registers when \`'serviceWorker' in navigator\`,
and throws nothing: 100% of the time.
**Recommended.** Also requires Cache Storage.
**Specs.** specs/registration.spec.ts
### NAV-5 — Network-first with a timeout
**Required.** Network first.
**Recommended.** A named timeout.
**Specs.** specs/navigation-offline.spec.ts
`;
const clauses = parseChecklist(CHECKLIST);

const run = { level: "required" as Level, gaps: [] as AcceptedGap[], profilePath: "conformance/profile.json", report: "conformance-report/conformance.md" };

/** Each line's kind and decoded properties and message, as the runner reads them. */
function parse(line: string): { kind: string | undefined; file?: string; title?: string; message: string } {
  const match = /^::(\w+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!match) throw new Error(`not a workflow command: ${line}`);
  const decode = (text: string) => decodeURIComponent(text);
  const properties = Object.fromEntries((match[2] ?? "").split(",").map((pair) => pair.split("=").map(decode) as [string, string]));
  return { kind: match[1], ...properties, message: decode(match[3] ?? "") };
}

describe("githubAnnotations", () => {
  test("a failed required level is an error on the profile's file, with the rule and the assertion's words", () => {
    const verdicts = clauseVerdicts(clauses, [outcome("REG-1 registers, when supported", "failed", "required", "Expected: 1; Received: 0")]);
    const lines = githubAnnotations(clauses, verdicts, run);
    expect(lines.map(parse)).toEqual([
      {
        kind: "error",
        file: "conformance/profile.json",
        title: "REG-1 required failed: Register only where supported",
        message:
          "Registers when `'serviceWorker' in navigator`, and throws nothing: 100% of the time.\n— REG-1 registers, when supported: Expected: 1; Received: 0",
      },
      {
        kind: "error",
        file: "conformance/profile.json",
        title: "pwa-conformance-kit",
        message: "Does not conform at the required level: REG-1 failed. Judged 1 of 1 required levels. The whole report: conformance-report/conformance.md.",
      },
    ]);
    // The comma of the test's title and the colons are escaped in the title, the % everywhere.
    expect(lines[0]).toContain("title=REG-1 required failed%3A Register only where supported::");
    expect(lines[0]).toContain("100%25 of the time.%0A— REG-1 registers, when supported: Expected");
  });

  test("a failed recommended level is a warning under --level required and an error under --level recommended", () => {
    const verdicts = clauseVerdicts(clauses, [outcome("REG-1 without caches", "failed", "recommended", "registered anyway")]);
    const kinds = (level: Level) => githubAnnotations(clauses, verdicts, { ...run, level }).map((line) => [parse(line).kind, parse(line).title]);
    expect(kinds("required")).toEqual([
      ["warning", "REG-1 recommended failed: Register only where supported"],
      ["notice", "pwa-conformance-kit"],
    ]);
    expect(kinds("recommended")).toEqual([
      ["error", "REG-1 recommended failed: Register only where supported"],
      ["error", "pwa-conformance-kit"],
    ]);
  });

  test("required before recommended, failures before inconclusive levels, which are warnings", () => {
    const verdicts = clauseVerdicts(clauses, [
      outcome("REG-1 without caches", "failed", "recommended", "registered anyway"),
      outcome("NAV-5 hang", "inconclusive", "recommended", "the page is stored did not hold"),
      outcome("NAV-5 lie-fi", "failed", "required", "waited 5 s"),
      outcome("REG-1 registers", "inconclusive", "required", "the browser closed"),
    ]);
    expect(githubAnnotations(clauses, verdicts, { ...run, level: "recommended" }).map((line) => `${parse(line).kind} ${parse(line).title}`)).toEqual([
      "error NAV-5 required failed: Network-first with a timeout",
      "error REG-1 recommended failed: Register only where supported",
      "warning REG-1 required inconclusive: Register only where supported",
      "warning NAV-5 recommended inconclusive: Network-first with a timeout",
      "error pwa-conformance-kit",
    ]);
    expect(parse(githubAnnotations(clauses, verdicts, { ...run, level: "recommended" })[2] ?? "").message).toBe(
      "Registers when `'serviceWorker' in navigator`, and throws nothing: 100% of the time.\n— REG-1 registers: the browser closed\nThe suite could not carry this out: an error of the run, not a verdict on the app.",
    );
  });

  test("an accepted gap is not annotated; one that no longer fails is an error naming the entry to remove", () => {
    const verdicts = clauseVerdicts(clauses, [outcome("REG-1 registers", "failed", "required", "no"), outcome("NAV-5 network first", "passed")]);
    const gaps = acceptedGaps(verdicts, { "REG-1": { required: "fail", reason: "later" }, "NAV-5": { required: "fail", reason: "fixed?" } });
    const lines = githubAnnotations(clauses, verdicts, { ...run, gaps }).map(parse);
    expect(lines.map((line) => [line.kind, line.title])).toEqual([
      ["error", "NAV-5 required: an accepted gap no longer fails"],
      ["error", "pwa-conformance-kit"],
    ]);
    expect(lines[0]?.message).toBe(`NAV-5 required was accepted as failing ("fixed?") but is passed: remove it from the profile's expect.`);
  });

  test(`at most ${ANNOTATIONS_PER_KIND} of a kind, the summary among them, saying how many more the report holds`, () => {
    const many = parseChecklist(
      Array.from({ length: 12 }, (_, i) => `### NAV-${i + 1} — Clause ${i + 1}\n**Required.** Rule ${i + 1}.\n**Recommended.** Stricter ${i + 1}.\n`).join(""),
    );
    const verdicts = clauseVerdicts(
      many,
      many.flatMap((clause) => [outcome(`${clause.id} a`, "failed", "required", "no"), outcome(`${clause.id} b`, "failed", "recommended", "no")]),
    );
    const lines = githubAnnotations(many, verdicts, run).map(parse);
    const errors = lines.filter((line) => line.kind === "error");
    const warnings = lines.filter((line) => line.kind === "warning");
    expect(errors).toHaveLength(ANNOTATIONS_PER_KIND);
    expect(warnings).toHaveLength(ANNOTATIONS_PER_KIND);
    expect(errors.slice(0, 9).map((line) => line.title)).toEqual(many.slice(0, 9).map((clause) => `${clause.id} required failed: ${clause.title}`));
    expect(lines.at(-1)?.title).toBe("pwa-conformance-kit");
    expect(lines.at(-1)?.message).toContain(
      `GitHub shows ${ANNOTATIONS_PER_KIND} annotations of a kind from a step: 3 more error(s) and 2 more warning(s) are in the report only.`,
    );
  });

  test("another engine's failed and inconclusive levels are titled with its build: notices where it is advisory, as Chromium's where --gate counts it, the outcome with them", () => {
    const verdicts = clauseVerdicts(clauses, [outcome("REG-1 registers", "passed")]);
    const firefox = (gate: boolean) =>
      engineColumn(
        "firefox",
        clauses,
        [outcome("REG-1 registers", "failed", "required", "no registration"), outcome("NAV-5 network first", "inconclusive", "required", "the browser closed")],
        ["Firefox 153.8.0 (/usr/bin/firefox-esr, puppeteer-core over WebDriver BiDi)"],
        gate,
      );
    const advisory = githubAnnotations(clauses, verdicts, { ...run, engines: [firefox(false)] }).map(parse);
    expect(advisory.map((line) => [line.kind, line.title])).toEqual([
      ["notice", "REG-1 required failed in Firefox 153.8.0: Register only where supported"],
      ["notice", "NAV-5 required inconclusive in Firefox 153.8.0: Network-first with a timeout"],
      ["notice", "pwa-conformance-kit"],
    ]);
    expect(advisory[0]?.message).toBe(
      "Registers when `'serviceWorker' in navigator`, and throws nothing: 100% of the time.\n— REG-1 registers: no registration\nAdvisory: shown, not counted in the exit code (check --gate firefox counts it).",
    );
    expect(advisory.at(-1)?.message).toMatch(/^Conforms at the required level\./);
    const gated = githubAnnotations(clauses, verdicts, { ...run, engines: [firefox(true)] }).map(parse);
    expect(gated.map((line) => [line.kind, line.title])).toEqual([
      ["error", "REG-1 required failed in Firefox 153.8.0: Register only where supported"],
      ["warning", "NAV-5 required inconclusive in Firefox 153.8.0: Network-first with a timeout"],
      ["error", "pwa-conformance-kit"],
    ]);
    expect(gated[0]?.message).not.toContain("Advisory");
    expect(gated.at(-1)?.message).toMatch(/^Does not conform at the required level: REG-1 in Firefox failed\./);
    // A gap the profile accepts (Chromium fails it too) is accepted in every engine.
    const failing = clauseVerdicts(clauses, [outcome("REG-1 registers", "failed", "required", "no registration")]);
    const gaps = acceptedGaps(failing, { "REG-1": { required: "fail", reason: "tracked in #12" } });
    expect(githubAnnotations(clauses, failing, { ...run, gaps, engines: [firefox(true)] }).map((line) => parse(line).title)).toEqual([
      "NAV-5 required inconclusive in Firefox 153.8.0: Network-first with a timeout",
      "pwa-conformance-kit",
    ]);
  });

  test("a conforming run ends with a notice, and without a profile path no file is named", () => {
    const verdicts = clauseVerdicts(clauses, [outcome("REG-1 registers", "passed")]);
    expect(githubAnnotations(clauses, verdicts, { level: "required", gaps: [], report: "r.md" })).toEqual([
      "::notice title=pwa-conformance-kit::Conforms at the required level. Judged 1 of 1 required levels. The whole report: r.md.",
    ]);
  });

  test("the last line says how much was judged, each level not checked with what would let the kit judge it", () => {
    const verdicts = clauseVerdicts(clauses, [
      outcome("REG-1 registers", "passed"),
      outcome("NAV-5 network first", "not-checked", "required", "the profile names no slow page (its pages)"),
      outcome("NAV-5 timeout", "not-applicable", "recommended", "no data requests"),
    ]);
    expect(parse(githubAnnotations(clauses, verdicts, run).at(-1) ?? "").message).toBe(
      "Conforms at the required level. Judged 1 of 2 required levels; 1 not checked: NAV-5 required (the profile names no slow page (its pages)). Recommended levels, which do not decide the exit code: judged 0 of 0, 1 not applicable. The whole report: conformance-report/conformance.md.",
    );
  });
});

describe("annotatesForGitHub", () => {
  test("in GitHub Actions only, and not in the kit's own checks against a record, which expect their failures", () => {
    expect(annotatesForGitHub({ GITHUB_ACTIONS: "true" })).toBe(true);
    expect(annotatesForGitHub({})).toBe(false);
    expect(annotatesForGitHub({ GITHUB_ACTIONS: "false" })).toBe(false);
    expect(annotatesForGitHub({ GITHUB_ACTIONS: "true", PCK_EXPECTED_FAILURES: '["NAV-1 x"]' })).toBe(false);
  });
});
