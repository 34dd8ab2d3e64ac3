/**
 * A fault's match criteria compiled once, when the fault is added: whether a request matches, and,
 * for a request no fault matched, which criteria it failed (its near-misses). Checked
 * cheapest first, so a request that differs in method never reaches a regex; a near-miss looks at
 * the path first, so a fault about another path costs one more path test.
 */
import type { IncomingHttpHeaders } from "node:http";
import { isDeepStrictEqual } from "node:util";
import type { Request } from "express";
import type { KeptBody } from "../http/keptBody.ts";
import { redactedValue } from "../http/redactHeaders.ts";
import { type Representation, representationOf } from "../http/representation.ts";
import { formatPath } from "../http/validation.ts";
import type { BodyMatch } from "./bodyMatchSchema.ts";
import { type JsonPathSegment, parseJsonPath, valueAt } from "./jsonPath.ts";
import { compileRegex, type TextTest } from "./linearRegex.ts";
import { MAX_BODY_MATCH_STEPS, MatchBudget } from "./matchBudget.ts";
import { compileGlob } from "./pathGlob.ts";
import type { PathPattern, ValueMatcher } from "./requestMatchSchema.ts";

export interface MatchRequest {
  readonly method: string;
  /** The raw path, without the query, as the browser sent it. */
  readonly path: string;
  readonly representation: Representation;
  /** The query's parameters, percent-decoded; none when left out. */
  readonly query?: URLSearchParams;
  /** As Node gives them: names in lower case. */
  readonly headers?: IncomingHttpHeaders;
  /** What the patterns may cost for this request, drawn on by every glob and regex test; unlimited when left out. */
  readonly budget?: MatchBudget;
  /** The body's start as keptBody.ts read it; none for a request without a body. */
  readonly body?: KeptBody;
  /** What body patterns may cost (a body is longer than a path): unlimited when left out. */
  readonly bodyBudget?: MatchBudget;
}

/** What a fault asks of a request, as its spec holds it. */
export interface MatchSpec {
  readonly path: PathPattern;
  readonly methods?: readonly string[] | undefined;
  readonly representation: Representation | "any";
  readonly query?: Readonly<Record<string, ValueMatcher>> | undefined;
  readonly headers?: Readonly<Record<string, ValueMatcher>> | undefined;
  readonly body?: BodyMatch | undefined;
}

/** One criterion a request failed: `field` as validation names it (`headers.rsc`), what the fault wants, what came. */
export interface Difference {
  readonly field: string;
  readonly expected: PathPattern | ValueMatcher | BodyMatch | readonly string[];
  /** The request's value; null when it had none (a header or parameter not sent). */
  readonly actual: string | null;
  /** Why a path that failed is still near: it differs only in letter case, or by a trailing slash. */
  readonly note?: string;
}

export interface RequestMatcher {
  readonly matches: (request: MatchRequest) => boolean;
  /**
   * Every criterion a request that does not match fails, when its path matched or nearly did; null
   * otherwise. A fault about another path is no near-miss: it would be one for every request.
   */
  readonly nearMiss: (request: MatchRequest) => Difference[] | null;
}

/** The request as faults see it. */
export function matchRequestOf(req: Request, body?: KeptBody): MatchRequest {
  const query = req.originalUrl.indexOf("?");
  return {
    method: req.method,
    path: req.path,
    representation: representationOf(req),
    query: new URLSearchParams(query < 0 ? "" : req.originalUrl.slice(query + 1)),
    headers: req.headers,
    budget: new MatchBudget(),
    ...(body === undefined ? {} : { body, bodyBudget: new MatchBudget(MAX_BODY_MATCH_STEPS) }),
  };
}

type ValueTest = (values: readonly string[], budget?: MatchBudget) => boolean;

function compileValue(matcher: ValueMatcher): ValueTest {
  if (typeof matcher === "string") return (values) => values.includes(matcher);
  if ("present" in matcher) return (values) => values.length > 0;
  if ("absent" in matcher) return (values) => values.length === 0;
  const test = mustCompile(matcher.pattern);
  return (values, budget) => values.some((value) => test(value, budget));
}

/** Patterns were validated when the fault was added; one that fails here is a bug, not input. */
function mustCompile(source: string): TextTest {
  const compiled = compileRegex(source);
  if ("problem" in compiled) throw new Error(`Failed to compile the validated pattern '${source}': ${compiled.problem}.`);
  return compiled.test;
}

function compilePath(pattern: PathPattern): TextTest {
  return typeof pattern === "string" ? compileGlob(pattern) : mustCompile(pattern.regex);
}

type CaselessTest = (path: string, lower: string, budget?: MatchBudget) => boolean;

/** The same pattern ignoring letter case, given the path in lower case; null when `(?i)` takes a regex past its length cap. */
function caselessPath(pattern: PathPattern): CaselessTest | null {
  if (typeof pattern === "string") {
    const glob = compileGlob(pattern.toLowerCase());
    return (_path, lower, budget) => glob(lower, budget);
  }
  const compiled = compileRegex(`(?i)${pattern.regex}`);
  return "test" in compiled ? (path, _lower, budget) => compiled.test(path, budget) : null;
}

interface PathVariants {
  /** The path with its trailing slash removed, or one added; null for `/`. */
  readonly toggled: string | null;
  readonly lower: string;
}

/** Worked out once per request, not once per fault: a near-miss walk tries every fault (nearMisses.ts). */
const variantsOf = new WeakMap<MatchRequest, PathVariants>();

function pathVariants(request: MatchRequest): PathVariants {
  let variants = variantsOf.get(request);
  if (!variants) {
    const { path } = request;
    const toggled = path.endsWith("/") ? path.slice(0, -1) : `${path}/`;
    variants = { toggled: toggled === "" ? null : toggled, lower: path.toLowerCase() };
    variantsOf.set(request, variants);
  }
  return variants;
}

/**
 * Why a path that `test` refuses is still near (a trailing slash, letter case), or null. Routes and
 * faults are case-sensitive and strict about the slash, and both are easy to get wrong by hand.
 */
function pathNote(test: TextTest, caseless: () => CaselessTest | null, request: MatchRequest): string | null {
  const { toggled, lower } = pathVariants(request);
  if (toggled !== null && test(toggled, request.budget)) return "differs only by a trailing slash";
  return caseless()?.(request.path, lower, request.budget) ? "differs only in letter case" : null;
}

function headerValues(headers: IncomingHttpHeaders | undefined, name: string): string[] {
  // Own headers only: `constructor` or `toString` would otherwise find Object.prototype's functions.
  const value = headers !== undefined && Object.hasOwn(headers, name) ? headers[name] : undefined;
  if (value === undefined) return [];
  return [Array.isArray(value) ? value.join(", ") : value];
}

interface NamedTest {
  readonly field: string;
  readonly expected: ValueMatcher;
  readonly test: ValueTest;
  readonly values: (request: MatchRequest) => readonly string[];
  /** The value as a near-miss may show it: a credential header's is redacted, as in the journal. */
  readonly shown: (value: string) => string;
}

function namedTests(root: "query" | "headers", matchers: Readonly<Record<string, ValueMatcher>> | undefined): NamedTest[] {
  return Object.entries(matchers ?? {}).map(([name, expected]) => ({
    field: formatPath(root, [name]),
    expected,
    test: compileValue(expected),
    values: root === "query" ? (request) => request.query?.getAll(name) ?? [] : (request) => headerValues(request.headers, name),
    shown: root === "query" ? (value) => value : (value) => redactedValue(name, value, undefined),
  }));
}

interface BodyView {
  /** The whole body as UTF-8 text; null when it did not fit the cap. */
  readonly text: string | null;
  /** The body parsed as JSON; undefined when it is not JSON (or did not fit). */
  readonly json: unknown;
}

/** Decoded and parsed once per request, however many faults look at its body. */
const bodyViews = new WeakMap<KeptBody, BodyView>();

function bodyView(body: KeptBody): BodyView {
  let view = bodyViews.get(body);
  if (!view) {
    const text = body.complete ? body.bytes.toString("utf8") : null;
    let json: unknown;
    try {
      json = text === null || text.trim() === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    view = { text, json };
    bodyViews.set(body, view);
  }
  return view;
}

type BodyTest = (request: MatchRequest) => boolean;

function compileBody(match: BodyMatch): BodyTest {
  if (match.text !== undefined) {
    const test = mustCompile(match.text);
    return (request) => {
      const text = request.body ? bodyView(request.body).text : null;
      return text !== null && test(text, request.bodyBudget);
    };
  }
  const json = match.json as NonNullable<BodyMatch["json"]>;
  const parsed = parseJsonPath(json.path);
  if ("problem" in parsed) throw new Error(`Failed to read the validated JSONPath '${json.path}': ${parsed.problem}.`);
  const segments: readonly JsonPathSegment[] = parsed.segments;
  const pattern = json.pattern === undefined ? undefined : mustCompile(json.pattern);
  const bodyValue = (request: MatchRequest) => (request.body ? valueAt(bodyView(request.body).json, segments) : undefined);
  if (pattern) {
    // A pattern reads a string, number or boolean as JSON writes it; an object, array or null matches none.
    return (request) => {
      const value = bodyValue(request);
      return (typeof value === "string" || typeof value === "number" || typeof value === "boolean") && pattern(String(value), request.bodyBudget);
    };
  }
  if (json.present) return (request) => bodyValue(request) !== undefined;
  return (request) => {
    const value = bodyValue(request);
    return value !== undefined && isDeepStrictEqual(value, json.equals);
  };
}

/** A body as a near-miss shows it: its start, or why there is none to match. */
function shownBody(request: MatchRequest): string | null {
  if (!request.body) return null;
  const { text } = bodyView(request.body);
  if (text === null) return `${request.body.bytes.length}+ bytes, more than a body fault reads`;
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export function compileMatch(spec: MatchSpec): RequestMatcher {
  const matchesPath = compilePath(spec.path);
  // The caseless form may compile a regex: built once, the first time a near-miss needs it.
  let caseless: CaselessTest | null | undefined;
  const caselessOnce = () => {
    if (caseless === undefined) caseless = caselessPath(spec.path);
    return caseless;
  };
  const values = [...namedTests("query", spec.query), ...namedTests("headers", spec.headers)];
  const bodyOk: BodyTest = spec.body ? compileBody(spec.body) : () => true;
  const methodOk = (request: MatchRequest) => !spec.methods || spec.methods.includes(request.method);
  const representationOk = (request: MatchRequest) => spec.representation === "any" || spec.representation === request.representation;
  return {
    matches: (request) =>
      methodOk(request) &&
      representationOk(request) &&
      matchesPath(request.path, request.budget) &&
      values.every((named) => named.test(named.values(request), request.budget)) &&
      bodyOk(request),
    nearMiss: (request) => {
      const found: Difference[] = [];
      if (!matchesPath(request.path, request.budget)) {
        const note = pathNote(matchesPath, caselessOnce, request);
        if (note === null) return null;
        found.push({ field: "path", expected: spec.path, actual: request.path, note });
      }
      if (!methodOk(request)) found.push({ field: "methods", expected: spec.methods ?? [], actual: request.method });
      if (!representationOk(request)) found.push({ field: "representation", expected: spec.representation, actual: request.representation });
      for (const named of values) {
        const sent = named.values(request);
        if (!named.test(sent, request.budget))
          found.push({ field: named.field, expected: named.expected, actual: sent.length === 0 ? null : named.shown(sent.join(", ")) });
      }
      if (spec.body && !bodyOk(request)) found.push({ field: "body", expected: spec.body, actual: shownBody(request) });
      return found.length === 0 ? null : found;
    },
  };
}
