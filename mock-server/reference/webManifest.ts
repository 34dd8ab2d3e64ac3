/**
 * The reference app's web app manifest, for the base path the server was started with: Chromium's
 * install criteria (a name, 192 and 512 px icons, a start URL, `standalone`) and what a maintainer
 * adds beyond them (an id, a maskable icon, colours). Every URL lies inside the scope, so the
 * installed app opens on a page the worker controls (its start URL, which the worker saves: sw/saveLandingPages.ts).
 */
import { scopePath } from "../../src/core/basePath.ts";
import { MANIFEST_FILE } from "../../src/core/shellConfig.ts";
import { APP_ICONS, type AppIcon } from "./icons/appIcons.ts";

/** The title bar's colour: the header's background (src/app/app.css), so the bar and the header are one. */
export const THEME_COLOR = "#ffffff";
/** The splash screen's colour: the page's background (src/app/app.css, `:root`), so the first paint does not flash. */
export const BACKGROUND_COLOR = "#fafafa";

export interface ManifestIcon {
  readonly src: string;
  readonly sizes: string;
  readonly type: "image/png";
  readonly purpose: "any" | "maskable";
}

export interface WebAppManifest {
  readonly id: string;
  readonly name: string;
  readonly short_name: string;
  readonly description: string;
  readonly lang: string;
  readonly start_url: string;
  readonly scope: string;
  readonly display: "standalone";
  readonly theme_color: string;
  readonly background_color: string;
  readonly icons: readonly ManifestIcon[];
}

/** Where the manifest is served: `/app/manifest.webmanifest`, `/manifest.webmanifest` at the site root. */
export function manifestPath(basePath: string): string {
  return `${scopePath(basePath)}${MANIFEST_FILE}`;
}

/** The manifest's icons: the app's icons but the Apple touch icon, which only a `<link>` names. */
export const MANIFEST_ICONS = APP_ICONS.filter(
  (icon): icon is AppIcon & { purpose: ManifestIcon["purpose"] } => icon.purpose === "any" || icon.purpose === "maskable",
);

/**
 * `iconFile` gives an icon's built file relative to the base path (`assets/icon-192-<hash>.png`).
 * The start URL, scope and id are the scope itself: the id stays the same whatever the start URL
 * becomes, so a changed start URL is an update of the installed app, not a second app.
 */
export function webManifest(basePath: string, iconFile: (icon: AppIcon) => string): WebAppManifest {
  const scope = scopePath(basePath);
  return {
    id: scope,
    name: "pwa-conformance-kit reference shell",
    short_name: "PCK shell",
    description: "The reference offline web app shell of pwa-conformance-kit: it keeps working offline.",
    lang: "en",
    start_url: scope,
    scope,
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: MANIFEST_ICONS.map((icon) => ({ src: `${scope}${iconFile(icon)}`, sizes: `${icon.size}x${icon.size}`, type: "image/png", purpose: icon.purpose })),
  };
}
