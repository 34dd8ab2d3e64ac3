/**
 * The journal's read routes, each taking the filters of journalQuery.ts: the entries, their count
 * (so a test asks "how many times was X requested" without scanning), the same as HAR 1.2, and the
 * near-misses of requests no fault matched. Registered on the control router itself, so its
 * 405-with-Allow rule sees them.
 */
import { readFileSync } from "node:fs";
import type { Request, Response, Router } from "express";
import { kitPath } from "../../kit/kitPaths.ts";
import { sendError } from "../http/httpError.ts";
import type { Journal, JournalEntry } from "../journal/journal.ts";
import { journalFilter } from "../journal/journalFilter.ts";
import { journalHar } from "../journal/journalHar.ts";
import type { JournalCount, JournalQuery, NearMissReport } from "../journal/journalQuery.ts";
import { JOURNAL_COUNT_PATH, JOURNAL_HAR_PATH, JOURNAL_PATH, NEAR_MISSES_PATH } from "./controlPaths.ts";
import { readJournalQuery } from "./readJournalQuery.ts";

let creator: { name: string; version: string } | undefined;

/** HAR's `creator`: the kit's mock server and the kit's version, read once. */
function harCreator(): { name: string; version: string } {
  if (!creator) {
    const { name, version } = JSON.parse(readFileSync(kitPath("package.json"), "utf8")) as { name: string; version: string };
    creator = { name: `${name} mock-server`, version };
  }
  return creator;
}

/** The filters of `req`, or undefined once a 400 naming the bad parameter has been sent. */
function readQuery(req: Request, res: Response): JournalQuery | undefined {
  const read = readJournalQuery(req.query as Record<string, unknown>);
  if ("query" in read) return read.query;
  sendError(res, "INVALID_JOURNAL_QUERY", `Failed to read the journal: ${read.problem}.`);
  return undefined;
}

function matching(journal: Journal, query: JournalQuery): { entries: JournalEntry[]; dropped: number } {
  const { entries, dropped } = journal.list();
  return { entries: entries.filter(journalFilter(query)), dropped };
}

export function journalQueryRoutes(router: Router, journal: Journal): void {
  router.get(JOURNAL_PATH, (req, res) => {
    const query = readQuery(req, res);
    if (query) res.set("cache-control", "no-store").json(matching(journal, query));
  });
  router.get(JOURNAL_COUNT_PATH, (req, res) => {
    const query = readQuery(req, res);
    if (!query) return;
    const { entries, dropped } = matching(journal, query);
    res.set("cache-control", "no-store").json({ count: entries.length, dropped } satisfies JournalCount);
  });
  router.get(JOURNAL_HAR_PATH, (req, res) => {
    const query = readQuery(req, res);
    if (!query) return;
    res
      .set({ "cache-control": "no-store", "content-disposition": 'attachment; filename="journal.har"' })
      .json(journalHar(matching(journal, query).entries, req.get("host") ?? "localhost", harCreator()));
  });
  router.get(NEAR_MISSES_PATH, (req, res) => {
    const query = readQuery(req, res);
    if (!query) return;
    // `fault` names the fault nearly matched, not the one that shaped the request (none did).
    const { fault, ...requestFilters } = query;
    const nearMisses: NearMissReport[] = matching(journal, requestFilters).entries.flatMap(({ id, time, method, url, nearMisses }) =>
      nearMisses.filter((miss) => fault === undefined || miss.fault === fault).map((miss) => ({ request: { id, time, method, url }, ...miss })),
    );
    res.set("cache-control", "no-store").json({ nearMisses });
  });
}
