/**
 * The control token is redacted wherever it appears in what the server records or prints: an app
 * request that carries it in its path, its query (as sent or percent-encoded) or a header shows it
 * in none of the journal, the HAR export, the near-misses, the live stream and the log lines.
 */
import { expect, test } from "vitest";
import { REDACTED, redactToken } from "../http/redactToken.ts";
import { startMock } from "../testing/startMock.ts";
import { captureLogs } from "../testing/testServer.ts";

/** Holds `+`, `/` and `=`, which a query escapes. */
const TOKEN = "s3cret-Token+with/slash=";
const AUTH = { authorization: `Bearer ${TOKEN}` };

test("redactToken replaces the token as sent and percent-encoded, in either case of hex", () => {
  const encoded = encodeURIComponent(TOKEN);
  expect(redactToken(`/a/${TOKEN}?t=${encoded}&u=${encoded.replace(/%[0-9A-F]{2}/g, (percent) => percent.toLowerCase())}`, TOKEN)).toBe(
    `/a/${REDACTED}?t=${REDACTED}&u=${REDACTED}`,
  );
  expect(redactToken(`/a/${TOKEN}`, undefined)).toBe(`/a/${TOKEN}`);
});

test("redactToken replaces every spelling that decodes to the token: any character percent-encoded, the % itself encoded again", () => {
  const hex = (index: number) => TOKEN.charCodeAt(index).toString(16).toUpperCase();
  const escapeAt = (index: number, escaped: string) => `${TOKEN.slice(0, index)}${escaped}${TOKEN.slice(index + 1)}`;
  const spellings = [
    escapeAt(0, `%${hex(0)}`),
    escapeAt(12, `%${hex(12)}`),
    escapeAt(12, `%${hex(12).toLowerCase()}`),
    escapeAt(23, `%${hex(23)}`),
    escapeAt(0, `%25${hex(0)}`),
    escapeAt(0, `%2525${hex(0)}`),
    [...TOKEN].map((_, index) => `%${hex(index)}`).join(""),
  ];
  for (const spelling of spellings) expect(redactToken(`/a?t=${spelling}&x=1`, TOKEN)).toBe(`/a?t=${REDACTED}&x=1`);
  // Not the token: another character escaped, or a part of it, stays as it is.
  for (const other of [escapeAt(0, "%74"), TOKEN.slice(0, -1)]) expect(redactToken(`/a?t=${other}`, TOKEN)).toBe(`/a?t=${other}`);
});

test("a token with one percent-encoded character shows in clear in neither the journal nor the HAR export's queryString", async () => {
  const { origin } = await startMock({ controlToken: TOKEN });
  const escaped = `%${TOKEN.charCodeAt(0).toString(16)}${TOKEN.slice(1)}`;
  await fetch(`${origin}/app/pages/1?t=${escaped}`);
  const har = (await (await fetch(`${origin}/__mock/journal.har`, { headers: AUTH })).json()) as {
    log: { entries: { request: { url: string; queryString: { name: string; value: string }[] } }[] };
  };
  const request = har.log.entries[0]?.request;
  expect(request?.queryString).toEqual([{ name: "t", value: REDACTED }]);
  expect(request?.url).toMatch(/\?t=\[redacted\]$/);
  expect(decodeURIComponent(await (await fetch(`${origin}/__mock/journal`, { headers: AUTH })).text())).not.toContain(TOKEN);
});

/** Reads a stream response until `enough` holds of what came, then stops. */
async function readUntil(response: Response, enough: (text: string) => boolean): Promise<string> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error("The stream response has no body.");
  let text = "";
  while (!enough(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  await reader.cancel();
  return text;
}

test("an app request carrying the token shows it in no journal entry, HAR, near-miss, live stream event or log line", async () => {
  const logs = captureLogs();
  const { origin, mock } = await startMock({ controlToken: TOKEN, logger: logs.logger });
  // A 500 fault on the token's path logs a server-side exception; one on another header leaves near-misses.
  mock.faults.add({ path: `/app/pages/${TOKEN}`, representation: "any", status: 500 });
  mock.faults.add({ path: "/app/pages/*", representation: "any", headers: { "x-other": "1" }, status: 404 });
  const stream = await fetch(`${origin}/__mock/journal/stream`, { headers: AUTH });
  await fetch(`${origin}/app/pages/${TOKEN}?t=${encodeURIComponent(TOKEN)}&raw=${TOKEN}`, { headers: { "x-token": TOKEN } });
  await fetch(`${origin}/app/pages/1?t=${encodeURIComponent(TOKEN)}`, { headers: { "x-token": TOKEN } });
  const streamed = await readUntil(stream, (text) => text.split("event: entry").length > 2);
  const journal = await (await fetch(`${origin}/__mock/journal`, { headers: AUTH })).text();
  const har = await (await fetch(`${origin}/__mock/journal.har`, { headers: AUTH })).text();
  const entries = mock.journal.list().entries;
  expect(entries).toHaveLength(2);
  expect(entries[1]?.nearMisses.length).toBeGreaterThan(0);
  expect(logs.lines().some((line) => line.msg === "server-side exception")).toBe(true);
  for (const [what, text] of Object.entries({ journal, har, streamed, entries: JSON.stringify(entries), logs: JSON.stringify(logs.lines()) })) {
    expect.soft({ what, leaks: text.includes(TOKEN) || text.includes(encodeURIComponent(TOKEN)) }).toEqual({ what, leaks: false });
    expect.soft({ what, redacted: text.includes(REDACTED) }).toEqual({ what, redacted: true });
  }
});
