/**
 * What a fault matches in a request besides its method and representation: the path as a glob or
 * an RE2 regex, query parameters and request headers (Next.js's client-side navigations
 * differ from its documents only by `RSC: 1` and `?_rsc=…`). Every rule names the field it is about.
 */
import { z } from "zod";
import { recordError } from "../../kit/recordError.ts";
import { compileRegex } from "./linearRegex.ts";
import { globProblem } from "./pathGlob.ts";
import { refusingProtoKey } from "./refusingProtoKey.ts";

/** Parameters or headers one fault may name: more is a mistake, and each costs every request a look-up. */
export const MAX_MATCHED_NAMES = 20;
/** An exact value longer than this is no value a browser sends in a header or a query parameter. */
export const MAX_EXACT_VALUE_LENGTH = 2_000;

/** RFC 9110's token: what a header name may be made of. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const regexSource = z.string({ error: "must be a string" }).superRefine((source, ctx) => {
  const compiled = compileRegex(source);
  if ("problem" in compiled) ctx.addIssue({ code: "custom", message: compiled.problem });
});

const pathGlob = z.string({ error: "must be a string" }).superRefine((value, ctx) => {
  const problem = globProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** An empty regex matches every path: a fault nobody meant (the panel's form sends one when its Path is left blank). */
const pathRegex = regexSource.refine((source) => source !== "", "is empty, which would match every path: give a pattern, or the glob /** for all of them");

/** `"/app/pages/*"` (an exact path or a glob) or `{"regex": "^/app/pages/\\d+$"}`. */
export const PathPattern = z.union([pathGlob, z.strictObject({ regex: pathRegex })], {
  error: 'must be a path or glob as a string, or {"regex": "<RE2 regular expression>"}',
});
export type PathPattern = z.output<typeof PathPattern>;

const VALUE_RULE = 'must be the exact value as a string, {"pattern": "<RE2 regular expression>"}, {"present": true} or {"absent": true}';

/** How one query parameter or header must be: exactly a value, like a pattern, sent at all, or not sent. */
export const ValueMatcher = z.union(
  [
    z.string().max(MAX_EXACT_VALUE_LENGTH, `must be at most ${MAX_EXACT_VALUE_LENGTH} characters`),
    z.strictObject({ pattern: regexSource }),
    z.strictObject({ present: z.literal(true) }),
    z.strictObject({ absent: z.literal(true) }),
  ],
  { error: VALUE_RULE },
);
export type ValueMatcher = z.output<typeof ValueMatcher>;

function namesCap(what: string) {
  return (names: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const count = Object.keys(names).length;
    if (count > MAX_MATCHED_NAMES) ctx.addIssue({ code: "custom", message: `must name at most ${MAX_MATCHED_NAMES} ${what}, got ${count}` });
  };
}

/** `{"_rsc": {"present": true}}`: by name as the URL spells it (after percent-decoding), case-sensitive. */
export const QueryMatch = refusingProtoKey(
  z
    .record(z.string().min(1, "is not a parameter name: it is empty").max(100, "is not a parameter name: it is longer than 100 characters"), ValueMatcher, {
      error: recordError('must be an object of parameter names, e.g. {"_rsc": {"present": true}}'),
    })
    .superRefine(namesCap("parameters")),
);

/**
 * `{"rsc": "1"}`: header names are case-insensitive, so they are stored in lower case, and two that
 * differ only in case are refused rather than one silently replacing the other.
 */
export const HeadersMatch = refusingProtoKey(
  z
    .record(z.string().regex(HEADER_NAME, "is not a header name: it may only hold letters, digits and !#$%&'*+.^_`|~-"), ValueMatcher, {
      error: recordError('must be an object of header names, e.g. {"rsc": "1"}'),
    })
    .superRefine(namesCap("headers"))
    .superRefine((headers, ctx) => {
      const seen = new Map<string, string>();
      for (const name of Object.keys(headers)) {
        const earlier = seen.get(name.toLowerCase());
        if (earlier !== undefined) ctx.addIssue({ code: "custom", path: [name], message: `names the same header as '${earlier}' (header names ignore case)` });
        seen.set(name.toLowerCase(), name);
      }
    })
    .transform((headers) => Object.fromEntries(Object.entries(headers).map(([name, matcher]) => [name.toLowerCase(), matcher]))),
);

/** The fields a fault schema spreads in, beside `path: PathPattern`. */
export const matchFields = {
  query: QueryMatch.optional(),
  headers: HeadersMatch.optional(),
};
