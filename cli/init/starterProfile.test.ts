import { describe, expect, test } from "vitest";
import { Profile } from "../profile/profileSchema.ts";
import type { AppFacts } from "./appFacts.ts";
import { PLACEHOLDER, starterProfile } from "./starterProfile.ts";

/** What init sees of an app like the reference shell. */
const FACTS: AppFacts = {
  target: "http://127.0.0.1:4173/app/",
  name: "Reference shell",
  home: "/app/",
  homeText: "Home",
  worker: { script: "/app/sw.js", scope: "/app/" },
  links: [
    { path: "/app/pages/1", name: "Page one", heading: "Page one", status: 200 },
    { path: "/app/broken", name: "Broken", heading: null, status: 500 },
    { path: "/app/pages/2", name: "Page two", heading: "Page two", status: 200 },
    { path: "/app/pages/3", name: null, heading: "Page three", status: 200 },
    { path: "/app/pages/4", name: "Page four", heading: "Page four", status: 200 },
  ],
  clientNavigation: {
    path: "/app/pages/1",
    documentLoad: false,
    dataRequests: [{ url: "http://127.0.0.1:4173/app/pages/1", headers: { accept: "application/json" } }],
    otherRequests: [],
  },
  notFound: { path: "/app/no/such/page", status: 404, text: "404: Page not found" },
  outside: [
    { path: "/", status: 200, servesShell: true },
    { path: "/app-outside", status: 404, servesShell: false },
  ],
  offline: { kind: "page", path: "/app/pages/3", text: "You are offline", status: 200 },
  online: { reloads: true, settleMs: 500 },
  update: { kind: "auto" },
  manifest: { kind: "found", url: "http://127.0.0.1:4173/app/manifest.webmanifest", startUrl: "http://127.0.0.1:4173/app/", startHeading: "Home" },
  referenceHooks: false,
};

const fieldsOf = (notes: readonly { fields: readonly string[] }[]) => notes.flatMap((note) => note.fields);

describe("starterProfile", () => {
  test("writes what was found into a profile the schema accepts", () => {
    const { profile } = starterProfile(FACTS);
    expect(Profile.safeParse(profile).success).toBe(true);
    expect(profile).toMatchObject({
      name: "Reference shell",
      basePath: "/app",
      home: "/app/",
      worker: { script: "/app/sw.js", scope: "/app/" },
      navigate: "link",
      outside: ["/"],
      inside: ["/app", "/app/anything"],
      data: { accept: "application/json" },
      offline: { text: "You are offline" },
      reloadsOnOnline: true,
      onlineSettleMs: 500,
    });
    expect(profile.fallbacks.notFound).toEqual({ path: "/app/no/such/page", text: "404: Page not found" });
  });

  test("keeps the first three pages that loaded with a heading, with a link only where its name picks it out", () => {
    expect(starterProfile(FACTS).profile.pages).toEqual([
      { path: "/app/pages/1", heading: "Page one", link: "Page one" },
      { path: "/app/pages/2", heading: "Page two", link: "Page two" },
      { path: "/app/pages/3", heading: "Page three" },
    ]);
  });

  test("leaves out what it cannot see, and lists each such field with what leaving it out does", () => {
    const { profile, missing } = starterProfile(FACTS);
    expect(fieldsOf(missing)).toEqual(
      expect.arrayContaining(["worker.networkTimeoutMs", "fallbacks.clientError", "uncacheable.json", "uncacheable.redirect", "uncacheable.noStore"]),
    );
    expect(profile.worker.networkTimeoutMs).toBeUndefined();
    expect(profile.fallbacks.clientError).toBeUndefined();
    expect(profile.uncacheable).toEqual({});
    expect(missing.find((note) => note.fields.includes("fallbacks.clientError"))?.text).toMatch(
      /ERR-5 fails an app the exception leaves on a white page and is not checked otherwise/,
    );
    // The clauses whose tests read each uncacheable path (specs: navigation-caching, landing-page, fallbacks).
    const clausesOf = (field: string) => missing.find((note) => note.fields.includes(field))?.text.match(/Left out, the (.*) tests? for/)?.[1];
    expect(clausesOf("uncacheable.json")).toBe("NAV-3");
    expect(clausesOf("uncacheable.redirect")).toBe("NAV-3, NAV-7 and ERR-6");
    expect(clausesOf("uncacheable.noStore")).toBe("NAV-3, NAV-7 and ERR-6");
  });

  test("leaves the 403, 401 and 500 pages out for the user to decide, never 'not applicable', and lists both ways to decide", () => {
    const { profile, missing } = starterProfile(FACTS);
    expect(Profile.safeParse(profile).success).toBe(true);
    expect(JSON.stringify(profile)).not.toContain(PLACEHOLDER);
    for (const [key, clause] of [
      ["forbidden", "ERR-2"],
      ["unauthorized", "ERR-3"],
      ["serverError", "ERR-4"],
    ] as const) {
      expect(profile.fallbacks[key]).toBeUndefined();
      expect(profile.notApplicable).toEqual({});
      const note = missing.find((n) => n.fields.includes(`fallbacks.${key}`));
      expect(note?.fields).toEqual([`fallbacks.${key}`, `notApplicable.${clause}`]);
      expect(note?.text).toMatch(new RegExp(`^To decide: .* Until then ${clause} is not checked\\.$`));
    }
  });

  test("leaves the 404 page out, saying ERR-1 then fails, when the unknown path showed no text", () => {
    const { profile, missing } = starterProfile({ ...FACTS, notFound: { ...FACTS.notFound, text: null } });
    expect(Profile.safeParse(profile).success).toBe(true);
    expect(profile.fallbacks.notFound).toBeUndefined();
    expect(missing.find((n) => n.fields.includes("fallbacks.notFound"))?.text).toMatch(/ERR-1 fails/);
  });

  test("an app with one or two linked pages gets those, no placeholder, and a note that the tests needing more end not checked", () => {
    const [first, , second] = FACTS.links as [AppFacts["links"][number], AppFacts["links"][number], AppFacts["links"][number]];
    for (const links of [[first], [first, second]]) {
      const { profile, missing } = starterProfile({ ...FACTS, links });
      expect(Profile.safeParse(profile).success).toBe(true);
      expect(profile.pages).toEqual(links.map((link) => ({ path: link.path, heading: link.heading, link: link.name })));
      expect(JSON.stringify(profile)).not.toContain(PLACEHOLDER);
      expect(profile.navigate).toBe("link");
      expect(missing.find((note) => note.fields.includes("pages"))?.text).toMatch(
        new RegExp(`^Found ${links.length} in-scope pages? besides home; .* each test that needs more ends not checked, .*add them at the end of pages`),
      );
    }
  });

  test("pages linked from the linked pages come after them, without a link, and say where they were found", () => {
    const [first] = FACTS.links as [AppFacts["links"][number]];
    const deeper = { path: "/app/pages/1/detail", name: null, heading: "Detail", status: 200, linkedFrom: "/app/pages/1" };
    const { profile, found } = starterProfile({ ...FACTS, links: [first, deeper] });
    expect(profile.pages).toEqual([
      { path: "/app/pages/1", heading: "Page one", link: "Page one" },
      { path: "/app/pages/1/detail", heading: "Detail" },
    ]);
    expect(profile.navigate).toBe("link");
    expect(found.find((note) => note.fields.includes("pages"))?.text).toMatch(
      /^The first in-scope link of \/app\/ with a page that loads and shows an h1, then \/app\/pages\/1\/detail \(linked from \/app\/pages\/1\), linked from those pages;/,
    );
  });

  test("a linked page with a query is skipped, saying why: a page's path cannot have one", () => {
    const search = { path: "/app/search?q=x", name: "Search", heading: "Search", status: 200 };
    const { profile, found } = starterProfile({ ...FACTS, links: [search, ...FACTS.links] });
    expect(Profile.safeParse(profile).success).toBe(true);
    expect(profile.pages.map((page) => page.path)).toEqual(["/app/pages/1", "/app/pages/2", "/app/pages/3"]);
    expect(found.find((note) => note.fields.includes("pages"))?.text).toContain("/app/search?q=x (has a query, which a page's path cannot have)");
  });

  test("with no usable page it writes one placeholder, which the schema takes and the check fails on, and says so", () => {
    const { profile, missing } = starterProfile({ ...FACTS, links: [], clientNavigation: null });
    expect(Profile.safeParse(profile).success).toBe(true);
    expect(profile.pages).toEqual([{ path: "/app/FILL-IN-page-1", heading: `${PLACEHOLDER}: the page's h1` }]);
    expect(profile.navigate).toBe("pushState");
    expect(fieldsOf(missing)).toEqual(expect.arrayContaining(["pages", "data"]));
  });

  test("an app at the site root has no outside and registers at / and under it", () => {
    const { profile } = starterProfile({ ...FACTS, worker: { script: "/sw.js", scope: "/" }, home: "/", outside: [] });
    expect(profile).toMatchObject({ basePath: "/", outside: [], inside: ["/", "/anything"] });
  });

  test("keeps the trailing '/' of an app whose pages end with one", () => {
    const links = FACTS.links.map((link) => ({ ...link, path: `${link.path}/` }));
    expect(starterProfile({ ...FACTS, links }).profile.inside).toEqual(["/app", "/app/anything/"]);
  });

  test("an app that reloads at once has no settle time; one that does not reload says false", () => {
    expect(starterProfile({ ...FACTS, online: { reloads: true, settleMs: 0 } }).profile).toMatchObject({ reloadsOnOnline: true });
    expect(starterProfile({ ...FACTS, online: { reloads: true, settleMs: 0 } }).profile.onlineSettleMs).toBeUndefined();
    expect(starterProfile({ ...FACTS, online: { reloads: false, waitedMs: 10_000 } }).profile.reloadsOnOnline).toBe(false);
  });

  test("how the app took the deploy becomes update.activation, a prompt's new button its accept", () => {
    expect(starterProfile(FACTS).profile.update).toEqual({ activation: "auto" });
    const prompt = starterProfile({ ...FACTS, update: { kind: "prompt", accept: "Reload", offered: ["Reload", "Close"] } });
    expect(prompt.profile.update).toEqual({ activation: "prompt", accept: "Reload" });
    expect(Profile.safeParse(prompt.profile).success).toBe(true);
    expect(prompt.found.find((note) => note.fields.includes("update.accept"))?.text).toContain("'Reload', 'Close'");
    expect(starterProfile({ ...FACTS, update: { kind: "reopen", waitedMs: 10_000 } }).profile.update).toEqual({ activation: "reopen" });
  });

  test("an unseen update behaviour is left out and listed as missing, as the lazy page and the text field always are", () => {
    const { profile, missing } = starterProfile({ ...FACTS, update: { kind: "unknown", detail: "no worker controlled the home page" } });
    expect(profile.update).toBeUndefined();
    expect(fieldsOf(missing)).toEqual(expect.arrayContaining(["update.activation", "update.lazyPage", "update.input"]));
    const levels = starterProfile(FACTS).missing.find((note) => note.fields.includes("update.input"));
    expect(levels?.text).toContain('notApplicable with the reason, e.g. "UPD-2": {"recommended": "no text field"}');
  });

  test("the start URL's h1 becomes install.startHeading; no manifest is listed as missing, with what that means", () => {
    expect(starterProfile(FACTS).profile.install).toEqual({ startHeading: "Home" });
    const none = starterProfile({ ...FACTS, manifest: { kind: "none" } });
    expect(none.profile.install).toBeUndefined();
    expect(none.missing.find((note) => note.fields.includes("install.startHeading"))?.text).toMatch(/links no web app manifest.*notApplicable/);
  });

  test("a manifest init could not read is listed as missing with the reader's sentence, ended once", () => {
    const read = "Failed to read http://127.0.0.1:4173/m.json: its body is longer than 8388608 bytes, the most the kit reads of one answer of the app.";
    for (const detail of [read, "Reading the manifest failed: boom"]) {
      const { missing } = starterProfile({ ...FACTS, manifest: { kind: "unknown", detail } });
      const text = missing.find((note) => note.fields.includes("install.startHeading"))?.text;
      expect(text).toBe(`${detail.replace(/\.$/, "")}. Name the h1 of the page the start URL opens; left out, INS-4 and INS-5 are not checked.`);
    }
  });

  test("an unseen reload behaviour is left to the schema's default and listed as missing", () => {
    const { profile, missing } = starterProfile({ ...FACTS, online: { reloads: null, detail: "Going offline failed: boom" } });
    expect(profile.reloadsOnOnline).toBeUndefined();
    expect(fieldsOf(missing)).toContain("reloadsOnOnline");
  });

  test("an app with no offline page gets none, and the note says NAV-6 fails; an unseen one is listed as missing", () => {
    const none = starterProfile({ ...FACTS, offline: { kind: "none", path: "/app/pages/3", detail: "got no answer" } });
    expect(none.profile.offline).toBeUndefined();
    expect(none.found.find((note) => note.fields.includes("offline"))?.text).toMatch(/NAV-6's recommended rule fails/);
    const unknown = starterProfile({ ...FACTS, offline: { kind: "unknown", path: "/app/pages/3", detail: "No worker controlled /app/." } });
    expect(unknown.profile.offline).toBeUndefined();
    // As the suite has it without offline: NAV-6's first test fails (specs/navigation-caching.spec.ts), the stored-page test is not applicable (offlinePage()).
    expect(unknown.missing.find((note) => note.fields.includes("offline"))?.text).toMatch(
      /Left out, the kit takes the app to have no offline page: NAV-6's test that an uncached page offline shows the offline page fails .* the test that the offline page is stored before going offline is not applicable/,
    );
  });

  test("data requests that look like documents are listed as missing; none at all are a finding", () => {
    const plain = starterProfile({
      ...FACTS,
      clientNavigation: {
        path: "/app/pages/1",
        documentLoad: false,
        dataRequests: [{ url: "http://x/app/pages/1", headers: { accept: "*/*" } }],
        otherRequests: [],
      },
    });
    expect(plain.profile.data).toBeUndefined();
    expect(fieldsOf(plain.missing)).toContain("data");
    const none = starterProfile({ ...FACTS, clientNavigation: { path: "/app/pages/1", documentLoad: false, dataRequests: [], otherRequests: ["/api/x"] } });
    expect(none.profile.data).toBeUndefined();
    expect(fieldsOf(none.missing)).not.toContain("data");
    expect(none.found.find((note) => note.fields.includes("data"))?.text).toMatch(/fetched nothing for that URL.*\/api\/x/);
  });

  test("a 404 page that answers another status is kept, with a note that ERR-1 fails", () => {
    const { profile, found } = starterProfile({ ...FACTS, notFound: { path: "/app/no/such/page", status: 200, text: "Not here" } });
    expect(profile.fallbacks.notFound?.text).toBe("Not here");
    expect(found.find((note) => note.fields.includes("fallbacks.notFound"))?.text).toMatch(/not 404, so ERR-1 fails/);
  });

  test("an unknown path that shows the home page's text is no 404 page: the server's own, without the worker, is taken instead", () => {
    const showsHome = { path: "/app/no/such/page", status: 200, text: "Home" };
    const server = starterProfile({ ...FACTS, notFound: { ...showsHome, withoutWorker: { status: 404, text: "Page not found" } } });
    expect(server.profile.fallbacks.notFound).toEqual({ path: "/app/no/such/page", text: "Page not found" });
    expect(server.found.find((note) => note.fields.includes("fallbacks.notFound"))?.text).toMatch(
      /showed the home page's text \('Home', status 200\).*With service workers blocked, the server answered 404 and showed 'Page not found'.*ERR-1 fails while the worker shows home there/,
    );
    for (const withoutWorker of [undefined, { status: 200, text: "Home" }, { status: null, text: null }]) {
      const { profile, missing } = starterProfile({ ...FACTS, notFound: { ...showsHome, ...(withoutWorker ? { withoutWorker } : {}) } });
      expect(profile.fallbacks.notFound).toBeUndefined();
      expect(missing.find((note) => note.fields.includes("fallbacks.notFound"))?.text).toMatch(
        /showed the home page's text .* If the app has a 404 page, give its path and text .* the kit takes the app to have no 404 page, and ERR-1 fails\.$/,
      );
    }
  });

  test("lists the kit's own reference hooks as missing only on the kit's reference app", () => {
    expect(fieldsOf(starterProfile(FACTS).missing)).not.toContain("reference");
    const reference = starterProfile({ ...FACTS, referenceHooks: true });
    expect(fieldsOf(reference.missing)).toContain("reference");
    expect(reference.profile.reference).toBeUndefined();
  });

  test("uses the host when the app has no name", () => {
    expect(starterProfile({ ...FACTS, name: null }).profile.name).toBe("127.0.0.1:4173");
  });
});
