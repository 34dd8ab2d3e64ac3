import { expect, test } from "vitest";
import { describeQuery, filtersFromSearch, NO_FILTERS, queryOf, withFilters } from "./journalFilterValues.ts";

test("reads the filters from the page URL's query, blank when absent, ignoring other parameters", () => {
  expect(filtersFromSearch("?path=%2Fapp%2Fpages%2F*&status=4xx&other=1")).toEqual({ ...NO_FILTERS, path: "/app/pages/*", status: "4xx" });
});

test("writes the filters into a URL under the API's names, removes blank ones and keeps the rest", () => {
  const href = withFilters("http://127.0.0.1:4173/__mock/?digest=old&other=1", { ...NO_FILTERS, method: " HEAD ", fault: "f2" });
  const url = new URL(href);
  expect([...url.searchParams]).toEqual([
    ["other", "1"],
    ["method", "HEAD"],
    ["fault", "f2"],
  ]);
});

test("turns the fields into the control API's query: blank ones out, a status code as a number, a class or none as written", () => {
  expect(queryOf({ ...NO_FILTERS, path: " /app/** ", status: "404" })).toEqual({ path: "/app/**", status: 404 });
  expect(queryOf({ ...NO_FILTERS, status: "5xx", fault: "none" })).toEqual({ status: "5xx", fault: "none" });
  expect(queryOf(NO_FILTERS)).toEqual({});
});

test("describes a query in the filters' order", () => {
  expect(describeQuery({ status: "4xx", path: "/app/pages/*" })).toBe("path /app/pages/*, status 4xx");
});
