/**
 * The journal is capped in bytes as well as entries, and an entry in what it keeps of each value:
 * 5,000 requests with long header values took the server from 109 to 776 MB and its journal answered 500.
 */
import { expect, test } from "vitest";
import { MAX_JOURNALED_VALUE_LENGTH } from "../http/redactHeaders.ts";
import { documentEntry } from "../testing/journalEntry.ts";
import { startMock } from "../testing/startMock.ts";
import { Journal, MAX_JOURNALED_URL_LENGTH } from "./journal.ts";

test("past its bytes the journal lets the oldest entries go, counting them as dropped", () => {
  const maxBytes = 10_000;
  const journal = new Journal(1_000, maxBytes);
  const big = { ...documentEntry("/app/"), requestHeaders: { "x-big": "x".repeat(3_000) } };
  for (let i = 0; i < 10; i++) journal.add(big);
  const { entries, dropped } = journal.list();
  const entrySize = JSON.stringify(entries[0]).length;
  expect(journal.bytes).toBeLessThanOrEqual(maxBytes);
  // As many of the newest as fit, the rest counted.
  const fit = Math.floor(maxBytes / entrySize);
  expect({ kept: entries.map((entry) => entry.id), dropped }).toEqual({ kept: Array.from({ length: fit }, (_, i) => 11 - fit + i), dropped: 10 - fit });
});

test("an entry keeps a long header value and URL clipped with a visible mark, and the journal reads as 200", async () => {
  const { origin, mock } = await startMock();
  const value = "v".repeat(10_000);
  const path = `/app/pages/1?q=${"q".repeat(5_000)}`;
  await fetch(`${origin}${path}`, { headers: { "x-long": value } });
  await expect.poll(() => mock.journal.list().entries.length).toBe(1);
  const [entry] = mock.journal.list().entries;
  expect(entry?.requestHeaders["x-long"]).toBe(`${value.slice(0, MAX_JOURNALED_VALUE_LENGTH)}…[truncated: ${value.length} characters]`);
  expect(entry?.url).toBe(`${path.slice(0, MAX_JOURNALED_URL_LENGTH)}…[truncated: ${path.length} characters]`);
  expect((await fetch(`${origin}/__mock/journal`)).status).toBe(200);
  expect((await fetch(`${origin}/__mock/journal.har`)).status).toBe(200);
});
