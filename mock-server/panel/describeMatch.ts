/** What a fault matches beyond its method and representation, in a few words for the faults table. */
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

/** `query _rsc present; header rsc = 1`, or null when the fault names no parameter or header. */
export function describeConditions(match: {
  readonly query?: Readonly<Record<string, ValueMatcher>> | undefined;
  readonly headers?: Readonly<Record<string, ValueMatcher>> | undefined;
}): string | null {
  const parts = [
    ...Object.entries(match.query ?? {}).map(([name, matcher]) => `query ${describeValue(name, matcher)}`),
    ...Object.entries(match.headers ?? {}).map(([name, matcher]) => `header ${describeValue(name, matcher)}`),
  ];
  return parts.length === 0 ? null : parts.join("; ");
}
