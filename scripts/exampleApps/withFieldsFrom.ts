/**
 * A copy of a profile with some fields, named by their dotted path (`fallbacks.forbidden`,
 * `notApplicable.ERR-2`), taken from another profile: set where that one has them, removed where it
 * has not. How the init check fills in exactly what init listed as missing from the hand-written profile.
 */
type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function valueAt(object: Json, path: readonly string[]): unknown {
  let current: unknown = object;
  for (const key of path) current = isObject(current) ? current[key] : undefined;
  return current;
}

export function withFieldsFrom(target: Json, source: Json, fields: readonly string[]): Json {
  const copy = structuredClone(target);
  for (const field of fields) {
    const path = field.split(".");
    const last = path.pop();
    if (last === undefined) continue;
    let parent: Json = copy;
    for (const key of path) {
      if (!isObject(parent[key])) parent[key] = {};
      parent = parent[key] as Json;
    }
    const value = valueAt(source, [...path, last]);
    if (value === undefined) delete parent[last];
    else parent[last] = structuredClone(value);
  }
  return copy;
}
