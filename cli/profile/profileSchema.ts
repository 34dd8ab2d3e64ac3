/**
 * What the suite needs to know about an app to check it: where it lives, where its worker is, which
 * pages it has and how to reach them, what its fallback pages say, and which situations it cannot
 * have. The reference app is just the default profile (reference.json). profile.schema.json is
 * generated from this (npm run schemas) for editors; a test keeps the two in step.
 */
import { z } from "zod";
import { CLAUSE_ID_EXACT } from "../../kit/clauseId.ts";
import { recordError } from "../../kit/recordError.ts";

const path = z.string({ error: "must be a string" }).regex(/^\/[^\s#]*$/, "must be an absolute path starting with '/' (no spaces or '#')");
const text = z.string({ error: "must be a string" }).min(1, "must not be empty");
const clauseId = z.string().regex(CLAUSE_ID_EXACT, "must be a clause id such as NAV-5");
const selector = text.describe("CSS selector of the element that holds the text; default: the whole page (body)");

/**
 * A page the suite opens, navigates to client-side and fault-injects by its path: a query has no
 * place there (the mock server's faults match a path without one, and a client-side navigation is
 * confirmed by the URL's pathname), so it is refused rather than left to end tests inconclusive.
 */
const pagePath = path.regex(
  /^[^?]*$/,
  "must not have a query ('?'): the suite opens the page by this path, confirms a navigation by the URL's pathname and injects faults by path alone; give the path without its query",
);

const page = z.strictObject({
  path: pagePath,
  /** Text of the page's main heading (`h1`, or `selector`'s element), as shown once the page has rendered. */
  heading: text.describe("text of the page's h1 (or of selector's element) once rendered"),
  /** Where the page shows what tells it apart, for apps whose pages share one h1. */
  selector: selector.optional().describe("CSS selector of the element whose text tells this page apart, for apps whose pages share one h1; default: the h1"),
  /** Accessible name of the in-app link (or button, with `navigate: button`) that navigates to the page client-side. */
  link: text.optional().describe("accessible name of the in-app link (or button, with navigate: button) that reaches the page client-side"),
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

/** One clause's levels the app cannot have, each with its reason; at least one. */
const notApplicableLevels = z
  .strictObject({
    required: text.optional().describe("why the required level's situation cannot arise in the app"),
    recommended: text.optional().describe("why the recommended level's situation cannot arise in the app"),
  })
  .refine((levels) => levels.required !== undefined || levels.recommended !== undefined, {
    message: 'names no level: give "required" and/or "recommended", each with the reason',
  });

const data = z
  .strictObject({
    accept: text.optional().describe("the Accept header value of the app's data requests, e.g. application/json"),
    header: z.strictObject({ name: text, value: text.optional() }).optional().describe("a request header that marks a data request, e.g. RSC: 1"),
    query: text.optional().describe("a query parameter that marks a data request, e.g. _rsc"),
  })
  .refine((d) => d.accept !== undefined || d.header !== undefined || d.query !== undefined, "needs accept, header or query");

/**
 * The pages the suite uses, by role: the first two are reached client-side from home by the app's
 * own navigation (NAV-1..3, ERR-1's data requests); the third is one the suite opens offline before
 * visiting it (NAV-6, ERR-6) and navigates to by history changes. None is home, none repeats. An
 * app with fewer lists what it has: a test that needs another page takes one of the listed pages it
 * has not visited, or ends not checked naming what to add (specs/checks/appDriver.ts).
 */
export const PAGES_USED = 3;

/**
 * The profile format this kit writes and reads (docs/versioning.md); a profile without `version` is
 * format 1, upgraded when it is read (upgradeProfile.ts), and one with a greater number needs a newer kit.
 */
export const PROFILE_FORMAT = 2;
export const PAGE_ROLES =
  "in-scope pages other than home, each once, one at least: the first two reached client-side from home by the app's own navigation, the third one the suite can open offline before visiting it; with fewer than three, the tests that need another page end not checked";

export const Profile = z
  .strictObject({
    $schema: z.string().optional(),
    version: z
      .literal(PROFILE_FORMAT, { error: `must be ${PROFILE_FORMAT}, the profile format this kit reads` })
      .describe(`the profile format's version: ${PROFILE_FORMAT}; a profile without it is read as format 1 and upgraded (init --upgrade rewrites it)`),
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
    /** PAGE_ROLES: the suite uses the first PAGES_USED; more are never used. */
    pages: z.array(page).min(1, `needs ${PAGE_ROLES}`).describe(PAGE_ROLES),
    /**
     * How a spec navigates client-side: click the link or button (a form's submit button too) named by
     * the page's `link`, or call
     * `history.pushState` and dispatch `popstate`, the event routers such as React Router listen to
     * (on Next.js's App Router, which renders nothing for a bare pushState, its own
     * `window.next.router.push`).
     */
    navigate: z
      .enum(["link", "button", "pushState"])
      .describe(
        "link or button: click the element named by the page's link (button: a form's submit button too); pushState: the router's own navigation, history.pushState and a popstate event (Next.js's App Router: window.next.router.push)",
      ),
    /** Pages outside the base path that serve the app's shell (REG-4); empty if there are none. */
    outside: z.array(path),
    /** Paths inside the base path that must register (REG-4). */
    inside: z.array(path).min(1),
    /** How the app's data requests on client-side navigations are told apart. Absent: it makes none. */
    data: data.optional(),
    /** NAV-6: the offline page. Absent: the app has none, and fails that recommended rule. */
    offline: z.strictObject(shownText).optional(),
    /**
     * The app's failure pages. One the app cannot have is left out and its clause listed in
     * notApplicable with the reason; one left out and not listed (not decided yet) leaves its clause
     * not checked, the report naming the field.
     */
    fallbacks: z.strictObject({
      /** ERR-1's page. Absent: the app has no 404 page, which ERR-1's required rule fails (an unknown path is still asked for). */
      notFound: fallbackPage
        .extend({ path })
        .optional()
        .describe("the app's 404 page; leave out if it has none (ERR-1 then fails, it is never not applicable)"),
      forbidden: fallbackPage.optional(),
      unauthorized: fallbackPage.optional(),
      serverError: fallbackPage.extend({ digest: digest.optional() }).optional(),
      /**
       * ERR-5's page. Its two stimuli are independent: `path` throws while loading; `trigger` is a
       * button on a page of its own. Without `path` the suite makes the app's first script throw
       * (a throwOnLoad fault), so the while-loading form is checked on any app.
       */
      clientError: z
        .strictObject({
          path: path
            .optional()
            .describe(
              "a path whose page throws while it loads; leave out and the suite makes the page's own rendering throw (a React component, else the first h1 the app creates, else its first script)",
            ),
          ...shownText,
          trigger: z
            .strictObject(
              {
                path: path.describe("the page that has the button"),
                name: text.describe("the button's accessible name"),
              },
              { error: 'must be an object naming the page and the button, e.g. {"path": "/app/crash", "name": "Throw an error"}' },
            )
            .optional()
            .describe("a button that throws when pressed: the page it is on and its accessible name"),
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
    /**
     * How the app applies a new worker after a deploy (UPD clauses). Absent: not decided yet, and
     * the tests that need it are not checked, the report naming the field (`init` fills it in).
     */
    update: z
      .strictObject({
        /**
         * `auto`: the new worker takes over the open pages at once (`skipWaiting`); `prompt`: once the
         * person accepts the app's prompt (`accept` names its button); `reopen`: once every tab of the
         * app is closed (the service-worker default without `skipWaiting`).
         */
        activation: z
          .enum(["auto", "prompt", "reopen"])
          .describe(
            "auto: the new worker takes over at once (skipWaiting); prompt: once the person accepts the app's prompt; reopen: once every tab is closed",
          ),
        accept: text.optional().describe("with prompt: the accessible name of the button that accepts the update, e.g. Reload"),
        /** UPD-3: a page whose code the app loads only when it is first visited (a route's chunk), reached client-side from home (by its link, else as `navigate: pushState` does). */
        lazyPage: page
          .optional()
          .describe(
            "a page whose code loads only when it is first visited, reached client-side from home by its link (without one, as navigate pushState does)",
          ),
        /** UPD-2: a text field whose unsaved input an update must not throw away. */
        input: z
          .strictObject({
            path,
            label: text.describe("the field's accessible name (its label)"),
          })
          .optional()
          .describe("a text field the person types into, whose input an update must not throw away: the page it is on and its label"),
      })
      .refine((update) => update.activation !== "prompt" || update.accept !== undefined, {
        message: 'has activation "prompt" but no accept: name the button that accepts the update, e.g. "accept": "Reload"',
        path: ["accept"],
      })
      .optional()
      .describe("how the app applies a new worker after a deploy; leave out until known"),
    /**
     * INS: what the installed app opens to. Absent: not decided yet, and the tests that need the start
     * page's heading are not checked, naming the field. An app that is deliberately not installable
     * lists INS-1..INS-5 under notApplicable instead.
     */
    install: z
      .strictObject({
        /** The `h1` (or `selector`'s text) of the page the manifest's start_url opens. */
        startHeading: text.describe("the h1 of the page the manifest's start_url opens"),
        selector: selector.optional(),
      })
      .optional()
      .describe("what the installed app opens to: the start page's heading; leave out until known"),
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
    /**
     * Clauses whose situation the app cannot have, each with the reason (shown in the report): the
     * whole clause, or one level of it (an app with no text field cannot lose unsaved input: UPD-2's
     * recommended level).
     */
    notApplicable: z
      .record(
        clauseId,
        z.union([text.describe("why the app cannot have the clause's situation, at both levels"), notApplicableLevels], {
          error: 'must be the reason, or an object giving it per level, e.g. {"recommended": "the app has no text field"}',
        }),
        { error: recordError('must be an object of clause ids, e.g. {"ERR-2": "no sign-in"}') },
      )
      .default({})
      .describe('situations the app cannot have, with the reason: {"ERR-2": "no sign-in"}, or per level: {"UPD-2": {"recommended": "no text field"}}'),
    /**
     * Known gaps the team accepts for now: a clause level the app fails, with the reason. Reported
     * with the reason and left out of the exit code; once that level no longer fails, the run fails
     * and says to remove the entry, so an accepted gap cannot outlive the gap. Never hides an
     * inconclusive.
     */
    expect: z
      .record(
        clauseId,
        z
          .strictObject({
            required: z.literal("fail", { error: 'must be "fail" (the only verdict a profile can accept)' }).optional(),
            recommended: z.literal("fail", { error: 'must be "fail" (the only verdict a profile can accept)' }).optional(),
            reason: text.describe("why the failure is accepted for now, shown in every report"),
          })
          .refine((entry) => entry.required !== undefined || entry.recommended !== undefined, {
            message: 'names no level: give "required": "fail" and/or "recommended": "fail"',
          }),
        { error: recordError('must be an object of clause ids, e.g. {"NAV-6": {"recommended": "fail", "reason": "no offline page yet"}}') },
      )
      .default({})
      .describe('accepted failures, e.g. {"NAV-6": {"recommended": "fail", "reason": "no offline page yet"}}'),
  })
  .superRefine((profile, ctx) => {
    const seen = new Set<string>([profile.home]);
    for (const [index, { path }] of profile.pages.slice(0, PAGES_USED).entries()) {
      if (seen.has(path))
        ctx.addIssue({
          code: "custom",
          path: ["pages", index, "path"],
          message: `is ${path === profile.home ? "home" : "another page's path"}: the suite needs ${PAGE_ROLES}`,
        });
      seen.add(path);
    }
  });

export type Profile = z.output<typeof Profile>;
export type ProfileInput = z.input<typeof Profile>;
