/** The mock server's control panel as a spec sees it: where it is, its form, its filters and its two tables. */
import type { Locator, Page } from "@playwright/test";
import { expect } from "../harness/expect.ts";

export const PANEL = "/__mock/";

/** Opens the panel (at `query`, e.g. `?status=4xx`) and resolves once its journal stream is connected, so later requests arrive live. */
export async function openPanel(page: Page, query = ""): Promise<void> {
  await page.goto(`${PANEL}${query}`);
  await expect(page.getByRole("status").filter({ hasText: "Live: new requests appear" })).toBeVisible();
}

export function faultForm(page: Page): Locator {
  return page.getByRole("form", { name: "Add a fault" });
}

export function journalFilters(page: Page): Locator {
  return page.getByRole("search", { name: "Filter the journal" });
}

export function faultsTable(page: Page): Locator {
  return page.getByRole("table", { name: /^Active faults/ });
}

export function journalTable(page: Page): Locator {
  return page.getByRole("table", { name: /^Requests/ });
}

/** The body rows of a table: one per fault or entry, or the one "none" row. */
export function bodyRows(table: Locator): Locator {
  return table.locator("tbody tr");
}
