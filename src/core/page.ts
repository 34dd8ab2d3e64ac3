/**
 * What a page is, as the server embeds it in a document and returns it as the data representation
 * (same URL, `Accept: application/json`). Page and server share the type; the content is the server's.
 */

import type { FallbackKind } from "./fallbacks.ts";
import type { ShellConfig } from "./shellConfig.ts";

/**
 * `crash` is the page whose component throws on purpose (ERR-5); `notes` the page whose code loads
 * only when it is first visited (UPD-3); the rest are fallbacks (ERR-1..4).
 */
export type PageKind = "home" | "content" | "outside" | "offline" | "crash" | "notes" | FallbackKind;

export interface PageData {
  readonly kind: PageKind;
  /** The page's path (without the base path's origin), as the server saw it. */
  readonly path: string;
  readonly title: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  /** ERR-4: the digest of the server-side error this page reports. */
  readonly digest?: string;
}

/** A link in the app's navigation: a path relative to the base path (`''` is home). */
export interface NavLink {
  readonly to: string;
  readonly label: string;
}

/** The id of the `<script type="application/json">` that carries the config and page in every document. */
export const BOOT_DATA_ID = "shell-boot";

export interface BootData {
  readonly config: ShellConfig;
  readonly page: PageData;
  readonly links: readonly NavLink[];
}

/** The `Accept` value the page sends for the data representation; the server and worker key on it. */
export const DATA_ACCEPT = "application/json";
