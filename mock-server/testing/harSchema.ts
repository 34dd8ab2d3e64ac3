/**
 * Test-only: the fields HAR 1.2 requires (http://www.softwareishard.com/blog/har-12-spec/), with
 * their types, written from the spec rather than from the server's own types, so a test can tell a
 * HAR that viewers and Playwright will read from one that only looks like it. Optional fields are
 * left out; extra ones pass and are kept (custom fields start with `_`).
 */
import { z } from "zod";

const nameValue = z.object({ name: z.string(), value: z.string() });
const isoDate = z.iso.datetime({ offset: true });

export const Har12 = z.object({
  log: z.object({
    version: z.literal("1.2"),
    creator: z.object({ name: z.string().min(1), version: z.string().min(1) }),
    entries: z.array(
      z.looseObject({
        startedDateTime: isoDate,
        time: z.number().min(0),
        request: z.looseObject({
          method: z.string().min(1),
          url: z.url(),
          httpVersion: z.string(),
          cookies: z.array(nameValue),
          headers: z.array(nameValue),
          queryString: z.array(nameValue),
          headersSize: z.int().min(-1),
          bodySize: z.int().min(-1),
        }),
        response: z.looseObject({
          status: z.int().min(0),
          statusText: z.string(),
          httpVersion: z.string(),
          cookies: z.array(nameValue),
          headers: z.array(nameValue),
          content: z.object({ size: z.int(), mimeType: z.string() }),
          redirectURL: z.string(),
          headersSize: z.int().min(-1),
          bodySize: z.int().min(-1),
        }),
        cache: z.object({}),
        timings: z.object({ send: z.number().min(-1), wait: z.number().min(-1), receive: z.number().min(-1) }),
      }),
    ),
  }),
});
