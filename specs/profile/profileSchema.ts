/**
 * What the suite needs to know about an app to check it: where it lives, where its worker is, which
 * pages it has and how to reach them, what its fallback pages say, and which clauses do not apply.
 * The reference app is just the default profile (reference.json).
 */
import { z } from "zod";

const path = z.string({ error: "must be a string" }).regex(/^\/[^\s#]*$/, "must be an absolute path starting with '/' (no spaces or '#')");
const text = z.string({ error: "must be a string" }).min(1, "must not be empty");
const clauseId = z.string().regex(/^(REG|NAV|ONL|ERR)-\d+$/, "must be a clause id such as NAV-5");

const page = z.strictObject({
  path,
  /** Text of the page's main heading (`h1`), as shown once the page has rendered. */
  heading: text,
  /** Accessible name of the in-app link that navigates to the page client-side. */
  link: text.optional(),
});

const fallbackPage = z.strictObject({
  /** A path where the app itself answers with this failure; without it only fault-injected forms run. */
  path: path.optional(),
  /** Text the fallback page shows (matched as a substring of the main content). */
  text,
});

export const Profile = z.strictObject({
  $schema: z.string().optional(),
  name: text,
  /** Where the app lives; `/` for the site root. */
  basePath: z.union([z.literal("/"), path.regex(/[^/]$/, "must not end with '/' (except the root '/')")]),
  home: path,
  worker: z.strictObject({
    script: path,
    scope: path.regex(/\/$/, "must end with '/'"),
    /** NAV-5: the worker's network timeout for navigations, in ms, if it has one. */
    networkTimeoutMs: z.int().min(1).max(60_000).optional(),
  }),
  /** At least two in-scope pages, the first two reachable by client-side navigation. */
  pages: z.array(page).min(2, "needs at least two pages"),
  /** How a spec navigates client-side: click the page's `link`, or call `history.pushState` itself. */
  navigate: z.enum(["link", "pushState"]),
  /** Pages outside the base path that serve the app's shell (REG-4); empty if there are none. */
  outside: z.array(path),
  /** Paths inside the base path that must register (REG-4). */
  inside: z.array(path).min(1),
  /** The `Accept` value of the app's data requests on client-side navigations, if it makes any. */
  dataAccept: z.string().optional(),
  /** NAV-6: text of the offline page. */
  offline: z.strictObject({ text }),
  /** The app's failure pages; one an app cannot produce (no sign-in: no 401/403) is left out. */
  fallbacks: z.strictObject({
    notFound: fallbackPage.extend({ path }),
    forbidden: fallbackPage.optional(),
    unauthorized: fallbackPage.optional(),
    serverError: fallbackPage.extend({ digest: z.string().min(1).optional() }).optional(),
    clientError: fallbackPage.extend({ trigger: text.optional() }).optional(),
  }),
  /** In-scope URLs that must never be stored (NAV-3, ERR-6), each optional. */
  uncacheable: z.strictObject({ json: path.optional(), redirect: path.optional(), noStore: path.optional() }).default({}),
  /** Does the app reload when the browser comes back online (ONL-1)? */
  reloadsOnOnline: z.boolean().default(true),
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
  /** Clauses that do not apply to this app, each with the reason (shown in the report). */
  notApplicable: z.record(clauseId, text).default({}),
});

export type Profile = z.output<typeof Profile>;
