/**
 * The reference app's icons: which files exist, at what size and for what purpose. The build draws
 * and emits each one as a hashed asset under the `key` it names (vite.config.ts), so the worker
 * precaches them with the rest of `assets/`; the server finds their hashed names in Vite's manifest
 * by that key and lists them in the web app manifest (webManifest.ts) and the documents' head.
 */

import type { IconShape } from "./drawIcon.ts";

export interface AppIcon {
  /** The icon's key in Vite's manifest (its `originalFileName`: no such file exists, the build draws it). */
  readonly key: string;
  readonly size: number;
  /** The manifest's `purpose`, or `apple-touch-icon` for the `<link>` iOS reads instead. */
  readonly purpose: "any" | "maskable" | "apple-touch-icon";
}

/**
 * 192 and 512 are the sizes Chromium's install criteria and its splash screen ask for; a maskable
 * icon keeps Android from shrinking the `any` one onto a white disc; iOS ignores manifest icons when
 * a page names an Apple touch icon, and its home screen uses 180 × 180.
 */
export const APP_ICONS: readonly AppIcon[] = [
  { key: "icons/icon-192.png", size: 192, purpose: "any" },
  { key: "icons/icon-512.png", size: 512, purpose: "any" },
  { key: "icons/icon-maskable-512.png", size: 512, purpose: "maskable" },
  { key: "icons/apple-touch-icon.png", size: 180, purpose: "apple-touch-icon" },
];

/** Maskable and Apple touch icons are cropped by the platform, so they are opaque to every edge. */
export function iconShape(icon: AppIcon): IconShape {
  return icon.purpose === "any" ? "any" : "full-bleed";
}
