/**
 * The app's data requests on client-side navigations, as its profile describes them: by `Accept`
 * (the reference app: `application/json`), by a header (Next.js: `RSC: 1`) or by a query parameter
 * (Next.js: `_rsc`). An app without them cannot have the data-request forms of a clause.
 */
import type { Request } from "@playwright/test";
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { needs, notChecked } from "../harness/applicability.ts";

export type DataRequests = NonNullable<Profile["data"]>;

/** The profile's data requests; the test is not applicable for an app that makes none. */
export function dataRequests(profile: Profile): DataRequests {
  return needs(profile.data, "data requests on client-side navigations (profile: data)");
}

/** Whether a request the page made is one of the app's data requests. */
export function isDataRequest(data: DataRequests, request: Pick<Request, "url" | "headers">): boolean {
  const headers = request.headers();
  if (data.accept !== undefined && (headers.accept ?? "").startsWith(data.accept)) return true;
  if (data.header !== undefined) {
    const value = headers[data.header.name.toLowerCase()];
    if (value !== undefined && (data.header.value === undefined || value === data.header.value)) return true;
  }
  return data.query !== undefined && new URL(request.url()).searchParams.has(data.query);
}

/** How to ask for a URL's data representation the way the app does (headers and URL). */
export function dataFetch(data: DataRequests, path: string): { url: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  if (data.accept !== undefined) headers.accept = data.accept;
  if (data.header !== undefined) headers[data.header.name] = data.header.value ?? "1";
  const url = data.query === undefined ? path : `${path}${path.includes("?") ? "&" : "?"}${encodeURIComponent(data.query)}=1`;
  return { url, headers };
}

/**
 * The mock server injects data-only faults into requests it tells apart by `Accept: application/json`
 * (a fault's `representation: "data"`). Data requests told apart otherwise cannot be targeted yet.
 */
export function dataFaultsApply(profile: Profile): void {
  const data = dataRequests(profile);
  if (!/^application\/json/.test(data.accept ?? "")) {
    notChecked("the mock server can fail only data requests sent with Accept: application/json, and this app's are told apart otherwise");
  }
}
