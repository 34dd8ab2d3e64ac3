/**
 * What the kit learns about an app once, before any clause test: the probe (specs/probe.setup.ts, a
 * Playwright setup project) writes it, the `facts` fixture hands it to each test, and the report shows
 * it ("What the kit learned about your app"); one owner for the suite and the report. A test's windows depend on
 * these facts and on the app, never on another test, so a clause run alone, a full run, a reversed
 * run and a shard see the same facts and reach the same verdict.
 */

/** The tag of the probe's tests: the report reads their facts and gives them no verdict. */
export const PROBE_TAG = "@pck-probe";

/** The attachment each probe test puts its part of the facts in (JSON), for the report. */
export const FACTS_ATTACHMENT = "pck-app-facts";

/** One thing learned, and how: the report prints `how` beside it. */
export interface Fact<T> {
  readonly value: T;
  readonly how: string;
}

/** A signal the probe waited for: how long after its stimulus it came, or null when it did not come within `windowMs`. */
export interface Timed {
  readonly afterMs: number | null;
  readonly windowMs: number;
}

export interface ControlFact {
  /** At once (the worker claims the page it was installed from), after one reload, or never within the probe's wait. */
  readonly state: "at once" | "after a reload" | "never";
  /** From the first load until control (or the whole wait, when never). */
  readonly ms: number;
  /** Where the registration stood when no worker took control. */
  readonly found?: string;
}

/** Who answered a controlled navigation: a fault on the server counts the server's requests. */
export type Answerer = "the server" | "the worker alone";

/** What the probe's control part learns (one test). */
export interface ControlFacts {
  readonly control: Fact<ControlFact>;
  /** The home page's first register() call, in ms from the start of its navigation (the window a forbidden call is watched for). */
  readonly registerCall?: Fact<Timed>;
  /** What the worker requested of its own accord from the first load until its fetching was over: paths on the app's origin, other URLs whole, without query. */
  readonly workerFetches?: Fact<readonly string[]>;
  /** URLs in Cache Storage once the worker controls the first page: its precache, and whatever its activation stored. */
  readonly precache?: Fact<readonly string[]>;
  /**
   * Home, the page the probe's first visit arrived on, in Cache Storage, timed from control: how long a
   * test waits for the landing page to be stored (NAV-7).
   */
  readonly landingStored?: Fact<Timed>;
  /** In-scope paths the home page links to. */
  readonly links?: Fact<readonly string[]>;
  /** Per profile page: who answered its first controlled navigation, and the one right after. */
  readonly navigations?: Fact<Readonly<Record<string, { readonly first: Answerer; readonly again: Answerer }>>>;
  /** How the worker holds pages: each under its own URL, one shell document for every navigation, or none. */
  readonly design?: Fact<"page cache" | "app shell" | "no page storing seen">;
}

/** What the probe's navigation part learns (one test). */
export interface NavigationFacts {
  /** The page of the app's own client-side navigation in Cache Storage. */
  readonly ownNavigationStored?: Fact<Timed>;
  /** The app posting that page's URL to the worker as Workbox's `CACHE_URLS`. */
  readonly postsOwnNavigation?: Fact<Timed>;
  /** The page of another script's `replaceState` in Cache Storage. */
  readonly scriptChangeStored?: Fact<Timed>;
  /** What the worker does with a `CACHE_URLS` message posted with a reply port. */
  readonly cacheUrls?: Fact<"stores the page" | "replies, stores nothing" | "no reply">;
}

export type AppFacts = ControlFacts & NavigationFacts;

/** The probe's parts, each one test's, written to a file of its own and merged for the tests. */
export const PROBE_PARTS = ["control", "navigation"] as const;
export type ProbePart = (typeof PROBE_PARTS)[number];

/** Whether the probe saw the signal within its window. */
export const cameWithinWindow = (fact: Fact<Timed> | undefined): boolean | undefined => (fact === undefined ? undefined : fact.value.afterMs !== null);

/** A fact in one line for the report: its value, then how it was learned. */
export function describeFact(name: string, fact: Fact<unknown>): string {
  return `${name}: ${describeValue(fact.value)} (${fact.how})`;
}

function describeValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.join(", ");
  if (value !== null && typeof value === "object" && "afterMs" in value && "windowMs" in value) {
    const { afterMs, windowMs } = value as Timed;
    return afterMs === null ? `not within ${windowMs} ms` : `after ${afterMs} ms`;
  }
  if (value !== null && typeof value === "object" && "state" in value) {
    const { state, ms, found } = value as ControlFact;
    return state === "never" ? `never within ${ms} ms${found ? ` (found: ${found})` : ""}` : `${state}, ${ms} ms after the first load`;
  }
  if (value !== null && typeof value === "object")
    return Object.entries(value as Record<string, { first: Answerer; again: Answerer }>)
      .map(([path, { first, again }]) => `${path} first by ${first}, again by ${again}`)
      .join("; ");
  return String(value);
}

/** The names the report gives each fact, in the order it lists them. */
export const FACT_NAMES: Readonly<Record<keyof AppFacts, string>> = {
  control: "A service worker takes control",
  registerCall: "The home page calls register()",
  workerFetches: "The worker's own requests on a first visit",
  precache: "Cache Storage once in control",
  landingStored: "The page a first visit arrived on is stored",
  links: "In-scope links on the home page",
  navigations: "Who answers controlled navigations",
  design: "How the worker holds pages",
  ownNavigationStored: "The page of the app's own navigation is stored",
  postsOwnNavigation: "The app posts its navigation as CACHE_URLS",
  scriptChangeStored: "The page of another script's replaceState is stored",
  cacheUrls: "The worker's answer to a posted CACHE_URLS",
};

/** The facts in the report's words, one line each, in FACT_NAMES' order. */
export function factLines(facts: AppFacts): string[] {
  return (Object.keys(FACT_NAMES) as (keyof AppFacts)[]).flatMap((key) => {
    const fact = facts[key] as Fact<unknown> | undefined;
    return fact ? [describeFact(FACT_NAMES[key], fact)] : [];
  });
}
