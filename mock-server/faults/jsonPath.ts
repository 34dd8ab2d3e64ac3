/**
 * The JSONPath a body-matching fault names a value with: the one-value subset WireMock's and
 * MockServer's users write most, `$.items[0].id`, `$["a key"]`, `$['a key']`. No wildcards, filters
 * or recursive descent: a fault asks about one value, and the evaluation stays a walk of at most
 * MAX_JSON_PATH_SEGMENTS steps, own properties only (`$.constructor` finds nothing, as in a header).
 */

export const MAX_JSON_PATH_LENGTH = 200;
export const MAX_JSON_PATH_SEGMENTS = 20;

export type JsonPathSegment = string | number;

const NAME = /^[A-Za-z_$][\w$-]*/;
const INDEX = /^\[(\d{1,9})\]/;
const QUOTED = /^\[(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\]/;

const RULE = 'a JSONPath to one value: $ then .name, [index] or ["name"] steps, e.g. $.items[0].id';

/** The step at the start of `rest` and how many characters it takes, or null when there is none. */
function nextStep(rest: string): { segment: JsonPathSegment; length: number } | null {
  const name = rest.startsWith(".") ? NAME.exec(rest.slice(1)) : null;
  if (name) return { segment: name[0], length: 1 + name[0].length };
  const index = INDEX.exec(rest);
  if (index) return { segment: Number(index[1]), length: index[0].length };
  const quoted = QUOTED.exec(rest);
  if (quoted) return { segment: (quoted[1] ?? quoted[2] ?? "").replace(/\\(.)/g, "$1"), length: quoted[0].length };
  return null;
}

/** The path's steps, or why it is no path this kit reads. */
export function parseJsonPath(path: string): { segments: JsonPathSegment[] } | { problem: string } {
  if (path.length > MAX_JSON_PATH_LENGTH) return { problem: `must be at most ${MAX_JSON_PATH_LENGTH} characters` };
  if (!path.startsWith("$")) return { problem: `must start with $ (${RULE})` };
  const segments: JsonPathSegment[] = [];
  let rest = path.slice(1);
  while (rest !== "") {
    const step = nextStep(rest);
    if (step === null) return { problem: `cannot read '${rest.slice(0, 20)}' (${RULE}; wildcards and filters are not supported)` };
    segments.push(step.segment);
    rest = rest.slice(step.length);
    if (segments.length > MAX_JSON_PATH_SEGMENTS) return { problem: `must have at most ${MAX_JSON_PATH_SEGMENTS} steps` };
  }
  return { segments };
}

/** The value at `segments` in a parsed JSON document, or undefined when there is none. */
export function valueAt(document: unknown, segments: readonly JsonPathSegment[]): unknown {
  let current: unknown = document;
  for (const segment of segments) {
    if (typeof segment === "number") {
      if (!Array.isArray(current) || segment >= current.length) return undefined;
      current = current[segment];
    } else {
      if (typeof current !== "object" || current === null || Array.isArray(current) || !Object.hasOwn(current, segment)) return undefined;
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return current;
}
