/** Middleware that writes one journal entry per request when its response ends or is cut off. */
import type { RequestHandler } from "express";
import type { Journal } from "./journal.ts";

/** The worker's requests carry its script URL as the referrer; a page's carry the page's URL. */
function madeByWorker(referer: string | undefined, workerPath: string): boolean | null {
  if (!referer) return null;
  try {
    return new URL(referer).pathname === workerPath;
  } catch {
    return null;
  }
}

export function journalRequests(journal: Journal, workerPath: string): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      const completed = res.writableFinished;
      journal.add({
        time: new Date().toISOString(),
        method: req.method,
        url: req.originalUrl,
        status: completed ? res.statusCode : null,
        durationMs: Math.round(performance.now() - started),
        fromWorker: madeByWorker(req.get("referer"), workerPath),
        accept: req.get("accept") ?? null,
        secFetchMode: req.get("sec-fetch-mode") ?? null,
        secFetchDest: req.get("sec-fetch-dest") ?? null,
        outcome: completed ? "completed" : "aborted",
      });
    };
    res.on("finish", write);
    res.on("close", write);
    next();
  };
}
