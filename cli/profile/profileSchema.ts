/**
 * What the suite needs to know about an app to check it: where it lives, where its worker is, which
 * pages it has and how to reach them, what its fallback pages say, and which situations it cannot
 * have. The reference app is just the default profile (reference.json). profile.schema.json is
 * generated from this (npm run schemas) for editors; a test keeps the two in step.
 */
import { z } from "zod";
import { CLAUSE_ID_EXACT } from "../../kit/clauseId.ts";

const path = z.string({ error: "must be a string" }).regex(/^\/[^\s#]*$/, "must be an absolute path starting with '/' (no spaces or '#')");
const text = z.string({ error: "must be a string" }).min(1, "must not be empty");
const clauseId = z.string().regex(CLAUSE_ID_EXACT, "must be a clause id such as NAV-5");
const selector = text.describe("CSS selector of the element that holds the text; default: the whole page (body)");

const page = z.strictObject({
  path,
  /** Text of the page's main heading (`h1`), as shown once the page has rendered. */
  heading: text.describe("text of the page's h1 once rendered"),
  /** Accessible name of the in-app link that navigates to the page client-side. */
  link: text.optional().describe("accessible name of the in-app link that reaches the page client-side"),
});

const shownText = {
  /** Text the page shows, matched as a substring of `selector`'s text (default: the whole page). */
  text: text.describe("text the page shows (substring)"),
  selector: selector.optional(),
};

const fallbackPage = z.strictObject({
  /** A path where the app itself answers with this failure; without it only fault-injected forms run. */
  path: path.optional().describe("a path where the app itself answers with this failure"),
  ...shownText,
});

function isCapturingPattern(pattern: string): boolean {
  try {
    return new RegExp(`${pattern}|`).exec("")?.length !== 1;
  } catch {
    return false;
  }
}

const digest = z
  .strictObject({
    /** Element whose whole text is the digest (the reference app's `[data-digest]`). */
    selector: selector.optional(),
    /** Regular expression with one capture group, run on the page text: `Digest: (\d+)` (Next ≤ 16.1). */
    pattern: text
      .refine(isCapturingPattern, "must be a valid regular expression with a capture group, e.g. 'Digest: (\\\\S+)'")
      .optional()
      .describe("regular expression with a capture group, run on the page's text, e.g. 'Digest: (\\S+)'"),
  })
  .refine((d) => d.selector !== undefined || d.pattern !== undefined, "needs a selector or a pattern");

const data = z
  .strictObject({
    accept: text.optional().describe("the Accept header value of the app's data requests, e.g. application/json"),
    header: z.strictObject({ name: text, value: text.optional() }).optional().describe("a request header that marks a data request, e.g. RSC: 1"),
    query: text.optional().describe("a query parameter that marks a data request, e.g. _rsc"),
  })
  .refine((d) => d.accept !== undefined || d.header !== undefined || d.query !== undefined, "needs accept, header or query");

/**
 * Each optional fallback, and the clause that must be listed under notApplicable without it. Not the
 * client-side error page: any app can throw, so without one ERR-5 is not checked, never not applicable.
 */
const FALLBACK_CLAUSES = { forbidden: "ERR-2", unauthorized: "ERR-3", serverError: "ERR-4" } as const;

export const Profile = z
  .strictObject({
    $schema: z.string().optional(),
    name: text,
    /** Where the app lives; `/` for the site root. */
    basePath: z.union([z.literal("/"), path.regex(/[^/]$/, "must not end with '/' (except the root '/')")]),
    home: path,
    worker: z.strictObject({
      script: path,
      scope: path.regex(/\/$/, "must end with '/'"),
      /** NAV-5: the worker's network timeout for navigations, in ms. Absent: the app has none. */
      networkTimeoutMs: z.int().min(1).max(60_000).optional().describe("the worker's network timeout for navigations in ms; leave out if it has none"),
    }),
    /** At least two in-scope pages, the first two reachable by client-side navigation. */
    pages: z.array(page).min(2, "needs at least two pages"),
    /** How a spec navigates client-side: click the page's `link`, or call `history.pushState` itself. */
    navigate: z.enum(["link", "pushState"]),
    /** Pages outside the base path that serve the app's shell (REG-4); empty if there are none. */
    outside: z.array(path),
    /** Paths inside the base path that must register (REG-4). */
    inside: z.array(path).min(1),
    /** How the app's data requests on client-side navigations are told apart. Absent: it makes none. */
    data: data.optional(),
    /** NAV-6: the offline page. Absent: the app has none, and fails that recommended rule. */
    offline: z.strictObject(shownText).optional(),
    /** The app's failure pages. One the app cannot have is left out and its clause listed in notApplicable. */
    fallbacks: z.strictObject({
      notFound: fallbackPage.extend({ path }),
      forbidden: fallbackPage.optional(),
      unauthorized: fallbackPage.optional(),
      serverError: fallbackPage.extend({ digest: digest.optional() }).optional(),
      clientError: fallbackPage
        .extend({
          /** Accessible name of a button that throws; pressed on `path` without its query, or on home. */
          trigger: text.optional().describe("accessible name of a button that throws"),
        })
        .optional(),
    }),
    /** In-scope URLs that must never be stored (NAV-3, ERR-6), each only if the app has one. */
    uncacheable: z.strictObject({ json: path.optional(), redirect: path.optional(), noStore: path.optional() }).default({}),
    /** Does the app reload when the browser comes back online (ONL-1)? */
    reloadsOnOnline: z.boolean().default(true),
    /** ONL-1: how long the app waits after `online` before it reloads, if it waits at all. */
    onlineSettleMs: z
      .int()
      .min(1)
      .max(60_000)
      .optional()
      .describe("how long the app waits after the online event before reloading, in ms; leave out if it reloads at once"),
    /** Hooks only the reference app has; absent for any other app. */
    reference: z
      .strictObject({
        /** CSS selector present once the shell has decided whether to register. */
        decidedSelector: text,
        /** Query that makes the document load its script only after `load` (REG-3). */
        lateBootQuery: text,
        /** CSS selector of a per-render id in every document (NAV-5 refresh). */
        renderIdSelector: text,
      })
      .optional(),
    /** Clauses whose situation the app cannot have, each with the reason (shown in the report). */
    notApplicable: z.record(clauseId, text).default({}),
  })
  .superRefine((profile, ctx) => {
    for (const [key, clause] of Object.entries(FALLBACK_CLAUSES)) {
      const described = profile.fallbacks[key as keyof typeof FALLBACK_CLAUSES] !== undefined;
      if (!described && profile.notApplicable[clause] === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["fallbacks", key],
          message: `is missing: describe the app's page, or list ${clause} under notApplicable with the reason the app cannot have it`,
        });
      }
    }
  });

export type Profile = z.output<typeof Profile>;
export type ProfileInput = z.input<typeof Profile>;
