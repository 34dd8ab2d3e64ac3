/**
 * What a HAR must hold for the mock server to answer from it (HAR 1.2,
 * http://www.softwareishard.com/blog/har-12-spec/): the fields replay reads, checked; everything
 * else (timings, cookies, pages, a browser's own `_`-fields) passes unread. Playwright's
 * `recordHar`, Chromium's "Save all as HAR with content" and this server's `--record` all fit it.
 */
import { z } from "zod";

/** The most entries a HAR may hold: a long browser session is a few thousand requests. */
export const MAX_HAR_ENTRIES = 10_000;

/**
 * The most bytes a HAR file (or `POST /__mock/replay` body) may have. Replay keeps every body in
 * memory, so this bounds the server's memory for it: about twice this while parsing, then the
 * decoded bodies. A recording stops keeping bodies before it would pass it (recordedEntry.ts).
 */
export const MAX_HAR_BYTES = 32 * 1024 * 1024;

const Header = z.looseObject({ name: z.string({ error: "must be a string" }), value: z.string({ error: "must be a string" }) });
const Headers = z.array(Header, { error: "must be a list of {name, value}" }).default([]);

export const HarInputEntry = z.looseObject({
  request: z.looseObject({
    method: z.string({ error: "must be a string" }).min(1, "must not be empty"),
    url: z.string({ error: "must be a string" }).refine((url) => URL.canParse(url), "must be an absolute URL"),
    headers: Headers,
    postData: z.looseObject({ text: z.string({ error: "must be a string" }).optional() }).optional(),
  }),
  response: z.looseObject({
    status: z.number({ error: "must be a number" }).int("must be a whole number"),
    statusText: z.string().optional(),
    headers: Headers,
    content: z
      .looseObject({
        size: z.number().optional(),
        text: z.string({ error: "must be a string" }).optional(),
        encoding: z.string({ error: "must be a string" }).optional(),
        _file: z.string().optional(),
      })
      .default({}),
    redirectURL: z.string().optional(),
    _error: z.unknown().optional(),
  }),
});
export type HarInputEntry = z.output<typeof HarInputEntry>;

export const HarInput = z.looseObject(
  {
    log: z.looseObject(
      {
        version: z.string({ error: 'must be a string such as "1.2"' }).refine((version) => /^1\.\d+$/.test(version), 'must be a HAR 1.x version such as "1.2"'),
        entries: z
          .array(HarInputEntry, { error: "must be a list of entries" })
          .max(MAX_HAR_ENTRIES, `must hold at most ${MAX_HAR_ENTRIES} entries: split the HAR, or keep the entries of the pages you replay`),
      },
      { error: "must be an object with version and entries" },
    ),
  },
  { error: "must be a HAR: a JSON object with a log holding version and entries" },
);
export type HarInput = z.output<typeof HarInput>;
