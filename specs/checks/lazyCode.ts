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
import type { MockServer } from "../harness/mockServerProcess.ts";
import type { AppDriver } from "./appDriver.ts";

/** Same-origin script paths the fresh tab asked for on its client-side navigation to `lazy`, in the order asked. */
export async function lazyCodeOf(fresh: Page, mock: MockServer, app: AppDriver, home: string, lazy: Profile["pages"][number]): Promise<string[]> {
  await fresh.goto(home, { waitUntil: "load" });
  const asked = new Set<string>();
  fresh.on("request", (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === "script" && url.origin === mock.origin) asked.add(url.pathname);
  });
  await app.navigateClientSide(fresh, lazy);
  return [...asked];
}

/** A path regex (RE2) that matches exactly these paths. */
export function exactPaths(paths: readonly string[]): string {
  return `^(${paths.map(regexLiteral).join("|")})$`;
}
