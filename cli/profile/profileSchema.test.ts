import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { Profile } from "./profileSchema.ts";

const reference = JSON.parse(readFileSync(new URL("./reference.json", import.meta.url), "utf8")) as Record<string, unknown> & {
  home: string;
  pages: { path: string; heading: string }[];
};

const problems = (pages: { path: string; heading: string }[]) => {
  const parsed = Profile.safeParse({ ...reference, pages });
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("the profile's pages", () => {
  test("one or two pages are a profile too (the tests that need another end not checked); none is refused, saying what the pages are for", () => {
    expect(problems(reference.pages)).toEqual([]);
    expect(problems(reference.pages.slice(0, 2))).toEqual([]);
    expect(problems(reference.pages.slice(0, 1))).toEqual([]);
    expect(problems([])).toEqual([expect.stringMatching(/^pages: needs in-scope pages other than home, each once, one at least: .*offline/)]);
  });

  test("a path with a query is refused, saying why the suite cannot use it", () => {
    const [first, second] = reference.pages as [{ path: string; heading: string }, { path: string; heading: string }];
    expect(problems([first, { ...second, path: "/app/search?q=x" }])).toEqual([
      "pages.1.path: must not have a query ('?'): the suite opens the page by this path, confirms a navigation by the URL's pathname and injects faults by path alone; give the path without its query",
    ]);
  });

  test("none is home, none repeats", () => {
    const [first, second] = reference.pages as [{ path: string; heading: string }, { path: string; heading: string }];
    expect(problems([{ path: reference.home, heading: "Home" }, second, first])).toEqual([expect.stringMatching(/^pages\.0\.path: is home/)]);
    expect(problems([first, second, first])).toEqual([expect.stringMatching(/^pages\.2\.path: is another page's path/)]);
  });
});

describe("the application-error page's stimuli", () => {
  const withClientError = (clientError: unknown) => {
    const fallbacks = reference.fallbacks as Record<string, unknown>;
    const parsed = Profile.safeParse({ ...reference, fallbacks: { ...fallbacks, clientError } });
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };

  test("a throw path and a button on a page of its own are independent: either, both or neither", () => {
    expect(withClientError({ text: "Oops" })).toEqual([]);
    expect(withClientError({ text: "Oops", path: "/app/crash?when=load" })).toEqual([]);
    expect(withClientError({ text: "Oops", trigger: { path: "/app/crash", name: "Throw" } })).toEqual([]);
  });

  test("a button given by its name alone is refused, saying what it needs", () => {
    expect(withClientError({ text: "Oops", trigger: "Throw" })).toEqual([
      'fallbacks.clientError.trigger: must be an object naming the page and the button, e.g. {"path": "/app/crash", "name": "Throw an error"}',
    ]);
  });
});

describe("the 404 page", () => {
  test("an app without one leaves it out, and no clause becomes not applicable for it (ERR-1 fails)", () => {
    const { notFound: _left, ...fallbacks } = reference.fallbacks as Record<string, unknown>;
    const parsed = Profile.safeParse({ ...reference, fallbacks });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.fallbacks.notFound).toBeUndefined();
    expect(parsed.data?.notApplicable["ERR-1"]).toBeUndefined();
  });
});

describe("notApplicable", () => {
  const withNotApplicable = (notApplicable: unknown) => {
    const parsed = Profile.safeParse({ ...reference, notApplicable });
    return parsed.success ? { data: parsed.data.notApplicable } : { issues: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) };
  };

  test("names a whole clause with its reason, as before", () => {
    expect(withNotApplicable({ "ERR-2": "no sign-in" })).toEqual({ data: { "ERR-2": "no sign-in" } });
  });

  test("names one level of a clause, or each level with a reason of its own", () => {
    expect(withNotApplicable({ "UPD-2": { recommended: "no text field" } })).toEqual({ data: { "UPD-2": { recommended: "no text field" } } });
    expect(withNotApplicable({ "UPD-3": { required: "a", recommended: "b" } })).toEqual({ data: { "UPD-3": { required: "a", recommended: "b" } } });
  });

  test("refuses an entry that names no level, an unknown level, or no reason, saying what it takes", () => {
    expect(withNotApplicable({ "UPD-2": {} })).toEqual({
      issues: ['notApplicable.UPD-2: names no level: give "required" and/or "recommended", each with the reason'],
    });
    expect(withNotApplicable({ "UPD-2": { optional: "x" } }).issues?.[0]).toMatch(/^notApplicable\.UPD-2: /);
    expect(withNotApplicable({ "UPD-2": true })).toEqual({
      issues: ['notApplicable.UPD-2: must be the reason, or an object giving it per level, e.g. {"recommended": "the app has no text field"}'],
    });
    expect(withNotApplicable({ "UPD-2": { recommended: "" } }).issues).toEqual(["notApplicable.UPD-2.recommended: must not be empty"]);
  });

  test("a key that is no clause id, or no object at all, is refused with the rule, not zod's 'Invalid key in record'", () => {
    expect(withNotApplicable({ "XYZ-1": "x" }).issues).toEqual(["notApplicable.XYZ-1: must be a clause id such as NAV-5"]);
    expect(withNotApplicable(5).issues).toEqual(['notApplicable: must be an object of clause ids, e.g. {"ERR-2": "no sign-in"}']);
    const parsed = Profile.safeParse({ ...reference, expect: { "nav-6": { recommended: "fail", reason: "x" } } });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      "expect.nav-6: must be a clause id such as NAV-5",
    ]);
  });
});
