/**
 * Turns what init saw of an app (AppFacts) into a starter profile, a note on how each field was
 * found, and the list of what it could not find. Nothing is made up to pass: an optional field init
 * cannot see is left out (and the list says what that does to the verdicts), the failure pages it
 * cannot make the app show among them (a decision for the user: describe, or not applicable). Only
 * where the schema needs a value (three pages) and the app offers too few does it write a `FILL IN`
 * placeholder, which fails its clause until replaced.
 */
import { PAGE_ROLES, PAGES_USED, PROFILE_FORMAT, type ProfileInput } from "../profile/profileSchema.ts";
import type { AppFacts, LinkFact } from "./appFacts.ts";
import { dataRequestMarker } from "./dataRequestMarker.ts";
import type { FieldNote } from "./fieldNote.ts";
import { isUsablePage } from "./internal/visitLinks.ts";
import { missingFallbacks, missingOptionalFields } from "./missingFields.ts";
import { previousCheckpoint, SETTLE_CHECKPOINTS_MS } from "./settleCheckpoints.ts";

/** What a field holds until a person replaces it; the check fails on it, never passes. */
export const PLACEHOLDER = "FILL IN";

export interface StarterProfile {
  /** The profile, without `$schema` (the writer adds it, relative to where the file goes). */
  readonly profile: ProfileInput;
  /** How each field init filled was found, and what to check. */
  readonly found: readonly FieldNote[];
  /** What init could not find: fields to fill in, or to leave out knowing what that means. */
  readonly missing: readonly FieldNote[];
}

function basePathOf(scope: string): string {
  return scope === "/" ? "/" : scope.replace(/\/$/, "");
}

/** Why a page init visited is not in the profile. */
function skipReason(link: LinkFact): string {
  if (link.path.includes("?")) return "has a query, which a page's path cannot have";
  return `${link.status === null ? "did not load" : `status ${link.status}`}${link.heading === null ? ", no h1" : ""}`;
}

function pagesOf(facts: AppFacts, scope: string, found: FieldNote[], missing: FieldNote[]): ProfileInput["pages"] {
  const usable = facts.links.filter(isUsablePage).slice(0, PAGES_USED);
  const skipped = facts.links.filter((link) => !isUsablePage(link)).map((link) => `${link.path} (${skipReason(link)})`);
  const pages: ProfileInput["pages"] = usable.map((link) => ({ path: link.path, heading: link.heading, ...(link.name === null ? {} : { link: link.name }) }));
  const further = usable.filter((link) => link.linkedFrom !== undefined);
  const home = usable.filter((link) => link.linkedFrom === undefined);
  if (usable.length > 0)
    found.push({
      fields: ["pages"],
      text:
        `The first ${home.length === 1 ? "in-scope link" : `${home.length} in-scope links`} of ${facts.home} with a page that loads and shows an h1` +
        (further.length > 0 ? `, then ${further.map((link) => `${link.path} (linked from ${link.linkedFrom})`).join(", ")}, linked from those pages` : "") +
        "; each heading is that page's h1 once rendered, each link the link's accessible name on the home page." +
        (skipped.length > 0 ? ` Skipped: ${skipped.join(", ")}.` : "") +
        " The suite uses the first three: put the ones reached by the app's own links from home first.",
    });
  if (usable.length === 0) {
    // The schema needs one page: a placeholder that fails its tests until replaced, never passes them.
    pages.push({ path: `${scope}${PLACEHOLDER.replace(" ", "-")}-page-1`, heading: `${PLACEHOLDER}: the page's h1` });
    missing.push({
      fields: ["pages"],
      text: `Found no in-scope page linked from ${facts.home} (or from the pages it links to) that loads and shows an h1; the profile needs ${PAGE_ROLES}. Replace the ${PLACEHOLDER} entry with a page of the app (its path, h1 and the name of the link on home that reaches it).`,
    });
  } else if (usable.length < PAGES_USED) {
    missing.push({
      fields: ["pages"],
      text: `Found ${usable.length} in-scope page${usable.length === 1 ? "" : "s"} besides home; the suite uses three (${PAGE_ROLES}). With ${usable.length}, each test that needs more ends not checked, saying how many pages it needs (docs/profile.md#fewer-than-three-pages). If the app has more pages, add them at the end of pages (path and h1; any page the app serves, linked from home or not) to run those tests.`,
    });
  }
  return pages;
}

/**
 * ERR-1's page: what an unknown path showed, unless that is the home page's text (a worker, or a
 * server, that answers every path with home; or pages that share one heading), which cannot tell
 * the 404 page apart: then the server's own answer without the worker, if it is a page of its own.
 */
function notFoundOf(facts: AppFacts, found: FieldNote[], missing: FieldNote[]): NonNullable<ProfileInput["fallbacks"]["notFound"]> | undefined {
  const { path, status, text, withoutWorker } = facts.notFound;
  const leftOut = "Left out, the kit takes the app to have no 404 page, and ERR-1 fails.";
  if (text === null) {
    missing.push({
      fields: ["fallbacks.notFound"],
      text: `${path} showed no text (status ${status ?? "none"}), so the starter has no 404 page. Describe the app's 404 page (its path and text). ${leftOut}`,
    });
    return undefined;
  }
  const answered = (code: number | null) => (code === 404 ? "answered 404" : `answered ${code ?? "nothing"}, not 404, so ERR-1 fails unless that changes`);
  if (text !== facts.homeText) {
    found.push({
      fields: ["fallbacks.notFound"],
      text: `${path}, a path the app does not have, ${answered(status)}; the text is its h1 (else its first line).`,
    });
    return { path, text };
  }
  const showsHome = `${path}, a path the app does not have, showed the home page's text ('${text}', status ${status ?? "none"}): the worker or the server answers an unknown path with home (an app shell), or the app's pages share that heading, and that text cannot tell a 404 page from home.`;
  const serverText = withoutWorker?.text ?? null;
  if (withoutWorker !== undefined && serverText !== null && serverText !== facts.homeText) {
    found.push({
      fields: ["fallbacks.notFound"],
      text: `${showsHome} With service workers blocked, the server ${answered(withoutWorker.status)} and showed '${serverText}', the app's own 404 page, whose text is written: ERR-1 fails while the worker shows home there. If the app's pages share one h1, add the 404 page's selector.`,
    });
    return { path, text: serverText };
  }
  const bare =
    withoutWorker === undefined
      ? ""
      : ` With service workers blocked, the server showed ${withoutWorker.text === null ? "no text" : "the home page too"} (status ${withoutWorker.status ?? "none"}).`;
  missing.push({
    fields: ["fallbacks.notFound"],
    text: `${showsHome}${bare} If the app has a 404 page, give its path and text (and a selector, if its pages share one h1). ${leftOut}`,
  });
  return undefined;
}

function dataOf(facts: AppFacts, found: FieldNote[], missing: FieldNote[]): ProfileInput["data"] {
  const navigation = facts.clientNavigation;
  const leftOut = "Left out, the data-request forms of NAV-3, NAV-6, ERR-1..4 and ERR-6 are not applicable.";
  if (navigation === null) {
    missing.push({
      fields: ["data"],
      text: `No in-scope link on ${facts.home} to click, so no client-side navigation was seen. If the app fetches a page's data on client-side navigations, describe those requests. ${leftOut}`,
    });
    return undefined;
  }
  if ("failed" in navigation) {
    missing.push({
      fields: ["data"],
      text: `${navigation.failed}. If the app fetches a page's data on client-side navigations, describe those requests. ${leftOut}`,
    });
    return undefined;
  }
  const marker = dataRequestMarker(navigation.dataRequests, navigation.path);
  if (marker !== null) {
    found.push({
      fields: ["data"],
      text: `What the requests for ${navigation.path} carried when its link was clicked on ${facts.home}, and documents do not.`,
    });
    return marker;
  }
  if (navigation.dataRequests.length > 0) {
    missing.push({
      fields: ["data"],
      text: `Clicking the link to ${navigation.path} fetched that URL ${navigation.dataRequests.length} time(s), with nothing that tells those requests from documents (Accept */* or HTML, no header of the app's own, no extra query). Describe how the server tells them apart. ${leftOut}`,
    });
    return undefined;
  }
  const how = navigation.documentLoad ? "loaded it as a document (a full page load, not a client-side navigation)" : "fetched nothing for that URL";
  const others = navigation.otherRequests.length > 0 ? ` Other requests after the click: ${navigation.otherRequests.join(", ")}.` : "";
  found.push({ fields: ["data"], text: `None: clicking the link to ${navigation.path} ${how}.${others} ${leftOut}` });
  return undefined;
}

function offlineOf(facts: AppFacts, found: FieldNote[], missing: FieldNote[]): ProfileInput["offline"] {
  const offline = facts.offline;
  switch (offline.kind) {
    case "page":
      found.push({
        fields: ["offline"],
        text: `The h1 (else first line) of what the worker answered, offline, for ${offline.path}, a page not visited in that browser.`,
      });
      return { text: offline.text };
    case "none":
      found.push({
        fields: ["offline"],
        text: `Left out: the app has no offline page. Offline, ${offline.path} (not visited in that browser) ${offline.detail}. NAV-6's recommended rule fails until the worker answers such a navigation with a page of its own.`,
      });
      return undefined;
    case "unknown":
      missing.push({
        fields: ["offline"],
        text: `${offline.detail} Give the text of the page the worker shows offline for a page not yet visited. Left out, the kit takes the app to have no offline page: NAV-6's test that an uncached page offline shows the offline page fails (its recommended rule), the test that the offline page is stored before going offline is not applicable, and the rest check only that the worker answers.`,
      });
      return undefined;
  }
}

function onlineOf(facts: AppFacts, found: FieldNote[], missing: FieldNote[]): Pick<ProfileInput, "reloadsOnOnline" | "onlineSettleMs"> {
  const online = facts.online;
  if (online.reloads === null) {
    missing.push({
      fields: ["reloadsOnOnline", "onlineSettleMs"],
      text: `${online.detail}. Say whether the app reloads when the browser comes back online, and after how long (ms) if it waits. Left out, reloadsOnOnline is taken as true.`,
    });
    return {};
  }
  if (!online.reloads) {
    found.push({
      fields: ["reloadsOnOnline"],
      text: `false: offline then online again, the page had not begun to reload ${online.waitedMs} ms (fake clock) later. ONL-1's required rule fails for such an app.`,
    });
    return { reloadsOnOnline: false };
  }
  if (online.settleMs === 0) {
    found.push({
      fields: ["reloadsOnOnline", "onlineSettleMs"],
      text: "true: offline then online again, the page began to reload at once. onlineSettleMs is left out: the app waits for nothing, which ONL-1's recommended rule fails.",
    });
    return { reloadsOnOnline: true };
  }
  const after = previousCheckpoint(online.settleMs);
  found.push({
    fields: ["reloadsOnOnline", "onlineSettleMs"],
    text: `true, after a settle time: offline then online again, the page had not begun to reload ${after} ms (fake clock) later and had by ${online.settleMs} ms. If the app's own setting lies in between, write that (checked at ${SETTLE_CHECKPOINTS_MS.length} round times up to ${SETTLE_CHECKPOINTS_MS.at(-1)} ms).`,
  });
  return { reloadsOnOnline: true, onlineSettleMs: online.settleMs };
}

/** UPD: how the app took the deploy init made, as the profile's `update`. */
function updateOf(facts: AppFacts, found: FieldNote[], missing: FieldNote[]): Pick<ProfileInput, "update"> {
  const update = facts.update;
  missing.push({
    fields: ["update.lazyPage", "update.input"],
    text: 'A page whose code loads only on its first visit (a route\'s chunk: its path, heading and link), and a text field the person types into (its page and label), if the app has them; init cannot tell them apart. Left out, UPD-3\'s and UPD-2\'s recommended tests are not checked. An app that has none lists that level under notApplicable with the reason, e.g. "UPD-2": {"recommended": "no text field"}.',
  });
  switch (update.kind) {
    case "auto":
      found.push({
        fields: ["update.activation"],
        text: "auto: after a deploy (through the kit's proxy) and an update check, the new worker took over the open page by itself.",
      });
      return { update: { activation: "auto" } };
    case "prompt":
      found.push({
        fields: ["update.activation", "update.accept"],
        text: `prompt: after a deploy, a new worker waited and the page showed ${update.offered.map((name) => `'${name}'`).join(", ")}; '${update.accept}' is taken for the button that accepts the update. Check it is.`,
      });
      return { update: { activation: "prompt", accept: update.accept } };
    case "reopen":
      found.push({
        fields: ["update.activation"],
        text: `reopen: after a deploy, a new worker waited ${update.waitedMs} ms and the page showed no new button, so it takes over once every tab of the app is closed. If the app asks the person some other way, write prompt and the accept button's name.`,
      });
      return { update: { activation: "reopen" } };
    default:
      missing.push({
        fields: ["update.activation", "update.accept"],
        text: `${update.detail}. Say how the app applies a new worker: auto (it takes over at once), prompt (with accept: the button's name) or reopen (once every tab is closed). Left out, the UPD tests are not checked.`,
      });
      return {};
  }
}

/** INS: the start page's heading, from the manifest Chromium read off the home page. */
function installOf(facts: AppFacts, found: FieldNote[], missing: FieldNote[]): Pick<ProfileInput, "install"> {
  const manifest = facts.manifest;
  if (manifest.kind === "found" && manifest.startHeading !== null) {
    found.push({
      fields: ["install.startHeading"],
      text: `The h1 of ${manifest.startUrl}, the start URL of the manifest the home page links (${manifest.url}), as Chromium read it.`,
    });
    return { install: { startHeading: manifest.startHeading } };
  }
  const why =
    manifest.kind === "none"
      ? 'The home page links no web app manifest (<link rel="manifest">): the INS clauses fail. If the app is deliberately not installable, list INS-1 to INS-5 under notApplicable with the reason.'
      : manifest.kind === "unreadable"
        ? `Chromium could not read the manifest at ${manifest.url} (no body, or no start URL): INS-1 says why.`
        : manifest.kind === "unknown"
          ? manifest.detail.replace(/[^.]$/, "$&.")
          : `The start URL ${manifest.startUrl} showed no h1.`;
  missing.push({ fields: ["install.startHeading"], text: `${why} Name the h1 of the page the start URL opens; left out, INS-4 and INS-5 are not checked.` });
  return {};
}

export function starterProfile(facts: AppFacts): StarterProfile {
  const found: FieldNote[] = [];
  const missing: FieldNote[] = [];
  const { scope, script } = facts.worker;
  const basePath = basePathOf(scope);
  const host = new URL(facts.target).host;

  found.push({
    fields: ["name"],
    text: facts.name === null ? `The app's host: the page has no manifest name and no title.` : "The web app manifest's name, else the home page's title.",
  });
  found.push({
    fields: ["worker.script", "worker.scope", "basePath"],
    text: `From the service worker registration whose scope covers ${facts.home} (its active worker's script); the base path is the scope without its last '/'.`,
  });
  found.push({ fields: ["home"], text: "The page init opened (--target)." });

  const pages = pagesOf(facts, scope, found, missing);
  // The pages home links to (the first two at most) are the ones the suite reaches client-side.
  const linked = pages.slice(0, 2).filter((page) => facts.links.some((link) => link.path === page.path && link.linkedFrom === undefined));
  const navigate = linked.length > 0 && linked.every((page) => page.link !== undefined) ? "link" : "pushState";
  if (navigate === "pushState") {
    found.push({
      fields: ["navigate"],
      text: "pushState: the pages home links to have no link whose accessible name picks them out, so the suite navigates with history.pushState and a popstate event.",
    });
  } else {
    const navigation = facts.clientNavigation;
    if (navigation !== null && "documentLoad" in navigation && navigation.documentLoad) {
      found.push({
        fields: ["navigate"],
        text: `link, but clicking the link to ${navigation.path} loaded a new document: the app has no client-side navigation there.`,
      });
    }
  }

  const trailingSlash = pages.length > 0 && pages.every((page) => page.path.endsWith("/"));
  const inside = basePath === "/" ? ["/", `/anything${trailingSlash ? "/" : ""}`] : [basePath, `${basePath}/anything${trailingSlash ? "/" : ""}`];
  found.push({ fields: ["inside"], text: "The base path without its '/' and a path under it the app does not link to: REG-4 requires that both register." });

  const outside = facts.outside.filter((probe) => probe.servesShell).map((probe) => probe.path);
  if (facts.outside.length > 0) {
    const probes = facts.outside.map(
      (probe) => `${probe.path} (${probe.status === null ? "no answer" : `status ${probe.status}`}${probe.servesShell ? ", the app's shell" : ""})`,
    );
    found.push({
      fields: ["outside"],
      text: `Paths outside the base path that answered 2xx HTML loading one of the home page's scripts, of ${probes.join(", ")}. Add any other page outside the base path that serves the app's shell: REG-4 checks that none registers.`,
    });
  }

  const notFound = notFoundOf(facts, found, missing);

  const data = dataOf(facts, found, missing);
  const offline = offlineOf(facts, found, missing);
  const online = onlineOf(facts, found, missing);
  const update = updateOf(facts, found, missing);
  const install = installOf(facts, found, missing);
  missing.push(...missingOptionalFields(), ...missingFallbacks());
  if (facts.referenceHooks) {
    missing.push({
      fields: ["reference"],
      text: "The page carries the render id of the kit's own reference shell: this is the kit's reference app, which has hooks no other app has (a decided-to-register selector, a late-boot query, the render id) that init cannot read off the page. Copy `reference` from the kit's cli/profile/reference.json. Left out, the tests that need them are not checked (ERR-4's data-request 500, NAV-5's refresh).",
    });
  }

  const profile: ProfileInput = {
    version: PROFILE_FORMAT,
    name: facts.name ?? host,
    basePath,
    home: facts.home,
    worker: { script, scope },
    pages,
    navigate,
    outside,
    inside,
    ...(data === undefined ? {} : { data }),
    ...(offline === undefined ? {} : { offline }),
    fallbacks: notFound === undefined ? {} : { notFound },
    uncacheable: {},
    ...online,
    ...update,
    ...install,
    notApplicable: {},
  };
  return { profile, found, missing };
}
