/**
 * Faults asked for by the request itself, for quick manual use: `?__status=404&__delay=500` or the
 * headers `x-mock-status` / `x-mock-delay`. A bad value is the caller's mistake: a 400, not a fault.
 */
import type { Request } from "express";
import { z } from "zod";
import { describeIssues } from "../internal/validation.ts";
import { delayMs, type FaultStatus, faultStatus } from "./faultSchema.ts";

export const REQUEST_FAULT_ID = "request";

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
    return {
      problem: describeIssues(parsed.error, "request")
        .replace("request.status", "__status / x-mock-status")
        .replace("request.delayMs", "__delay / x-mock-delay"),
    };
  }
  const { status: s, delayMs: d } = parsed.data;
  return { fault: { ...(s === undefined ? {} : { status: s as FaultStatus }), ...(d === undefined ? {} : { delayMs: d }) } };
}
