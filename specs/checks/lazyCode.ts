/**
 * UPD-3's readings, for Chromium's tests and the engines': whether the stimulus happened (a file the
 * deploy retired asked for) and, for the loop, which files hold the new build's code for a lazily
 * loaded page. A fresh tab of the new build (its own browser context, so the open page and its
 * worker are untouched) opens home and goes to the page client-side, as a person would; the
 * same-origin scripts it asks for on the way are the page's code. Behind `--upstream` the new build
 * is the old one, so these are the very files the deploy retired; on the reference app they are the
 * second build's.
 */
import type { Page } from "@playwright/test";
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { regexLiteral } from "../../kit/regexLiteral.ts";
import { MAX_REGEX_LENGTH } from "../../mock-server/faults/linearRegex.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";
import type { AppDriver } from "./appDriver.ts";

/** Why the deleted-chunk test is not checked when the app reloaded into the new build once its new worker was active (Chromium's and the engines'). */
export const RELOADED_INTO_NEW_BUILD =
  "the app reloaded into the new build when its new worker became active, so no page of the old build was left to lose its chunk; behind the proxy the new build names the retired files of the old, so only a real second build's deploy (the reference app's) would let the kit judge the new build's own";

/** Why the deleted-chunk test is not checked when the navigation asked for no retired file: the stimulus did not happen. */
export const nothingRetiredAsked = (path: string) =>
  `the navigation to ${path} asked for no file the deploy retired: its code was still at hand, so nothing was deleted from under it`;

/** The journal paths of files the deploy retired that were asked for after it. */
export async function retiredAskedFor(mock: MockServer, retired: readonly string[], deploy: number): Promise<string[]> {
  const paths = new Set(retired);
  return (await mock.journal()).filter((entry) => entry.deploy >= deploy && paths.has(new URL(entry.url, mock.origin).pathname)).map((entry) => entry.url);
}

/**
 * Whether a person's browser would have answered every one of `asked` (retired files asked for after
 * deploy `deploy`) from its HTTP cache: each was served before the deploy, 200, with an explicit
 * freshness (`max-age` above 0 or `immutable`) and neither `no-cache` nor `no-store`. An engine
 * whose driver keeps no HTTP cache (WebKitWebDriver's sessions) meets the deletion where that
 * browser would not.
 */
export async function freshInAPersonsCache(mock: MockServer, asked: readonly string[], deploy: number): Promise<boolean> {
  const pathOf = (url: string) => new URL(url, mock.origin).pathname;
  const before = (await mock.journal()).filter((entry) => entry.deploy < deploy && entry.status === 200);
  const fresh = (cacheControl: string) =>
    !/\b(no-cache|no-store)\b/.test(cacheControl) && (/\bimmutable\b/.test(cacheControl) || Number(/\bmax-age=(\d+)/.exec(cacheControl)?.[1] ?? "0") > 0);
  return (
    asked.length > 0 &&
    asked.every((url) => before.some((entry) => pathOf(entry.url) === pathOf(url) && fresh(String(entry.responseHeaders["cache-control"] ?? ""))))
  );
}

/** Same-origin script paths the fresh tab asked for on its client-side navigation to `lazy`, in the order asked. */
export async function lazyCodeOf(fresh: Page, mock: MockServer, app: AppDriver, home: string, lazy: Profile["pages"][number]): Promise<string[]> {
  // Home's own late scripts (a framework's imports after `load`) are not the page's code: the list
  // starts once the network is idle, or it would depend on how far home had got.
  await fresh.goto(home, { waitUntil: "networkidle" });
  const asked = new Set<string>();
  fresh.on("request", (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === "script" && url.origin === mock.origin) asked.add(url.pathname);
  });
  await app.navigateClientSide(fresh, lazy);
  return [...asked];
}

/**
 * Path regexes (RE2) that together match exactly these paths, each within the mock server's length
 * for one (a fault each): a page's code can be a dozen hashed chunks.
 */
export function exactPaths(paths: readonly string[]): string[] {
  const regexes: string[] = [];
  let group: string[] = [];
  const of = (literals: readonly string[]) => `^(${literals.join("|")})$`;
  for (const literal of paths.map(regexLiteral)) {
    if (of([literal]).length > MAX_REGEX_LENGTH)
      throw new Error(`The path regex for ${literal} is longer than the mock server takes (${MAX_REGEX_LENGTH} characters).`);
    if (group.length > 0 && of([...group, literal]).length > MAX_REGEX_LENGTH) {
      regexes.push(of(group));
      group = [];
    }
    group.push(literal);
  }
  if (group.length > 0) regexes.push(of(group));
  return regexes;
}
