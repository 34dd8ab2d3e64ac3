/** Every error the server answers with: a status, a stable code and a message that says what to do. */
import type { Response } from "express";

export interface ErrorBody {
  readonly error: { readonly code: string; readonly message: string };
}

export function sendError(res: Response, status: number, code: string, message: string): void {
  res
    .status(status)
    .type("application/json")
    .set("cache-control", "no-store")
    .send(JSON.stringify({ error: { code, message } } satisfies ErrorBody));
}
