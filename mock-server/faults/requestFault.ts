/**
 * Faults asked for by the request itself, for quick manual use: `?__status=404&__delay=500` or the
 * headers `x-mock-status` / `x-mock-delay`, and likewise `__jitter`, `__close` (reset, drop or
 * garbage), `__truncate` (bytes kept), `__dribble` (ms the body takes, in DRIBBLE_SHORTCUT_CHUNKS
 * pieces) and `__bps` (bytes per second). A bad value is the caller's mistake: a 400, not a fault.
 */
import type { Request } from "express";
import { z } from "zod";
import { actionFields, checkAction, type FaultAction } from "./faultActionSchema.ts";

export const REQUEST_FAULT_ID = "request";

/** `__dribble=<ms>` sends the body in this many pieces: enough to see it arrive bit by bit. */
export const DRIBBLE_SHORTCUT_CHUNKS = 10;

const CLOSES = ["reset", "drop", "garbage"] as const;

/** Each shortcut: its query parameter, its header, and the action field it fills. */
const SHORTCUTS = [
  { query: "__status", header: "x-mock-status", field: "status" },
  { query: "__delay", header: "x-mock-delay", field: "delayMs" },
  { query: "__jitter", header: "x-mock-jitter", field: "jitterMs" },
  { query: "__close", header: "x-mock-close", field: "close" },
  { query: "__truncate", header: "x-mock-truncate", field: "truncate" },
  { query: "__dribble", header: "x-mock-dribble", field: "dribble" },
  { query: "__bps", header: "x-mock-bps", field: "bytesPerSecond" },
] as const;

type Field = (typeof SHORTCUTS)[number]["field"];

/** How the request names each field, for messages: `__status / x-mock-status`. */
function askedAs(field: Field | undefined): string {
  const shortcut = SHORTCUTS.find((s) => s.field === field);
  return shortcut ? `${shortcut.query} / ${shortcut.header}` : "the request's fault";
}

/** Which shortcut an issue of the action's schema is about. */
function fieldOf(path: readonly PropertyKey[]): Field | undefined {
  const [first, second] = path;
  if (first === "dribble") return second === "bytesPerSecond" ? "bytesPerSecond" : "dribble";
  if (first === "drop" || first === "reset" || first === "garbage") return "close";
  return SHORTCUTS.find((s) => s.field === first)?.field;
}

const RequestAction = z.strictObject(actionFields).superRefine((action, ctx) => checkAction(action, ctx));

export type RequestFault = FaultAction;

function single(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? String(value.at(-1)) : String(value);
}

function numeric(text: string): number {
  return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN;
}

/** The action the asked values stand for; numbers are checked by the action's own schema. */
function actionOf(asked: ReadonlyMap<Field, string>): Record<string, unknown> {
  const action: Record<string, unknown> = {};
  for (const [field, text] of asked) {
    if (field === "close") action[CLOSES.includes(text as (typeof CLOSES)[number]) ? text : "close"] = true;
    else if (field === "truncate") action.truncate = { bytes: numeric(text) };
    else if (field === "dribble") action.dribble = { ...(action.dribble as object), chunks: DRIBBLE_SHORTCUT_CHUNKS, overMs: numeric(text) };
    else if (field === "bytesPerSecond") action.dribble = { ...(action.dribble as object), bytesPerSecond: numeric(text) };
    else action[field] = numeric(text);
  }
  return action;
}

/** null when the request asks for no fault; a message when what it asks for is invalid. */
export function readRequestFault(req: Request): { fault: RequestFault } | { problem: string } | null {
  const asked = new Map<Field, string>();
  for (const { query, header, field } of SHORTCUTS) {
    const value = single(req.query[query]) ?? req.get(header);
    if (value !== undefined) asked.set(field, value);
  }
  if (asked.size === 0) return null;
  if (asked.has("close") && !CLOSES.includes(asked.get("close") as (typeof CLOSES)[number])) {
    return { problem: `${askedAs("close")}: must be one of ${CLOSES.join(", ")}` };
  }
  if (asked.has("dribble") && asked.has("bytesPerSecond")) return { problem: `${askedAs("dribble")} and ${askedAs("bytesPerSecond")} exclude each other` };
  const parsed = RequestAction.safeParse(actionOf(asked));
  if (parsed.success) return { fault: parsed.data };
  // Named as the caller wrote them, one problem each: a huge delay is both not whole and too large.
  const problems = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    const key = field ?? issue.message;
    if (!problems.has(key)) problems.set(key, field ? `${askedAs(field)}: ${issue.message}` : issue.message);
  }
  return { problem: [...problems.values()].join("; ") };
}
