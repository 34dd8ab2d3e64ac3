/**
 * An update's progress read in an engine page must end while the app reloads the tab: a read the
 * driver never settles (Firefox's, sent as the page reloads) would hold the whole wait and end the
 * test as "never applied" with no reading at all.
 */
import { afterEach, expect, test, vi } from "vitest";
import type { Profile } from "../../cli/profile/profileSchema.ts";
import type { EngineBrowser, EnginePage } from "../../kit/engines/engine.ts";
import type { UpdateState } from "../checks/workerUpdate.ts";
import { READING_LIMIT_MS } from "./enginePages.ts";
import { freshlyActivated } from "./engineUpdates.ts";

afterEach(() => {
  vi.useRealTimers();
});

/** A tab whose reads never settle, as Firefox's driver left one that reloaded under it. */
const hangingPage = { evaluate: () => new Promise(() => undefined) } as unknown as EnginePage;
const profile = { home: "/app/", worker: { scope: "/app/" } } as unknown as Profile;
const engine = { engine: "firefox" } as unknown as EngineBrowser;
/** The new controller read `activating` by a document loaded during its activation. */
const activating: UpdateState = { changed: true, armed: false, controlled: true, controllerState: "activating", installing: false, waiting: false };

test("a fresh document's reading that never settles ends after the reading limit, as a page between documents", async () => {
  vi.useFakeTimers();
  const read = freshlyActivated(hangingPage, activating, profile, engine);
  await vi.advanceTimersByTimeAsync(READING_LIMIT_MS);
  await expect(read).resolves.toBe("the page was between documents");
});
