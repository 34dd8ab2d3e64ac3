/**
 * The last error handler: what Express's own would answer, without its HTML page of stack frames and
 * absolute file paths. A client's mistake (Express gives it a 4xx status, e.g. a malformed
 * percent-encoding in the path) gets that status; anything else is logged and answers 500.
 */
import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { sendError } from "./httpError.ts";

export function lastErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: { status?: unknown; message?: unknown }, req, res, _next) => {
    const status = typeof error.status === "number" ? error.status : 500;
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    if (status >= 400 && status < 500) {
      return sendError(res, "BAD_REQUEST", `Failed to answer ${req.method} ${req.originalUrl}: ${String(error.message)}. Check the request.`, status);
    }
    logger.error({ err: error, method: req.method, url: res.locals.url ?? req.originalUrl }, "unexpected error");
    sendError(res, "UNEXPECTED", `Failed to answer ${req.method} ${req.originalUrl}: the mock server hit an unexpected error. Its log has the details.`);
  };
}
