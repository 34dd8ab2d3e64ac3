/**
 * What a fault does to one response: the fields a fault and each step of its `sequence` share, and
 * the rules between them. Every message names the field and the rule.
 */
import { z } from "zod";
import { ResponseHeaders } from "./responseHeadersSchema.ts";

/**
 * The statuses the app's own fallback pages stand for (ERR-1..4): the panel offers them first, and
 * the property tests draw from them. Any other status from 200 to 599 is a fault too (status.ts).
 */
export const FAULT_STATUSES = [401, 403, 404, 500, 503] as const;

/** A final status: a 1xx is an interim response, which cannot end an exchange. */
export const MIN_FAULT_STATUS = 200;
export const MAX_FAULT_STATUS = 599;
export type FaultStatus = number;

/** The statuses a `redirect` fault answers with: the ones browsers follow with a Location. */
export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** Statuses whose response has no body (RFC 9110 §15.3.5, §15.3.6, §15.4.5). */
export const BODILESS_STATUSES: readonly number[] = [204, 205, 304];

/** The longest latency a fault may add: longer than any client timeout worth testing. */
export const MAX_DELAY_MS = 120_000;

/** A truncated body keeps at most this much; a body no longer than `bytes` is sent whole. */
export const MAX_TRUNCATE_BYTES = 1_000_000_000;
/** More chunks than any page has packets; `bytesPerSecond` is the way to go finer. */
export const MAX_DRIBBLE_CHUNKS = 1_000;
export const MAX_BYTES_PER_SECOND = 1_000_000_000;

const STATUS_RULE = `must be a whole number from ${MIN_FAULT_STATUS} to ${MAX_FAULT_STATUS}`;
export const faultStatus = z
  .int({ error: STATUS_RULE })
  .min(MIN_FAULT_STATUS, `${STATUS_RULE} (a 1xx is an interim response, which cannot end an exchange)`)
  .max(MAX_FAULT_STATUS, STATUS_RULE);

/** Stands for the server a path-form redirect target resolves against; only whether the origin stays matters. */
const THIS_SERVER = "http://this-server.invalid";

/** Where a redirect sends the browser: a path on this server, or an http(s) URL (a login page, a portal). */
const RedirectTarget = z
  .string({ error: 'must be a path or an http(s) URL, e.g. "/login"' })
  .min(1, 'must be a path or an http(s) URL, e.g. "/login"')
  .max(2_000, "must be at most 2000 characters")
  .refine((to) => /^[\x21-\x7e]+$/.test(to), "must be a URL without spaces or control characters (percent-encode them)")
  .refine((to) => (to.startsWith("/") && !to.startsWith("//")) || /^https?:\/\/[^/]/i.test(to), 'must start with "/" (a path here) or http:// or https://')
  .superRefine((to, ctx) => {
    if (!to.startsWith("/") || to.startsWith("//")) return;
    // The browser resolves Location by the WHATWG URL parser, which reads "\" as "/" in http(s)
    // URLs: "/\host" and "/\/host" are "//host", another server (Chromium followed one there).
    const resolved = new URL(to, THIS_SERVER);
    if (resolved.origin !== THIS_SERVER)
      ctx.addIssue({ code: "custom", message: `must be a path on this server, and a browser reads "\\" as "/": "${to}" leads to ${resolved.href}` });
  });

const Redirect = z.strictObject(
  {
    to: RedirectTarget,
    status: z
      .union(
        REDIRECT_STATUSES.map((code) => z.literal(code)),
        { error: `must be one of ${REDIRECT_STATUSES.join(", ")}` },
      )
      .default(302),
  },
  { error: 'must be an object with to, e.g. {"to": "/login", "status": 302}' },
);

const wholeMs = (min: number) =>
  z.int({ error: "must be a whole number of milliseconds" }).min(min, `must be ≥ ${min}`).max(MAX_DELAY_MS, `must be ≤ ${MAX_DELAY_MS}`);

export const delayMs = wholeMs(0);
export const jitterMs = wholeMs(0);

const flag = z.literal(true, { error: "must be true when present" }).optional();

export const truncateBytes = z
  .int({ error: "must be a whole number of bytes" })
  .min(0, "must be ≥ 0")
  .max(MAX_TRUNCATE_BYTES, `must be ≤ ${MAX_TRUNCATE_BYTES}`);

const Truncate = z.strictObject({ bytes: truncateBytes }, { error: 'must be an object with bytes, e.g. {"bytes": 100}' });

export const dribbleChunks = z
  .int({ error: "must be a whole number" })
  .min(2, "must be ≥ 2 (one chunk is a delay: use delayMs)")
  .max(MAX_DRIBBLE_CHUNKS, `must be ≤ ${MAX_DRIBBLE_CHUNKS}`);
export const dribbleOverMs = wholeMs(1);
export const bytesPerSecond = z.int({ error: "must be a whole number" }).min(1, "must be ≥ 1").max(MAX_BYTES_PER_SECOND, `must be ≤ ${MAX_BYTES_PER_SECOND}`);

const Dribble = z
  .strictObject(
    { chunks: dribbleChunks.optional(), overMs: dribbleOverMs.optional(), bytesPerSecond: bytesPerSecond.optional() },
    { error: "must be an object with chunks and overMs, or bytesPerSecond" },
  )
  .superRefine((dribble, ctx) => {
    const byChunks = dribble.chunks !== undefined || dribble.overMs !== undefined;
    if (byChunks && dribble.bytesPerSecond !== undefined)
      ctx.addIssue({ code: "custom", message: "chunks and overMs exclude bytesPerSecond: give one or the other" });
    else if (byChunks && (dribble.chunks === undefined || dribble.overMs === undefined))
      ctx.addIssue({ code: "custom", message: "needs both chunks and overMs" });
    else if (!byChunks && dribble.bytesPerSecond === undefined) ctx.addIssue({ code: "custom", message: "needs chunks and overMs, or bytesPerSecond" });
  });

/** The fields that say what happens to one response. */
export const actionFields = {
  status: faultStatus.optional(),
  delayMs: delayMs.optional(),
  jitterMs: jitterMs.optional(),
  drop: flag,
  hang: flag,
  reset: flag,
  garbage: flag,
  throwOnLoad: flag,
  truncate: Truncate.optional(),
  dribble: Dribble.optional(),
  responseHeaders: ResponseHeaders.optional(),
  redirect: Redirect.optional(),
  portal: flag,
};

export type FaultAction = z.output<z.ZodObject<typeof actionFields>>;

/** What ends the exchange: one answer, or none at all. At most one per fault (or step). */
const ENDINGS = ["status", "redirect", "portal", "drop", "hang", "reset", "garbage", "throwOnLoad"] as const;
/** What sends no response at all, so nothing is left to shape. */
const NO_RESPONSE = ["drop", "hang", "reset", "garbage"] as const;
/** What shapes whatever response is sent (the fault's status page, or the app's own). */
const SHAPERS = ["truncate", "dribble", "responseHeaders"] as const;

/** Every field that makes a fault (or step) do something. */
export const ACTION_NAMES = [
  "status",
  "redirect",
  "portal",
  "delayMs",
  "drop",
  "hang",
  "reset",
  "garbage",
  "throwOnLoad",
  "truncate",
  "dribble",
  "responseHeaders",
] as const;

/** "a, b and c" */
export function listText(names: readonly string[], last = "and"): string {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} ${last} ${names.at(-1)}`;
}

const present = (action: FaultAction, name: keyof FaultAction) => action[name] !== undefined;

/** The rules between a fault's (or step's) action fields, added to `ctx` at `path`. */
export function checkAction(action: FaultAction, ctx: z.RefinementCtx, path: PropertyKey[] = []): void {
  const endings = ENDINGS.filter((name) => present(action, name));
  if (endings.length > 1) ctx.addIssue({ code: "custom", path, message: `${listText(ENDINGS)} exclude each other, got ${endings.join(" and ")}` });
  const silent = NO_RESPONSE.find((name) => present(action, name));
  if (silent) {
    for (const shaper of SHAPERS.filter((name) => present(action, name))) {
      ctx.addIssue({ code: "custom", path, message: `${shaper} needs a response to shape, and ${silent} sends none` });
    }
  }
  if (action.truncate && action.dribble) ctx.addIssue({ code: "custom", path, message: "truncate and dribble exclude each other" });
  checkStatusFraming(action, ctx, path);
  if (action.jitterMs !== undefined) {
    if (action.delayMs === undefined) ctx.addIssue({ code: "custom", path: [...path, "jitterMs"], message: "needs delayMs, the delay it varies" });
    else if (action.jitterMs > action.delayMs)
      ctx.addIssue({ code: "custom", path: [...path, "jitterMs"], message: "must be ≤ delayMs (a delay cannot go below 0)" });
    else if (action.delayMs + action.jitterMs > MAX_DELAY_MS)
      ctx.addIssue({ code: "custom", path: [...path, "jitterMs"], message: `delayMs + jitterMs must be ≤ ${MAX_DELAY_MS}` });
  }
}

const hasHeader = (action: FaultAction, name: string) => Object.keys(action.responseHeaders ?? {}).some((key) => key.toLowerCase() === name);

/** A status's framing: a 3xx (but 304) says where to go, a bodiless status has no body to shape. */
function checkStatusFraming(action: FaultAction, ctx: z.RefinementCtx, path: PropertyKey[]): void {
  const { status } = action;
  if (status === undefined) return;
  if (status >= 300 && status < 400 && status !== 304 && !hasHeader(action, "location")) {
    ctx.addIssue({
      code: "custom",
      path: [...path, "status"],
      message: `${status} needs a Location: give redirect {"to": "/login", "status": ${status}} instead, or responseHeaders {"Location": …}`,
    });
  }
  if (BODILESS_STATUSES.includes(status)) {
    for (const shaper of (["truncate", "dribble"] as const).filter((name) => present(action, name))) {
      ctx.addIssue({ code: "custom", path, message: `${shaper} needs a body to shape, and a ${status} has none` });
    }
  }
}

/** Whether the fault (or step) does anything at all. */
export function hasAction(action: FaultAction): boolean {
  return ACTION_NAMES.some((name) => present(action, name));
}
