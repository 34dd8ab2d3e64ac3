/**
 * What conformance.json holds, as a zod schema: the report's fields for tools that read it, written
 * to conformance-report.schema.json (npm run schemas) and shipped in the package. `schemaVersion`
 * counts breaking changes to these fields (docs/versioning.md): a field removed, renamed or given
 * another meaning. The reporter builds the file as this schema's type (conformanceReporter.ts), so
 * the compiler holds the two together, and a unit test validates the reporter's files against it.
 */
import { z } from "zod";
import { ENGINES } from "../../kit/engines/engineNames.ts";
import { kitPath } from "../../kit/kitPaths.ts";
import { LEVELS, OUTCOMES } from "../../kit/outcomes.ts";
import { UNJUDGED } from "./judgedLevels.ts";

/** The version of conformance.json's fields; a tool checks it before it reads them. */
export const REPORT_SCHEMA_VERSION = 1;

export const REPORT_SCHEMA_FILE = kitPath("cli", "report", "conformance-report.schema.json");

// Read-only, as the reporter's own types are: the schema says what the file holds, not how to edit it.
const list = <T extends z.ZodType>(item: T) => z.array(item).readonly();
const level = z.enum(LEVELS);
const verdict = z.enum([...OUTCOMES, "none"]).describe("a clause's verdict at a level; none: the clause has no rule at that level");

const testOutcome = z.strictObject({
  title: z.string().describe("the test's title, starting with its clause id(s)"),
  file: z.string().describe("the spec file, relative to the kit"),
  level,
  outcome: z.enum(OUTCOMES),
  detail: z.string().optional().describe("what went wrong, why it did not apply, or why it could not be checked"),
  trace: z.string().optional().describe("the trace of a failed or inconclusive test, relative to the report's folder"),
  notes: list(z.string()).optional().describe("how the suite carried the test out, where it did more than the test says"),
});

const gap = z.strictObject({
  id: z.string(),
  level,
  reason: z.string().describe("the profile's reason for accepting the failure"),
  verdict,
  status: z
    .enum(["accepted", "stale", "inconclusive"])
    .describe("accepted: it failed, as expected; stale: it no longer fails; inconclusive: the run cannot tell"),
});

const unjudged = z.enum(UNJUDGED);
const count = z.int().min(0);

/** judgedLevels.ts: how much of the checklist the run judged. */
const judged = z.strictObject({
  levels: list(
    z.strictObject({
      level,
      decides: z.boolean().describe("whether this level decides the exit code"),
      ran: count.describe("clauses with a test of this level in the run (a level a clause has no rule at, or a --grep left out, is not counted)"),
      judged: count.describe("of those, the levels that passed or failed"),
      notChecked: count,
      inconclusive: count,
      notApplicable: count.describe("decided by the profile, so out of the denominator: judged of (ran - notApplicable)"),
    }),
  ).describe("required, then recommended: judged + notChecked + inconclusive + notApplicable = ran"),
  notJudged: list(
    z.strictObject({
      id: z.string(),
      level,
      verdict: unjudged,
      reasons: list(z.string()).describe("each distinct reason its tests give; for not-checked, what would let the kit judge it"),
    }),
  ).describe("every level that ran without a pass or fail, in the checklist's order"),
});

const fact = <T extends z.ZodType>(value: T) => z.strictObject({ value, how: z.string().describe("how the kit learned it") });
const timed = fact(z.strictObject({ afterMs: z.number().nullable(), windowMs: z.number() }));
const answerer = z.enum(["the server", "the worker alone"]);

/** What the probe learned (kit/appFacts.ts); descriptive, so a minor release may add a fact. */
const learned = z.strictObject({
  // Absent when the probe failed before it learned it (probeFailure says why).
  control: fact(z.strictObject({ state: z.enum(["at once", "after a reload", "never"]), ms: z.number(), found: z.string().optional() })).optional(),
  registerCall: timed.optional(),
  workerFetches: fact(list(z.string())).optional(),
  precache: fact(list(z.string())).optional(),
  landingStored: timed.optional(),
  links: fact(list(z.string())).optional(),
  navigations: fact(z.record(z.string(), z.strictObject({ first: answerer, again: answerer }))).optional(),
  design: fact(z.enum(["page cache", "app shell", "no page storing seen"])).optional(),
  ownNavigationStored: timed.optional(),
  postsOwnNavigation: timed.optional(),
  scriptChangeStored: timed.optional(),
  cacheUrls: fact(z.enum(["stores the page", "replies, stores nothing", "no reply"])).optional(),
});

const clauseVerdict = z.strictObject({
  id: z.string().describe("the clause id, e.g. NAV-1"),
  title: z.string(),
  required: verdict,
  recommended: verdict,
  tests: list(testOutcome),
});

/** engineColumns.ts: another engine's verdicts (`check --engines`). */
const engineColumn = z.strictObject({
  engine: z.enum(ENGINES),
  build: z.string().describe("the build that ran, in the browser's own words, or why the engine did not run"),
  heading: z.string().describe("the engine's name and version, as the report's column is headed"),
  gate: z.boolean().describe("whether its verdicts decide the exit code (check --gate); otherwise advisory"),
  verdicts: list(clauseVerdict).describe("one entry per clause, as verdicts; a clause without tests has no check in this engine (yet, or by design: INS)"),
});

export const ConformanceReport = z.strictObject({
  schemaVersion: z.literal(REPORT_SCHEMA_VERSION).describe("the version of these fields; a breaking change to them raises it"),
  target: z.string().describe("the app checked (its origin), or 'the reference app'"),
  level: level.describe("the level that decided the exit code"),
  exitCode: z.union([z.literal(0), z.literal(1), z.literal(3)]).describe("the check's exit code: 0 conforms, 1 a clause failed, 3 inconclusive"),
  summary: z.strictObject({
    failed: list(z.string()).describe("clauses that failed at a deciding level, not accepted by the profile; a gated engine's as 'NAV-4 in Firefox'"),
    inconclusive: z.int().min(0).describe("tests that could not be carried out, at any level (a gated engine's included)"),
    accepted: list(gap).describe("failures the profile accepts (expect), confirmed by the run"),
    stale: list(gap).describe("accepted gaps at a deciding level that no longer fail"),
    judged: judged.describe("how many clause levels the run judged (pass or fail), and each it did not, with why"),
  }),
  verdicts: z.array(clauseVerdict).describe("Chromium's: one entry per clause of docs/conformance.md, in its order"),
  browser: z.string().optional().describe("the Chromium that ran: its build and where it came from"),
  engines: list(engineColumn).optional().describe("each other engine the check ran in (check --engines), in the order chromium, firefox, webkit"),
  learned: learned.optional().describe("what the kit's probe learned about the app, each fact with how"),
  probeFailure: z.string().optional().describe("why the probe could not finish; then no clause test ran"),
  profileUpgraded: list(z.string())
    .optional()
    .describe("the profile was written for an earlier kit and upgraded in memory: each change (init --upgrade writes them)"),
});

export type ConformanceReport = z.input<typeof ConformanceReport>;

export function reportJsonSchema(): string {
  // JSON Schema's readOnly means "the server's to set" (OpenAPI), not what the TypeScript types mean by it.
  const schema = z.toJSONSchema(ConformanceReport, {
    io: "input",
    override: ({ jsonSchema }) => {
      delete jsonSchema.readOnly;
    },
  });
  return `${JSON.stringify({ ...schema, title: "pwa-conformance-kit conformance.json" }, null, 2)}\n`;
}
