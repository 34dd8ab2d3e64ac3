/**
 * The journal filters the panel offers, as typed into its fields and kept in its URL under the
 * control API's own names (`/__mock/?path=/app/pages/*&status=4xx`), so a filtered view can be
 * bookmarked or sent with a bug report, and its query string also works on `GET /__mock/journal`.
 */
import { type JournalQuery, statusFilterOf } from "../journal/journalQuery.ts";

/** Every filter of the journal but `after`, which the live stream already is. */
export const FILTERS = ["path", "method", "status", "fault", "digest"] as const satisfies readonly (keyof JournalQuery)[];
export type FilterName = (typeof FILTERS)[number];
export type FilterValues = Readonly<Record<FilterName, string>>;

export const NO_FILTERS: FilterValues = { path: "", method: "", status: "", fault: "", digest: "" };

/** The filters a page URL's query holds; other parameters are not the panel's business. */
export function filtersFromSearch(search: string): FilterValues {
  const params = new URLSearchParams(search);
  return Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ""])) as Record<FilterName, string>;
}

/** `href` with its filter parameters set to `values` (blank ones removed), the rest kept. */
export function withFilters(href: string, values: FilterValues): string {
  const url = new URL(href);
  for (const name of FILTERS) {
    const value = values[name].trim();
    if (value === "") url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return url.href;
}

/** The filters as the control API takes them: blank ones left out, the rest as typed (the server says what is wrong). */
export function queryOf(values: FilterValues): JournalQuery {
  const given = FILTERS.map((name) => [name, values[name].trim()] as const).filter(([, value]) => value !== "");
  return Object.fromEntries(given.map(([name, value]) => [name, name === "status" ? statusFilterOf(value) : value]));
}

/** `path /app/pages/*, status 4xx`, for the journal's caption. */
export function describeQuery(query: JournalQuery): string {
  return FILTERS.filter((name) => query[name] !== undefined)
    .map((name) => `${name} ${query[name]}`)
    .join(", ");
}
