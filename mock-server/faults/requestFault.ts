/**
 * Faults asked for by the request itself, for quick manual use: `?__status=404&__delay=500` or the
 * headers `x-mock-status` / `x-mock-delay`. A bad value is the caller's mistake: a 400, not a fault.
 */
import type { Request } from "express";
import { z } from "zod";
import { delayMs, type FaultStatus, faultStatus } from "./faultSchema.ts";

export const REQUEST_FAULT_ID = "request";

/** How the request names each field. */
const ASKED_AS: Readonly<Record<string, string>> = { status: "__status / x-mock-status", delayMs: "__delay / x-mock-delay" };

const RequestFault = z.strictObject({ status: faultStatus.optional(), delayMs: delayMs.optional() });

export type RequestFault = { readonly status?: FaultStatus; readonly delayMs?: number };

function single(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? String(value.at(-1)) : String(value);
}

function numeric(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN;
}

/** null when the request asks for no fault; a message when what it asks for is invalid. */
export function readRequestFault(req: Request): { fault: RequestFault } | { problem: string } | null {
  const status = single(req.query.__status) ?? req.get("x-mock-status");
  const delay = single(req.query.__delay) ?? req.get("x-mock-delay");
  if (status === undefined && delay === undefined) return null;
  const parsed = RequestFault.safeParse({ status: numeric(status), delayMs: numeric(delay) });
  if (!parsed.success) {
    // Named as the caller wrote them, one problem each: a huge delay is both not whole and too large.
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (!problems.has(field)) problems.set(field, `${ASKED_AS[field] ?? field}: ${issue.message}`);
    }
    return { problem: [...problems.values()].join("; ") };
  }
  const { status: s, delayMs: d } = parsed.data;
  return { fault: { ...(s === undefined ? {} : { status: s as FaultStatus }), ...(d === undefined ? {} : { delayMs: d }) } };
}
