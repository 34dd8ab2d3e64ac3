/**
 * fast-check arbitraries for control bodies and scenario files that are wrong in exactly one known
 * way each (or many, for junk), so every sample must be refused. Each starts from a valid value and
 * breaks one thing: a field of the wrong type or out of range, an unknown key, a missing or
 * conflicting field, a bad element deep in a list.
 */
import fc from "fast-check";
import { MAX_FAULT_STATUS, MIN_FAULT_STATUS } from "../faults/faultActionSchema.ts";
import { FAULT_STATUSES, MAX_DELAY_MS } from "../faults/faultSchema.ts";
import { MAX_SCENARIO_FAULTS } from "../scenarios/scenarioSchema.ts";

type Json = Record<string, unknown>;

const FAULT_KEYS = [
  "path",
  "methods",
  "representation",
  "status",
  "delayMs",
  "jitterMs",
  "drop",
  "hang",
  "reset",
  "garbage",
  "truncate",
  "dribble",
  "responseHeaders",
  "sequence",
  "probability",
  "seed",
  "times",
  "name",
];
const CONFIG_KEYS = ["register", "cacheNavigations", "reloadOnOnline", "networkTimeoutMs", "onlineSettleMs"];
const SCENARIO_KEYS = ["name", "description", "config", "faults"];

/** Any text, lone surrogates and control characters included. */
const text = (maxLength = 40) => fc.string({ unit: "binary", maxLength });

/** A JSON value of a kind other than a number. */
const notNumber = fc.oneof(
  text(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(text(5), fc.integer(), { maxKeys: 2 }),
);
const notBoolean = fc.oneof(text(), fc.integer(), fc.constant(null), fc.array(fc.boolean(), { maxLength: 2 }), fc.constant({}));
const notString = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(text(5), { maxLength: 2 }), fc.constant({}));
/** Not a plain object: what a body that should be an object must never be. */
export const notObject = fc.oneof(
  fc.integer(),
  fc.double(),
  text(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
);

/** Text longer than `max` UTF-16 units (what zod's max counts), even after trimming. */
const longer = (max: number) => text(20).map((tail) => `${"x".repeat(max + 1)}${tail}`);

const fraction = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Number.isInteger(value));
/** A whole number outside [min, max], a fraction, or not a number at all. */
const outsideRange = (min: number, max: number) =>
  fc.oneof(fc.integer({ max: min - 1 }), fc.integer({ min: max + 1 }), fc.constant(Number.MAX_SAFE_INTEGER + 2), fraction, notNumber);

/** A key none of `known` is (own-property names such as `__proto__` and `constructor` included). */
const unknownKey = (known: readonly string[]) =>
  fc.oneof(text(12), fc.constantFrom("__proto__", "constructor", "toString", "basePath", "id", "hits", "Path", " path")).filter((key) => !known.includes(key));

/** Sets one own property, `__proto__` too (an object literal with `{ __proto__: x }` would set the prototype). */
function withKey(object: Json, key: string, value: unknown): Json {
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

export const validFault = fc.record(
  {
    path: fc.constantFrom("/app/pages/1", "/app/**", "/app/pages/*", "/x/y"),
    methods: fc.subarray(["GET", "HEAD", "POST"] as const, { minLength: 1 }),
    representation: fc.constantFrom("any", "document", "data"),
    status: fc.constantFrom(...FAULT_STATUSES, 200, 204, 304, 408, 410, 429, 502, 599),
    delayMs: fc.integer({ min: 0, max: MAX_DELAY_MS }),
    times: fc.integer({ min: 1, max: 1_000_000 }),
    name: text(50),
  },
  { requiredKeys: ["path", "status"] },
) as fc.Arbitrary<Json>;

const badPath = fc.oneof(
  notString,
  text().filter((path) => !path.startsWith("/")),
  fc.constantFrom("/a b", "/a?x=1", "/a#top", "/a\\b", "/***", "/./x", "/a/../b", "/a/..", "/[x]", "/{x}", "/é", "/a\0b"),
);

/** A fault that must be refused, broken in one way. */
export const malformedFault: fc.Arbitrary<unknown> = fc.oneof(
  notObject,
  fc.tuple(validFault, badPath).map(([fault, path]) => ({ ...fault, path })),
  fc
    .tuple(
      validFault,
      fc.oneof(
        outsideRange(MIN_FAULT_STATUS, MAX_FAULT_STATUS),
        // A redirect's status with no Location to send the browser to.
        fc.constantFrom(300, 301, 302, 303, 307, 308),
        fraction,
        notNumber,
      ),
    )
    .map(([fault, status]) => ({ ...fault, status })),
  fc.tuple(validFault, outsideRange(0, MAX_DELAY_MS)).map(([fault, delayMs]) => ({ ...fault, delayMs })),
  fc.tuple(validFault, outsideRange(1, 1_000_000)).map(([fault, times]) => ({ ...fault, times })),
  fc
    .tuple(validFault, fc.oneof(fc.constantFrom<unknown>([], ["get"], ["FETCH"], ["GET", "get"], "GET", null, true, {}), fc.integer()))
    .map(([fault, methods]) => ({ ...fault, methods })),
  fc
    .tuple(
      validFault,
      fc.oneof(
        text().filter((r) => !["any", "document", "data"].includes(r)),
        notString,
      ),
    )
    .map(([fault, representation]) => ({ ...fault, representation })),
  fc.tuple(validFault, fc.oneof(longer(100), notString)).map(([fault, name]) => ({ ...fault, name })),
  fc.tuple(validFault, fc.oneof(fc.constant(false), notBoolean)).map(([fault, drop]) => {
    const { status: _status, ...rest } = fault;
    return { ...rest, drop };
  }),
  // Two actions at once: status, drop and hang exclude each other.
  fc.tuple(validFault, fc.constantFrom<Json>({ drop: true }, { hang: true })).map(([fault, action]) => ({ ...fault, ...action })),
  fc.tuple(validFault).map(([fault]) => {
    const { status: _status, ...rest } = fault;
    return { ...rest, drop: true, hang: true };
  }),
  // No action at all.
  fc.tuple(validFault).map(([fault]) => {
    const { status: _status, delayMs: _delayMs, ...rest } = fault;
    return rest;
  }),
  // No path.
  fc.tuple(validFault).map(([fault]) => {
    const { path: _path, ...rest } = fault;
    return rest;
  }),
  fc.tuple(validFault, unknownKey(FAULT_KEYS), fc.jsonValue({ maxDepth: 1 })).map(([fault, key, value]) => withKey(fault, key, value)),
);

export const validConfig = fc.record(
  {
    register: fc.boolean(),
    cacheNavigations: fc.boolean(),
    reloadOnOnline: fc.boolean(),
    networkTimeoutMs: fc.integer({ min: 0, max: 600_000 }),
    onlineSettleMs: fc.integer({ min: 0, max: 60_000 }),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Json>;

/** A configuration change that must be refused, broken in one way. */
export const malformedConfig: fc.Arbitrary<unknown> = fc.oneof(
  notObject,
  fc
    .tuple(validConfig, fc.constantFrom("register", "cacheNavigations", "reloadOnOnline"), notBoolean)
    .map(([config, key, value]) => ({ ...config, [key]: value })),
  fc.tuple(validConfig, outsideRange(0, 600_000)).map(([config, networkTimeoutMs]) => ({ ...config, networkTimeoutMs })),
  fc.tuple(validConfig, outsideRange(0, 60_000)).map(([config, onlineSettleMs]) => ({ ...config, onlineSettleMs })),
  fc.tuple(validConfig, unknownKey(CONFIG_KEYS), fc.jsonValue({ maxDepth: 1 })).map(([config, key, value]) => withKey(config, key, value)),
);

export const validScenario = fc.record(
  {
    name: text(50).filter((name) => name.trim() !== ""),
    description: text(200),
    config: validConfig,
    faults: fc.array(validFault, { maxLength: 5 }),
  },
  { requiredKeys: ["name"] },
) as fc.Arbitrary<Json>;

/** A scenario that must be refused, broken in one way (deep inside, or at the top). */
export const malformedScenario: fc.Arbitrary<unknown> = fc.oneof(
  notObject,
  fc.tuple(validScenario, fc.oneof(notString, fc.constantFrom("", "   ", "\t\n"), longer(100))).map(([scenario, name]) => ({ ...scenario, name })),
  fc.tuple(validScenario).map(([scenario]) => {
    const { name: _name, ...rest } = scenario;
    return rest;
  }),
  fc.tuple(validScenario, fc.oneof(notString, longer(2_000))).map(([scenario, description]) => ({ ...scenario, description })),
  fc.tuple(validScenario, malformedConfig).map(([scenario, config]) => ({ ...scenario, config })),
  fc
    .tuple(
      validScenario,
      fc.oneof(
        notObject.filter((value) => !Array.isArray(value)),
        fc.constant({}),
      ),
    )
    .map(([scenario, faults]) => ({ ...scenario, faults })),
  // One bad fault among good ones, at any position.
  fc
    .tuple(validScenario, fc.array(validFault, { maxLength: 4 }), malformedFault, fc.array(validFault, { maxLength: 4 }))
    .map(([scenario, before, bad, after]) => ({ ...scenario, faults: [...before, bad, ...after] })),
  fc.tuple(validScenario, validFault).map(([scenario, fault]) => ({ ...scenario, faults: Array.from({ length: MAX_SCENARIO_FAULTS + 1 }, () => fault) })),
  fc.tuple(validScenario, unknownKey(SCENARIO_KEYS), fc.jsonValue({ maxDepth: 1 })).map(([scenario, key, value]) => withKey(scenario, key, value)),
);

/** Text that is not JSON at all. */
export const notJsonText = fc.oneof(
  text(80).filter((candidate) => {
    try {
      JSON.parse(candidate);
      return false;
    } catch {
      return true;
    }
  }),
  fc.constantFrom("{", "{'name': 'x'}", '{"name": "x",}', "[1, 2", "undefined", "NaN", '{"a": 01}', "\u00ef\u00bb\u00bf{}"),
);

/** A request body that must be refused: malformed JSON, or a value that breaks the route's schema. */
export const malformedBody = (malformedJson: fc.Arbitrary<unknown>): fc.Arbitrary<string> =>
  fc.oneof({ weight: 4, arbitrary: malformedJson.map((value) => JSON.stringify(value)) }, { weight: 1, arbitrary: notJsonText });
