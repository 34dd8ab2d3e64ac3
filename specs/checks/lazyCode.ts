/**
 * UPD-3's loop: which files hold the new build's code for a lazily loaded page. A fresh tab of the
 * new build (its own browser context, so the open page and its worker are untouched) opens home
 * and goes to the page client-side, as a person would; the same-origin scripts it asks for on the
 * way are the page's code. Behind `--upstream` the new build is the old one, so these are the very
 * files the deploy retired; on the reference app they are the second build's.
 */
import type { Page } from "@playwright/test";
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { regexLiteral } from "../../kit/regexLiteral.ts";
import { MAX_REGEX_LENGTH } from "../../mock-server/faults/linearRegex.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";
import type { AppDriver } from "./appDriver.ts";

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
