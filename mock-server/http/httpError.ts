/** Every error the server answers with: a status, a stable code and a message that says what to do. */
import type { Response } from "express";
import { ERROR_CODES, type ErrorCode, type ErrorStatus } from "./errorCodes.ts";

export interface ErrorBody {
  readonly error: { readonly code: ErrorCode; readonly message: string };
}

/** A code's status comes from ERROR_CODES; only a code whose status varies (`4xx`) takes one. */
type StatusOf<C extends ErrorCode> = (typeof ERROR_CODES)[C]["status"] extends number ? [] : [status: number];

export function sendError<C extends ErrorCode>(res: Response, code: C, message: string, ...status: StatusOf<C>): void {
  const listed: ErrorStatus = ERROR_CODES[code].status;
  res
    .status(listed === "4xx" ? (status as [number])[0] : listed)
    .type("application/json")
    .set("cache-control", "no-store")
    .send(JSON.stringify({ error: { code, message } } satisfies ErrorBody));
}
