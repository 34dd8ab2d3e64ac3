/**
 * A fault's match criteria compiled once, when the fault is added: whether a request matches, and,
 * for a request no fault matched, which criteria it failed (its near-misses). Checked
 * cheapest first, so a request that differs in method never reaches a regex; a near-miss looks at
 * the path first, so a fault about another path costs one more path test.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { Request } from "express";
import { redactedValue } from "../http/redactHeaders.ts";
import { type Representation, representationOf } from "../http/representation.ts";
import { formatPath } from "../http/validation.ts";
import { compileRegex, type TextTest } from "./linearRegex.ts";
import { MatchBudget } from "./matchBudget.ts";
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
}

/** What a fault asks of a request, as its spec holds it. */
export interface MatchSpec {
  readonly path: PathPattern;
  readonly methods?: readonly string[] | undefined;
  readonly representation: Representation | "any";
  readonly query?: Readonly<Record<string, ValueMatcher>> | undefined;
  readonly headers?: Readonly<Record<string, ValueMatcher>> | undefined;
}

/** One criterion a request failed: `field` as validation names it (`headers.rsc`), what the fault wants, what came. */
export interface Difference {
  readonly field: string;
  readonly expected: PathPattern | ValueMatcher | readonly string[];
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
export function matchRequestOf(req: Request): MatchRequest {
  const query = req.originalUrl.indexOf("?");
  return {
    method: req.method,
    path: req.path,
    representation: representationOf(req),
    query: new URLSearchParams(query < 0 ? "" : req.originalUrl.slice(query + 1)),
    headers: req.headers,
    budget: new MatchBudget(),
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

export function compileMatch(spec: MatchSpec): RequestMatcher {
  const matchesPath = compilePath(spec.path);
  // The caseless form may compile a regex: built once, the first time a near-miss needs it.
  let caseless: CaselessTest | null | undefined;
  const caselessOnce = () => {
    if (caseless === undefined) caseless = caselessPath(spec.path);
    return caseless;
  };
  const values = [...namedTests("query", spec.query), ...namedTests("headers", spec.headers)];
  const methodOk = (request: MatchRequest) => !spec.methods || spec.methods.includes(request.method);
  const representationOk = (request: MatchRequest) => spec.representation === "any" || spec.representation === request.representation;
  return {
    matches: (request) =>
      methodOk(request) &&
      representationOk(request) &&
      matchesPath(request.path, request.budget) &&
      values.every((named) => named.test(named.values(request), request.budget)),
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
      return found.length === 0 ? null : found;
    },
  };
}
