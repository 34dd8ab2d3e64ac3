/**
 * Redirect: a 301/302/303/307/308 to the fault's `to` (a login page, a captive portal's sign-in),
 * with a short page linking it, as Express's own `res.redirect` sends. A worker that stores a
 * redirected navigation (NAV-3, ERR-6) then serves the login page for the app's URL offline.
 */
import type { Response } from "express";
import type { RedirectStatus } from "./faultActionSchema.ts";

export function sendRedirect(res: Response, redirect: { readonly to: string; readonly status: RedirectStatus }): void {
  res.redirect(redirect.status, redirect.to);
}
