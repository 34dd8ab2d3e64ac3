/**
 * Workers the suite must catch: the reference worker with one deliberate edit to its source, and the
 * tests that must fail against it. The self-check (playwright.config.ts here) runs the tests its
 * `grep` picks against each deviant; those named in `caughtBy` must fail on their own assertion,
 * every other one must pass. A suite whose tests cannot fail proves nothing.
 */
import { kitPath } from "../../kit/kitPaths.ts";

export interface Deviant {
  /** Also the Playwright project's name. */
  readonly name: string;
  /** The source file edited, from the repository root. */
  readonly file: string;
  /** Source text removed from it; it must be there exactly once, so a refactor cannot make the edit a silent no-op. */
  readonly remove: string;
  /** What stands in its place, when the deviation needs code of its own (removed without it). */
  readonly with?: string;
  /** The tests run against the deviant. */
  readonly grep: RegExp;
  /** Titles (without their describe) of the tests that must fail against it. */
  readonly caughtBy: readonly string[];
}

const FAILURE_STATUSES = [404, 403, 401, 500] as const;

export const DEVIANTS: readonly Deviant[] = [
  {
    // A worker that stores 404/403/401/500 responses, as one whose status check was dropped would.
    // It still refuses no-store, so the tests whose faults send no-store cannot catch it: only an
    // error page sent without Cache-Control, as real servers send them, does.
    name: "stores error responses",
    file: "src/core/cacheable.ts",
    remove: 'if (response.status !== 200) return { cacheable: false, reason: "status" };',
    grep: /(ERR-6|NAV-3) .*\b(401|403|404|500)\b/,
    caughtBy: FAILURE_STATUSES.flatMap((status) => [
      `ERR-6 does not serve a cached ${status} for a document that failed, sent without Cache-Control`,
      `NAV-3 does not store a ${status} sent without Cache-Control`,
    ]),
  },
  {
    // A worker that does not claim the page it was installed from, as Workbox's and vite-plugin-pwa's
    // defaults do not: it controls pages from the next load on. Only the landing page's clause can
    // see that; every other test must bring the page under it by one reload, as a person's next
    // visit does, and judge the app as it judges one that claims.
    name: "does not claim clients",
    file: "sw/sw.ts",
    remove: ".then(() => self.clients.claim())",
    grep: /NAV-(1|4|7) |ONL-1 /,
    caughtBy: ["NAV-7 serves the page first arrived on from the worker offline, in a new tab"],
  },
  {
    // A cache-first worker: a stored page is answered from the cache and never refreshed. Offline
    // and lie-fi it looks like the reference; only asking whether online navigations reach the
    // network tells it apart.
    name: "cache first",
    file: "sw/navigate.ts",
    remove: "  const network = fromNetwork(event);\n",
    with: "  const hit = await cachedDocument(url);\n  if (hit) return hit;\n  const network = fromNetwork(event);\n",
    grep: /NAV-(4|5) /,
    caughtBy: [
      "NAV-5 answers an online navigation to a stored page from the network and stores that answer",
      "NAV-5 refreshes the cached copy on every online navigation",
    ],
  },
  {
    // A worker that stores no-store pages: the landing page's save must refuse one as a posted
    // navigation's store does.
    name: "stores no-store pages",
    file: "src/core/cacheable.ts",
    remove: 'if (cacheControlDirectives(response.headers.get("cache-control")).has("no-store")) return { cacheable: false, reason: "no-store" };',
    grep: /NAV-7 |NAV-3 does not store a Cache-Control: no-store response/,
    caughtBy: ["NAV-7 does not store a landing page sent with Cache-Control: no-store", "NAV-3 does not store a Cache-Control: no-store response"],
  },
  {
    // A landing page's save without the network timeout: a server that hangs on it holds the
    // worker in `activating`, and with it every fetch of the pages it claimed.
    name: "saves landing pages without a timeout",
    file: "sw/saveLandingPages.ts",
    remove: ", signal",
    grep: /NAV-7 /,
    caughtBy: ["NAV-7 gives up saving the landing page when the server hangs, and activates"],
  },
  {
    // A worker that fetches a navigation again instead of answering with its preload: each online
    // navigation then reaches the server twice.
    name: "fetches navigations twice",
    file: "sw/navigate.ts",
    remove: "preloaded instanceof Response ? preloaded : ",
    grep: /NAV-5 /,
    caughtBy: ["NAV-5 a navigation the running worker answers reaches the server once"],
  },
];

/** Where a deviant's worker script is built. */
export function deviantScript(deviant: Deviant): string {
  return kitPath("test-results", "deviant-worker", deviant.name.replace(/\W+/g, "-"), "sw.js");
}
