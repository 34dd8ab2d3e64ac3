/**
 * Draws an app icon into its PNG file, at build time only (vite.config.ts): pngjs is a build
 * dependency, so the server, which only lists the icons (appIcons.ts), never loads it.
 */
import { PNG } from "pngjs";
import { type AppIcon, iconShape } from "./appIcons.ts";
import { drawIcon } from "./drawIcon.ts";

/** The icon's PNG file: 8-bit RGBA, encoded by pngjs. */
export function renderIcon(icon: AppIcon): Buffer {
  const png = new PNG({ width: icon.size, height: icon.size });
  png.data = Buffer.from(drawIcon(icon.size, iconShape(icon)));
  // The "Up" filter makes a flat icon's repeating rows zeros, which zlib's default strategy at level 9
  // deflates to almost nothing (pngjs's own defaults, adaptive filters and RLE, give files 30% larger).
  return PNG.sync.write(png, { colorType: 6, filterType: 2, deflateLevel: 9, deflateStrategy: 0 });
}
