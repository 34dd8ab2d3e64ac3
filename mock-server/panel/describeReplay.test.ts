import { expect, test } from "vitest";
import type { ReplaySummary } from "../replay/replayState.ts";
import { describeReplay } from "./describeReplay.ts";

const SUMMARY: ReplaySummary = {
  name: "app.har",
  entries: 12,
  answering: 10,
  skipped: { failed: 1, informational: 0, notModified: 1, noBody: 0, bodyInOtherFile: 0, undecodable: 0 },
  bodyBytes: 2048,
  unmatched: "404",
};

test("words the HAR in force, what it passes over and what answers the rest", () => {
  expect(describeReplay(SUMMARY)).toBe(
    "Answering from app.har: 10 of its 12 entries (2 passed over: failed requests, 1xx and 304 answers, bodies not in the HAR). Requests it has no entry for get a 404.",
  );
  expect(describeReplay({ ...SUMMARY, answering: 12, unmatched: "upstream" })).toBe(
    "Answering from app.har: 12 of its 12 entries. Requests it has no entry for go to the app (upstream).",
  );
});

test("says when no HAR is loaded, and while it is not known yet", () => {
  expect(describeReplay(null)).toBe("No HAR: requests go to the app as it answers (POST /__mock/replay).");
  expect(describeReplay(undefined)).toBe("Loading…");
});
