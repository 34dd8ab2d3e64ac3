/**
 * Reads the journal filters from a control request's query (journalQuery.ts lists them). A filter
 * that cannot be read is the caller's mistake, named by its parameter: an unknown or misspelt one
 * would otherwise match everything and hide the mistake. journalFilter.ts turns them into a test.
 */
import { z } from "zod";
import { globProblem } from "../faults/pathGlob.ts";
import { listIssues } from "../http/validation.ts";
import { JOURNAL_QUERY_PARAMETERS, type JournalQuery, type StatusFilter, statusFilterOf } from "../journal/journalQuery.ts";

/** A query parameter given twice reads as a list, which says nothing clearer than one of them. */
const once = (rule: string) => z.string({ error: (issue) => (Array.isArray(issue.input) ? "must be given once" : rule) });

const ParsedQuery = z.strictObject({
  path: once("must be a path or glob")
    .superRefine((value, ctx) => {
      const problem = globProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  method: once("must be a method")
    .regex(/^[A-Z]{1,20}$/, "must be a method in capitals, e.g. GET")
    .optional(),
  status: once("must be a status")
    .regex(/^([1-5]\d\d|[1-5]xx|none)$/, "must be a status code (404), a class (5xx) or none (no response)")
    .transform((value): StatusFilter => statusFilterOf(value))
    .optional(),
  fault: once("must be a fault id")
    .regex(/^[A-Za-z0-9_-]{1,100}$/, "must be a fault id (f1), request, or none")
    .optional(),
  digest: once("must be a digest")
    .regex(/^[A-Za-z0-9_-]{1,100}$/, "must be a digest as the journal shows it")
    .optional(),
  after: once("must be a journal entry id")
    .regex(/^\d{1,15}$/, "must be a journal entry id (0 or more)")
    .transform(Number)
    .optional(),
});

/** The filters, or why they cannot be read: "status: must be a status code (404), …". */
export function readJournalQuery(query: Record<string, unknown>): { query: JournalQuery } | { problem: string } {
  const unknown = Object.keys(query).filter((name) => !(JOURNAL_QUERY_PARAMETERS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    return { problem: unknown.map((name) => `${name}: is not a filter (use ${JOURNAL_QUERY_PARAMETERS.join(", ")})`).join("; ") };
  }
  const parsed = ParsedQuery.safeParse(query);
  return parsed.success ? { query: parsed.data } : { problem: listIssues(parsed.error).join("; ") };
}
