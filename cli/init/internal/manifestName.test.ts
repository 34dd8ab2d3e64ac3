import { expect, test } from "vitest";
import { MAX_APP_BODY_BYTES } from "../../../kit/readAppBody.ts";
import { listenForTest } from "../../../mock-server/testing/listen.ts";
import { manifestName } from "./manifestName.ts";

/** Where the endless manifest gives up, so that a reader without a cap fails the test without exhausting the machine. */
const GIVE_UP_BYTES = 64 * 1024 * 1024;
/** What may be in flight past the cap when the reader stops: loopback's socket buffers, a few MB. */
const IN_FLIGHT_BOUND_BYTES = 16 * 1024 * 1024;

test("reads the manifest's name, else its short_name", async () => {
  const app = await listenForTest((req, res) => {
    res.writeHead(200, { "content-type": "application/manifest+json" });
    res.end(JSON.stringify(req.url === "/a.json" ? { name: " Notes ", short_name: "N" } : { short_name: "N" }));
  });
  expect(await manifestName(`${app.origin}/a.json`)).toBe("Notes");
  expect(await manifestName(`${app.origin}/b.json`)).toBe("N");
});

test("a manifest that never ends is read no further than the cap: no name, and the app stops being read", async () => {
  let written = 0;
  let closed = false;
  const app = await listenForTest((_req, res) => {
    res.writeHead(200, { "content-type": "application/manifest+json" });
    res.write('{"name":"never","padding":"');
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (written < GIVE_UP_BYTES && !closed) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end('"}');
    };
    res.on("close", () => {
      closed = true;
    });
    pump();
  });
  expect(await manifestName(`${app.origin}/manifest.json`)).toBeNull();
  expect(written).toBeGreaterThan(MAX_APP_BODY_BYTES);
  expect(written).toBeLessThan(MAX_APP_BODY_BYTES + IN_FLIGHT_BOUND_BYTES);
});
