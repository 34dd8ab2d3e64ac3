/**
 * Hang: never answers. The client gives up (a timeout, a closed tab); the server forgets the request
 * then, and `main.ts` cuts any still hanging at shutdown.
 */
import type { Request, Response } from "express";

export function hang(_req: Request, res: Response): void {
  res.locals.hung = true;
}
