/**
 * The add-fault form's fields as the body of `POST /__mock/faults`. Empty optional fields are left
 * out and the path loses the spaces pasted text brings along; anything else is passed on as typed,
 * so the server's validation speaks for every mistake.
 */
import type { BodyMatch } from "../faults/bodyMatchSchema.ts";
import type { RedirectStatus } from "../faults/faultActionSchema.ts";
import type { FaultInput, FaultStatus } from "../faults/faultSchema.ts";
import type { ValueMatcher } from "../faults/requestMatchSchema.ts";

export const RESPONSES = [
  "404",
  "403",
  "401",
  "500",
  "503",
  "429",
  "status",
  "redirect",
  "portal",
  "quota",
  "drop",
  "hang",
  "reset",
  "garbage",
  "throwOnLoad",
  "none",
  "sequence",
] as const;
export type ResponseChoice = (typeof RESPONSES)[number];

export const BODIES = ["whole", "truncate", "dribble", "bandwidth"] as const;
export type BodyChoice = (typeof BODIES)[number];

export const PATH_KINDS = ["glob", "regex"] as const;
export type PathKind = (typeof PATH_KINDS)[number];

export const REPRESENTATIONS = ["any", "document", "data"] as const;
export type RepresentationChoice = (typeof REPRESENTATIONS)[number];

export interface FaultFormValues {
  /** Optional: shown in the faults table, so a person can tell faults apart at a glance. */
  readonly name: string;
  readonly path: string;
  /** Whether the path is a glob (or an exact path) or an RE2 regular expression. */
  readonly pathKind: PathKind;
  /** Query parameters the request must have, one a line, as the faults table writes them. */
  readonly query: string;
  /** Request headers, the same way. */
  readonly headers: string;
  /** One condition on the request's body: `$.op = "add"`, `$.op ~ regex`, `$.op present`, or `~ regex` for its text. */
  readonly requestBody: string;
  readonly response: ResponseChoice;
  /** With response `sequence`: the steps, comma-separated, e.g. `503, 503, pass`. */
  readonly sequence: string;
  /** With response `status`: any status from 200 to 599. */
  readonly status: string;
  /** With response `redirect`: where to, and with which 3xx. */
  readonly redirectTo: string;
  readonly redirectStatus: string;
  /** With response `quota`: the requests let through per window, and the window. */
  readonly quotaLimit: string;
  readonly quotaWindowMs: string;
  /** An outage window, any response: both empty for none. */
  readonly outageAfterMs: string;
  readonly outageForMs: string;
  readonly body: BodyChoice;
  readonly truncateBytes: string;
  readonly dribbleChunks: string;
  readonly dribbleOverMs: string;
  readonly bytesPerSecond: string;
  readonly delayMs: string;
  readonly jitterMs: string;
  readonly probability: string;
  readonly seed: string;
  readonly times: string;
  readonly representation: RepresentationChoice;
  /** One `Name: value` a line. */
  readonly responseHeaders: string;
}

export const EMPTY_FORM: FaultFormValues = {
  name: "",
  path: "",
  pathKind: "glob",
  query: "",
  headers: "",
  requestBody: "",
  response: "404",
  sequence: "",
  status: "",
  redirectTo: "",
  redirectStatus: "302",
  quotaLimit: "",
  quotaWindowMs: "",
  outageAfterMs: "",
  outageForMs: "",
  body: "whole",
  truncateBytes: "",
  dribbleChunks: "",
  dribbleOverMs: "",
  bytesPerSecond: "",
  delayMs: "",
  jitterMs: "",
  probability: "",
  seed: "",
  times: "",
  representation: "any",
  responseHeaders: "",
};

/** `''` → left out; otherwise a number, NaN included (it reaches the server as null, which says why). */
function optionalNumber(text: string): number | undefined {
  return text.trim() === "" ? undefined : Number(text);
}

/** A number the fault needs: an empty field goes as NaN, which JSON sends as null, which the server names. */
const required = (text: string): number => optionalNumber(text) ?? Number.NaN;

type Action = Pick<FaultInput, "status" | "redirect" | "portal" | "quota" | "drop" | "hang" | "reset" | "garbage" | "throwOnLoad" | "sequence">;

/**
 * One step of the sequence field: a status (`503`), `pass`, or a flag (`reset`, `drop`…). Any other
 * word is sent as a flag of that name, so the server says it is not a known field.
 */
function step(token: string): Record<string, unknown> {
  if (/^\d+$/.test(token)) return { status: Number(token) };
  return { [token]: true };
}

export function sequenceSteps(text: string): FaultInput["sequence"] {
  const tokens = text
    .split(",")
    .map((token) => token.trim())
    .filter((token) => token !== "");
  return tokens.map(step) as FaultInput["sequence"];
}

function action(values: FaultFormValues): Action {
  const { response } = values;
  if (response === "sequence") return { sequence: sequenceSteps(values.sequence) };
  if (response === "drop" || response === "hang" || response === "reset" || response === "garbage" || response === "throwOnLoad") return { [response]: true };
  if (response === "none") return {};
  if (response === "portal") return { portal: true };
  if (response === "status") return { status: required(values.status) };
  // As typed: the server names a bad target or status.
  if (response === "redirect") return { redirect: { to: values.redirectTo.trim(), status: required(values.redirectStatus) as RedirectStatus } };
  if (response === "quota") return { quota: { limit: required(values.quotaLimit), windowMs: required(values.quotaWindowMs) } };
  return { status: Number(response) as FaultStatus };
}

/** An outage when either of its fields is filled in; the server names the one left empty. */
function outage(values: FaultFormValues): Pick<FaultInput, "outage"> {
  if (values.outageAfterMs.trim() === "" && values.outageForMs.trim() === "") return {};
  return { outage: { afterMs: required(values.outageAfterMs), forMs: required(values.outageForMs) } };
}

function body(values: FaultFormValues): Pick<FaultInput, "truncate" | "dribble"> {
  if (values.body === "truncate") return { truncate: { bytes: required(values.truncateBytes) } };
  if (values.body === "dribble") return { dribble: { chunks: required(values.dribbleChunks), overMs: required(values.dribbleOverMs) } };
  if (values.body === "bandwidth") return { dribble: { bytesPerSecond: required(values.bytesPerSecond) } };
  return {};
}

const nonBlankLines = (text: string): string[] => text.split("\n").filter((line) => line.trim() !== "");

/** `Name: value` lines; a line without a colon becomes a name with an empty value, which the server checks. */
export function headerLines(text: string): Record<string, string> | undefined {
  const lines = nonBlankLines(text);
  if (lines.length === 0) return undefined;
  return Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(":");
      return colon === -1 ? [line.trim(), ""] : [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    }),
  );
}

/**
 * One condition a line, written as the faults table shows them: `name = value` (exactly),
 * `name ~ pattern` (an RE2 regex), `name present`, `name absent`. A line of no such form goes to the
 * server as a condition it refuses, so its message names the line's parameter or header.
 */
export function conditionLines(text: string): Record<string, ValueMatcher> | undefined {
  const lines = nonBlankLines(text);
  if (lines.length === 0) return undefined;
  return Object.fromEntries(
    lines.map((line): [string, ValueMatcher] => {
      const flag = /^\s*(\S+)\s+(present|absent)\s*$/.exec(line);
      if (flag?.[1] && flag[2]) return [flag[1], flag[2] === "present" ? { present: true } : { absent: true }];
      const valued = /^\s*([^\s=~]+)\s*([=~])\s?(.*)$/.exec(line);
      if (valued?.[1] && valued[2]) return [valued[1], valued[2] === "=" ? (valued[3] ?? "").trimEnd() : { pattern: (valued[3] ?? "").trimEnd() }];
      return [line.trim(), {} as ValueMatcher];
    }),
  );
}

type JsonValue = NonNullable<BodyMatch["json"]>["equals"];

/** A JSON value as typed; text that is not JSON is meant as a string (`add` for `"add"`). */
function jsonOrString(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The body condition as the faults table writes it: `$.op = "add"` (a JSON value by JSONPath),
 * `$.op ~ regex`, `$.op present`, or `~ regex` for the body's text. Anything else goes to the
 * server as a JSONPath with no test, which it refuses with a message naming the field.
 */
export function bodyCondition(text: string): BodyMatch | undefined {
  const line = text.trim();
  if (line === "") return undefined;
  const whole = /^~\s?(.*)$/.exec(line);
  if (whole) return { text: whole[1] ?? "" };
  const flag = /^(\$\S*)\s+present$/.exec(line);
  if (flag?.[1]) return { json: { path: flag[1], present: true } };
  const valued = /^(\$.*?)\s*([=~])\s?(.*)$/.exec(line);
  if (valued?.[1] && valued[2]) {
    const value = valued[3] ?? "";
    return { json: valued[2] === "~" ? { path: valued[1], pattern: value } : { path: valued[1], equals: jsonOrString(value) as JsonValue } };
  }
  return { json: { path: line } } as BodyMatch;
}

/** The path as a glob or a regex, and the query, header and body conditions the form names. */
function match(values: FaultFormValues): Pick<FaultInput, "path" | "query" | "headers" | "body"> {
  const path = values.path.trim();
  const query = conditionLines(values.query);
  const headers = conditionLines(values.headers);
  const body = bodyCondition(values.requestBody);
  return {
    path: values.pathKind === "regex" ? { regex: path } : path,
    ...(query === undefined ? {} : { query }),
    ...(headers === undefined ? {} : { headers }),
    ...(body === undefined ? {} : { body }),
  };
}

/** The fields that shape one response: a sequence's steps hold them instead, so the form hides them. */
function shaping(values: FaultFormValues): Partial<FaultInput> {
  if (values.response === "sequence") return {};
  const responseHeaders = headerLines(values.responseHeaders);
  return {
    ...body(values),
    ...defined({ delayMs: optionalNumber(values.delayMs), jitterMs: optionalNumber(values.jitterMs) }),
    ...(responseHeaders === undefined ? {} : { responseHeaders }),
  };
}

function defined<T extends Record<string, number | undefined>>(numbers: T): Partial<T> {
  return Object.fromEntries(Object.entries(numbers).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function faultFormBody(values: FaultFormValues): FaultInput {
  return {
    ...match(values),
    ...action(values),
    ...outage(values),
    ...shaping(values),
    ...defined({ probability: optionalNumber(values.probability), seed: optionalNumber(values.seed), times: optionalNumber(values.times) }),
    representation: values.representation,
    // As typed, outer spaces aside: the server says when it is too long.
    ...(values.name.trim() === "" ? {} : { name: values.name.trim() }),
  };
}
