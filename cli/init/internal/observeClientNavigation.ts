/**
 * Clicks a page's link on the home page, as the suite's client-side navigations do, and records the
 * requests the page made for that page's own URL (a prefetch included): what tells its data requests
 * apart. A document request after the click means the link loaded a new page instead.
 */
import type { Page, Request } from "@playwright/test";
import type { ClientNavigationFact, ObservedRequest } from "../appFacts.ts";
import { waitForControl } from "./pageReads.ts";
import { RENDER_TIMEOUT_MS } from "./timeouts.ts";

/** How many other requests the notes list: enough to say what the app fetched instead. */
const MAX_OTHER_REQUESTS = 5;

function samePath(a: string, b: string): boolean {
  return a.replace(/\/$/, "") === b.replace(/\/$/, "");
}

export async function observeClientNavigation(
  page: Page,
  origin: string,
  home: string,
  target: { path: string; name: string; heading: string },
): Promise<ClientNavigationFact> {
  const targetPath = new URL(target.path, origin).pathname;
  const seen: { request: Request; afterClick: boolean }[] = [];
  let clicked = false;
  page.on("request", (request) => {
    if (new URL(request.url()).origin === origin) seen.push({ request, afterClick: clicked });
  });
  await page.goto(home);
  await waitForControl(page);
  clicked = true;
  await page.getByRole("link", { name: target.name, exact: true }).first().click();
  try {
    await page.waitForURL((url) => samePath(url.pathname, targetPath), { timeout: RENDER_TIMEOUT_MS });
    await page.getByRole("heading", { level: 1, name: target.heading, exact: true }).first().waitFor({ timeout: RENDER_TIMEOUT_MS });
  } catch {
    // Recorded as seen so far; the notes say what was (not) fetched.
  }

  const isFetch = (request: Request) => ["fetch", "xhr"].includes(request.resourceType());
  const dataRequests: ObservedRequest[] = [];
  for (const { request } of seen) {
    if (isFetch(request) && samePath(new URL(request.url()).pathname, targetPath)) {
      dataRequests.push({ url: request.url(), headers: await request.allHeaders() });
    }
  }
  const afterClick = seen.filter((entry) => entry.afterClick).map((entry) => entry.request);
  const documentLoad = afterClick.some(
    (request) => request.isNavigationRequest() && request.resourceType() === "document" && request.frame() === page.mainFrame(),
  );
  const otherRequests = afterClick
    .filter((request) => isFetch(request) && !samePath(new URL(request.url()).pathname, targetPath))
    .map((request) => new URL(request.url()).pathname)
    .slice(0, MAX_OTHER_REQUESTS);
  return { path: target.path, documentLoad, dataRequests, otherRequests };
}
