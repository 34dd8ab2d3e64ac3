import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { PAGES_NEEDED, Profile } from "./profileSchema.ts";

const reference = JSON.parse(readFileSync(new URL("./reference.json", import.meta.url), "utf8")) as Record<string, unknown> & {
  home: string;
  pages: { path: string; heading: string }[];
};

const problems = (pages: { path: string; heading: string }[]) => {
  const parsed = Profile.safeParse({ ...reference, pages });
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("the profile's pages", () => {
  test(`the suite needs ${PAGES_NEEDED}, and says what each is for`, () => {
    expect(problems(reference.pages)).toEqual([]);
    expect(problems(reference.pages.slice(0, 2))).toEqual([expect.stringMatching(/^pages: needs three in-scope pages other than home, each once: .*offline/)]);
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
