/**
 * Playwright's `expect`, with `expect.poll` looking again every POLL_INTERVALS_MS instead of its own
 * back-off (100, 250, 500, then every 1,000 ms). A signal the suite polls for (a page in Cache
 * Storage, a request in the journal, a reload) usually comes within a few hundred ms: the back-off
 * saw one that came after 120 ms at 350 ms and one after 400 ms at 850 ms, on nearly every test.
 * Only how often it looks changes: every timeout, and so every window a verdict rests on, is the same.
 * Playwright has no setting for it (`expect.configure` and the config's `expect` cover toPass only).
 */
import { expect as playwrightExpect } from "@playwright/test";

/** Each look costs a few ms (an evaluate in the page, or one request to the mock server). */
export const POLL_INTERVALS_MS: readonly number[] = [25, 50, 100];

type Poll = typeof playwrightExpect.poll;

const poll: Poll = (generator, messageOrOptions) => {
  const options = typeof messageOrOptions === "string" ? { message: messageOrOptions } : (messageOrOptions ?? {});
  return playwrightExpect.poll(generator, { intervals: [...POLL_INTERVALS_MS], ...options });
};

export const expect: typeof playwrightExpect = new Proxy(playwrightExpect, {
  get: (target, property, receiver) => (property === "poll" ? poll : Reflect.get(target, property, receiver)),
});
