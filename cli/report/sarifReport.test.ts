import { describe, expect, test } from "vitest";
import type { Level } from "../../kit/outcomes.ts";
import { outcome } from "../testing/testOutcomes.ts";
import { acceptedGaps } from "./acceptedGaps.ts";
import { parseChecklist } from "./checklist.ts";
import { engineColumn } from "./engineColumns.ts";
import { SARIF_SCHEMA, sarifReport } from "./sarifReport.ts";
import { clauseVerdicts, summarize } from "./verdicts.ts";

const clauses = parseChecklist(`
### REG-1 — Register only where supported
**Required.** Registers when supported.
**Recommended.** Also requires Cache Storage.
**Specs.** specs/registration.spec.ts
### REG-3 — Register after load
**Required.** Waits for load.
**Recommended.** —
**Specs.** specs/registration.spec.ts
### NAV-5 — Network-first with a timeout
**Required.** Network first.
**Recommended.** A named timeout.
**Specs.** specs/navigation-offline.spec.ts
`);

const run = {
  level: "required" as Level,
  gaps: [],
  profilePath: "conformance/profile.json",
  version: "0.1.0",
  checklistUri: "https://github.com/o/r/blob/main/docs/conformance.md",
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const RESULT_LEVELS = ["none", "note", "warning", "error"];
const RESULT_KINDS = ["notApplicable", "pass", "fail", "review", "open", "informational"];

/**
 * What SARIF 2.1.0 requires of the parts the report writes (the OASIS standard's schema,
 * sarif-schema-2.1.0.json: the required properties, enums and constraints), and what GitHub code
 * scanning needs besides (a rule per ruleId, a location per result): every problem, as sentences.
 */
function sarifProblems(log: unknown): string[] {
  const problems: string[] = [];
  const need = (condition: boolean, problem: string) => {
    if (!condition) problems.push(problem);
  };
  if (!isObject(log)) return ["the log is not an object"];
  need(log.version === "2.1.0", "version is not 2.1.0");
  need(typeof log.$schema === "string" && /^https:\/\//.test(log.$schema), "$schema is not a URI");
  need(Array.isArray(log.runs), "runs is not an array");
  for (const run of Array.isArray(log.runs) ? log.runs : []) {
    const driver = isObject(run) && isObject(run.tool) ? run.tool.driver : undefined;
    need(isObject(driver) && typeof driver.name === "string" && driver.name !== "", "a run's tool.driver has no name");
    const rules = isObject(driver) && Array.isArray(driver.rules) ? driver.rules : [];
    const ids = rules.map((rule) => (isObject(rule) ? rule.id : undefined));
    need(new Set(ids).size === ids.length, "two rules share an id");
    for (const rule of rules) {
      need(isObject(rule) && typeof rule.id === "string", "a rule has no id");
      if (!isObject(rule)) continue;
      for (const key of ["shortDescription", "fullDescription", "help"]) {
        const message = rule[key];
        need(message === undefined || (isObject(message) && typeof message.text === "string" && message.text !== ""), `${rule.id}'s ${key} has no text`);
      }
      need(typeof rule.helpUri === "string" && URL.canParse(rule.helpUri), `${rule.id}'s helpUri is not a URI`);
      const level = isObject(rule.defaultConfiguration) ? rule.defaultConfiguration.level : undefined;
      need(level === undefined || RESULT_LEVELS.includes(String(level)), `${rule.id}'s default level is ${level}`);
    }
    need(!isObject(run) || run.properties === undefined || isObject(run.properties), "a run's properties are not a property bag");
    for (const invocation of isObject(run) && Array.isArray(run.invocations) ? run.invocations : []) {
      need(isObject(invocation) && typeof invocation.executionSuccessful === "boolean", "an invocation has no executionSuccessful");
      const notifications = isObject(invocation) && Array.isArray(invocation.toolExecutionNotifications) ? invocation.toolExecutionNotifications : [];
      for (const notification of notifications) {
        need(isObject(notification) && isObject(notification.message) && typeof notification.message.text === "string", "a notification has no message text");
        need(isObject(notification) && RESULT_LEVELS.includes(String(notification.level)), "a notification's level is not a SARIF level");
      }
    }
    for (const result of isObject(run) && Array.isArray(run.results) ? run.results : []) {
      if (!isObject(result)) {
        problems.push("a result is not an object");
        continue;
      }
      const at = `result ${String(result.ruleId)}`;
      need(isObject(result.message) && typeof result.message.text === "string" && result.message.text !== "", `${at} has no message text`);
      need(ids.includes(result.ruleId), `${at} names no rule of the driver`);
      need(typeof result.ruleIndex !== "number" || ids[result.ruleIndex] === result.ruleId, `${at}'s ruleIndex is not its rule`);
      need(RESULT_KINDS.includes(String(result.kind)), `${at}'s kind is ${String(result.kind)}`);
      need(RESULT_LEVELS.includes(String(result.level)), `${at}'s level is ${String(result.level)}`);
      // §3.27.9: a result that is not a failure has the level none.
      need(result.kind === "fail" || result.level === "none", `${at} is ${String(result.kind)} with level ${String(result.level)}`);
      const locations = Array.isArray(result.locations) ? result.locations : [];
      need(locations.length > 0, `${at} has no location (code scanning needs one)`);
      for (const location of locations) {
        const physical = isObject(location) ? location.physicalLocation : undefined;
        const artifact = isObject(physical) ? physical.artifactLocation : undefined;
        const region = isObject(physical) ? physical.region : undefined;
        need(isObject(artifact) && typeof artifact.uri === "string" && !artifact.uri.startsWith("/"), `${at}'s location has no relative uri`);
        need(isObject(region) && Number.isInteger(region.startLine) && Number(region.startLine) >= 1, `${at}'s region has no startLine ≥ 1`);
      }
      for (const suppression of Array.isArray(result.suppressions) ? result.suppressions : []) {
        need(isObject(suppression) && ["inSource", "external"].includes(String(suppression.kind)), `${at} has a suppression without a valid kind`);
      }
    }
  }
  return problems;
}

describe("sarifReport", () => {
  const verdicts = clauseVerdicts(clauses, [
    outcome("REG-1 registers", "failed", "required", "Expected: 1; Received: 0"),
    outcome("REG-1 without caches", "failed", "recommended", "registered anyway"),
    outcome("REG-3 waits", "passed"),
    outcome("NAV-5 network first", "inconclusive", "required", "the browser closed"),
    outcome("NAV-5 timeout", "passed", "recommended"),
  ]);

  test("has SARIF 2.1.0's required shape, and a rule per clause level with a rule, linking to the clause", () => {
    const log = sarifReport(clauses, verdicts, run) as { $schema: string; runs: { tool: { driver: { rules: { id: string; helpUri: string }[] } } }[] };
    expect(sarifProblems(log)).toEqual([]);
    expect(log.$schema).toBe(SARIF_SCHEMA);
    expect(log.runs[0]?.tool.driver.rules.map((rule) => [rule.id, rule.helpUri])).toEqual([
      ["REG-1/required", `${run.checklistUri}#reg-1--register-only-where-supported`],
      ["REG-1/recommended", `${run.checklistUri}#reg-1--register-only-where-supported`],
      ["REG-3/required", `${run.checklistUri}#reg-3--register-after-load`],
      ["NAV-5/required", `${run.checklistUri}#nav-5--network-first-with-a-timeout`],
      ["NAV-5/recommended", `${run.checklistUri}#nav-5--network-first-with-a-timeout`],
    ]);
  });

  test("a result per failed level (an error where it decides the exit code) and an open one per inconclusive level, at the profile", () => {
    const results = (sarifReport(clauses, verdicts, run) as { runs: { results: Record<string, unknown>[] }[] }).runs[0]?.results ?? [];
    expect(results.map((r) => [r.ruleId, r.kind, r.level])).toEqual([
      ["REG-1/required", "fail", "error"],
      ["NAV-5/required", "open", "none"],
      ["REG-1/recommended", "fail", "warning"],
    ]);
    expect(results[0]).toMatchObject({
      message: { text: "REG-1 required failed.\nREG-1 registers: Expected: 1; Received: 0" },
      locations: [{ physicalLocation: { artifactLocation: { uri: "conformance/profile.json", uriBaseId: "%SRCROOT%" }, region: { startLine: 1 } } }],
    });
  });

  test("an accepted failure is suppressed with its reason; a gap that no longer fails is a failure of its own", () => {
    const gaps = acceptedGaps(verdicts, { "REG-1": { recommended: "fail", reason: "later" }, "REG-3": { required: "fail", reason: "fixed?" } });
    const log = sarifReport(clauses, verdicts, { ...run, gaps, level: "recommended" });
    expect(sarifProblems(log)).toEqual([]);
    const results = (log as { runs: { results: Record<string, unknown>[] }[] }).runs[0]?.results ?? [];
    expect(results.map((r) => [r.ruleId, r.kind, r.level, r.suppressions])).toEqual([
      ["REG-1/required", "fail", "error", undefined],
      ["REG-3/required", "fail", "error", undefined],
      ["NAV-5/required", "open", "none", undefined],
      ["REG-1/recommended", "fail", "error", [{ kind: "external", status: "accepted", justification: "later" }]],
    ]);
  });

  test("says how much was judged: the count whole in the run's properties, and as a sentence in a notification", () => {
    const log = sarifReport(clauses, verdicts, run) as {
      runs: { properties: { judged: unknown }; invocations: { toolExecutionNotifications: { level: string; message: { text: string } }[] }[] }[];
    };
    expect(log.runs[0]?.properties.judged).toEqual(summarize(verdicts, "required").judged);
    expect(log.runs[0]?.invocations[0]?.toolExecutionNotifications).toEqual([
      {
        level: "note",
        message: {
          text: "Judged 2 of 3 required levels; 1 inconclusive: NAV-5 required. Recommended levels, which do not decide the exit code: judged 2 of 2.",
        },
      },
    ]);
  });

  test("the shape check itself catches what code scanning would refuse", () => {
    const log = sarifReport(clauses, verdicts, { ...run, profilePath: undefined }) as { runs: { results: Record<string, unknown>[] }[] };
    expect(sarifProblems(log)).toContain("result REG-1/required has no location (code scanning needs one)");
    const broken = { ...log, runs: [{ ...log.runs[0], results: [{ ...log.runs[0]?.results[0], kind: "open", level: "error", ruleId: "XXX" }] }] };
    expect(sarifProblems(broken)).toEqual(
      expect.arrayContaining(["result XXX names no rule of the driver", "result XXX's ruleIndex is not its rule", "result XXX is open with level error"]),
    );
    const located = sarifReport(clauses, verdicts, run) as { runs: Record<string, unknown>[] };
    const noted = { ...located, runs: [{ ...located.runs[0], invocations: [{ executionSuccessful: true, toolExecutionNotifications: [{ level: "info" }] }] }] };
    expect(sarifProblems(noted)).toEqual(["a notification has no message text", "a notification's level is not a SARIF level"]);
  });

  test("another engine's failed and inconclusive levels are results of their own, told apart by the engine: a note where it is advisory, as Chromium's where it is gated", () => {
    const firefoxOutcomes = [
      outcome("REG-1 registers", "passed"),
      outcome("REG-3 waits", "failed", "required", "registered before load"),
      outcome("NAV-5 network first", "inconclusive", "required", "the browser closed"),
    ];
    const firefox = (gate: boolean) =>
      engineColumn("firefox", clauses, firefoxOutcomes, ["Firefox 153.8.0 (/usr/bin/firefox-esr, puppeteer-core over WebDriver BiDi)"], gate);
    const engineResults = (gate: boolean) => {
      const log = sarifReport(clauses, verdicts, { ...run, engines: [firefox(gate)] });
      expect(sarifProblems(log)).toEqual([]);
      return ((log as { runs: { results: Record<string, unknown>[] }[] }).runs[0]?.results ?? []).filter((r) => isObject(r.properties));
    };
    expect(engineResults(false).map((r) => [r.ruleId, r.kind, r.level, (r.partialFingerprints as Record<string, string>).engine])).toEqual([
      ["REG-3/required", "fail", "note", "firefox"],
      ["NAV-5/required", "open", "none", "firefox"],
    ]);
    expect(engineResults(false)[0]?.message).toEqual({ text: "REG-3 required failed in Firefox 153.8.0 (advisory).\nREG-3 waits: registered before load" });
    expect(engineResults(true).map((r) => [r.ruleId, r.level])).toEqual([
      ["REG-3/required", "error"],
      ["NAV-5/required", "none"],
    ]);
  });
});
