/**
 * A fault's condition on the request's body, for tests of an outbox or background sync (the POST
 * replayed after reconnect, exactly once): one JSON value by JSONPath, or the body's text by an RE2
 * pattern. Matched against the body's first MAX_KEPT_BODY_BYTES only when the whole body fits in them.
 */
import { z } from "zod";
import { MAX_KEPT_BODY_BYTES } from "../http/keptBody.ts";
import { parseJsonPath } from "./jsonPath.ts";
import { MAX_EXACT_VALUE_LENGTH, regexSource } from "./requestMatchSchema.ts";

const jsonPath = z.string({ error: "must be a string" }).superRefine((path, ctx) => {
  const parsed = parseJsonPath(path);
  if ("problem" in parsed) ctx.addIssue({ code: "custom", message: parsed.problem });
});

const TESTS = ["equals", "pattern", "present"] as const;

const JsonMatch = z
  .strictObject(
    {
      path: jsonPath,
      equals: z.json({ error: "must be a JSON value" }).optional(),
      pattern: regexSource.optional(),
      present: z.literal(true, { error: "must be true (leave it out otherwise)" }).optional(),
    },
    { error: 'must be an object with path and one of equals, pattern or present, e.g. {"path": "$.id", "equals": 42}' },
  )
  .superRefine((match, ctx) => {
    const given = TESTS.filter((name) => Object.hasOwn(match, name) && !(name !== "equals" && match[name] === undefined));
    if (given.length !== 1) ctx.addIssue({ code: "custom", message: `needs exactly one of equals, pattern or present beside path, got ${given.length}` });
    if (Object.hasOwn(match, "equals") && JSON.stringify(match.equals ?? null).length > MAX_EXACT_VALUE_LENGTH)
      ctx.addIssue({ code: "custom", path: ["equals"], message: `must be at most ${MAX_EXACT_VALUE_LENGTH} characters as JSON` });
  });

/**
 * `{"json": {"path": "$.id", "equals": 42}}` or `{"text": "\"op\":\"add\""}`: one object with one of
 * the two, so a mistake inside either is named by its own field rather than by a union's summary.
 */
export const BodyMatch = z
  .strictObject(
    {
      json: JsonMatch.optional(),
      text: regexSource.refine((source) => source !== "", "is empty, which would match every body: give a pattern").optional(),
    },
    {
      error: `must be {"json": {"path": "<JSONPath>", "equals"|"pattern"|"present": …}} or {"text": "<RE2 regular expression>"}, matched when the whole body is at most ${MAX_KEPT_BODY_BYTES} bytes`,
    },
  )
  .superRefine((match, ctx) => {
    if ((match.json === undefined) === (match.text === undefined)) ctx.addIssue({ code: "custom", message: "needs exactly one of json or text" });
  });
export type BodyMatch = z.output<typeof BodyMatch>;
