/** What a fault matches beyond its method and representation, in a few words for the faults table. */
import type { BodyMatch } from "../faults/bodyMatchSchema.ts";
import type { PathPattern, ValueMatcher } from "../faults/requestMatchSchema.ts";

/** A glob as written; a regex as `regex ^/app/pages/\d+$`, so the two cannot be confused. */
export function describePath(path: PathPattern): string {
  return typeof path === "string" ? path : `regex ${path.regex}`;
}

function describeValue(name: string, matcher: ValueMatcher): string {
  if (typeof matcher === "string") return `${name} = ${matcher}`;
  if ("pattern" in matcher) return `${name} ~ ${matcher.pattern}`;
  return "present" in matcher ? `${name} present` : `${name} absent`;
}

/** `body $.op = "add"`, `body ~ pattern`: as the panel's form takes it (bodyCondition). */
function describeBody(body: BodyMatch): string {
  if (body.text !== undefined) return `body ~ ${body.text}`;
  const json = body.json as NonNullable<BodyMatch["json"]>;
  if (json.pattern !== undefined) return `body ${json.path} ~ ${json.pattern}`;
  return json.present ? `body ${json.path} present` : `body ${json.path} = ${JSON.stringify(json.equals ?? null)}`;
}

/** `query _rsc present; header rsc = 1; body $.op = "add"`, or null when the fault names no parameter, header or body. */
export function describeConditions(match: {
  readonly query?: Readonly<Record<string, ValueMatcher>> | undefined;
  readonly headers?: Readonly<Record<string, ValueMatcher>> | undefined;
  readonly body?: BodyMatch | undefined;
}): string | null {
  const parts = [
    ...Object.entries(match.query ?? {}).map(([name, matcher]) => `query ${describeValue(name, matcher)}`),
    ...Object.entries(match.headers ?? {}).map(([name, matcher]) => `header ${describeValue(name, matcher)}`),
    ...(match.body ? [describeBody(match.body)] : []),
  ];
  return parts.length === 0 ? null : parts.join("; ");
}
