/** What init reads off a rendered page: its main heading, its shell's scripts, its manifest, whether a worker controls it. */
import type { Page } from "@playwright/test";
import { bringUnderControl } from "../../../kit/workerControl.ts";
import { CONTROL_TIMEOUT_MS, RENDER_TIMEOUT_MS } from "./timeouts.ts";

/** The page's first `h1` once it shows (as the suite finds it: role heading, level 1), or null. */
export async function readHeading(page: Page): Promise<string | null> {
  const heading = page.getByRole("heading", { level: 1 }).first();
  try {
    await heading.waitFor({ state: "visible", timeout: RENDER_TIMEOUT_MS });
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as the suite's toContainText on a visible heading sees it.
    const text = (await heading.innerText()).replace(/\s+/g, " ").trim();
    return text === "" ? null : text;
  } catch {
    return null;
  }
}

/** The `h1`, else the first non-empty line of the page's rendered text, or null. */
export async function readMainText(page: Page): Promise<string | null> {
  const heading = await readHeading(page);
  if (heading !== null) return heading;
  try {
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as a person reads it, not that of scripts and hidden parts.
    const text = await page.locator("body").innerText();
    return (
      text
        .split("\n")
        .map((line) => line.trim())
        .find((line) => line !== "") ?? null
    );
  } catch {
    return null;
  }
}

/** Absolute URLs of the document's external scripts: what tells the app's shell from another page. */
export function scriptUrls(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.scripts].map((script) => script.src).filter((src) => src !== ""));
}

/** The manifest the page links, when it is on the page's own origin (init talks to no other), or null. */
export async function linkedManifest(page: Page): Promise<string | null> {
  const manifest = await page.evaluate(() => document.querySelector<HTMLLinkElement>("link[rel='manifest']")?.href ?? null);
  return manifest !== null && new URL(manifest).origin === new URL(page.url()).origin ? manifest : null;
}

/**
 * Whether an activated worker controls the page within CONTROL_TIMEOUT_MS, reloading once when the
 * worker is active without controlling it (one that does not claim clients controls the next load).
 */
export async function waitForControl(page: Page): Promise<boolean> {
  try {
    await bringUnderControl(page, CONTROL_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}
