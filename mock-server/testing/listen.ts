/** Test servers: listen on 127.0.0.1, port 0, and stop themselves when the test (or file) is done. */
import type { RequestListener } from "node:http";
import { onTestFinished } from "vitest";
import { type Listening, listen } from "../http/listenLoopback.ts";

export { type Listening, listen };

/** `listen`, closed when the current test finishes. */
export async function listenForTest(handler: RequestListener): Promise<Listening> {
  const listening = await listen(handler);
  onTestFinished(listening.close);
  return listening;
}
