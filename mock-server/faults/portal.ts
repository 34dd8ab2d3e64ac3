/**
 * Portal: the captive portal of hotel and train Wi-Fi, a "soft 200" that answers every matching URL
 * (documents, data and scripts alike) with its own sign-in page as `200 text/html`. A worker that
 * trusts any 200 stores the portal's page under the app's URL and serves it offline afterwards.
 */
import type { Response } from "express";

export const PORTAL_TITLE = "Sign in to the Wi-Fi";

const PORTAL_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${PORTAL_TITLE}</title></head><body><h1>${PORTAL_TITLE}</h1><p>Accept the terms of use to connect to the internet.</p><form method="post" action="/portal/accept"><button>Accept and connect</button></form></body></html>`;

export function sendPortalPage(res: Response): void {
  res.status(200).type("html").send(PORTAL_PAGE);
}
