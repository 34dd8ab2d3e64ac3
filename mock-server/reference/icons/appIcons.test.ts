import { PNG } from "pngjs";
import { describe, expect, test } from "vitest";
import { APP_ICONS, iconShape } from "./appIcons.ts";
import { ICON_BLUE } from "./drawIcon.ts";
import { renderIcon } from "./renderIcon.ts";

interface Decoded {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colourType: number;
  readonly pixel: (x: number, y: number) => readonly [number, number, number, number];
}

/** The PNG as a browser's decoder reads it (pngjs checks the signature and every chunk's CRC). */
function decodePng(file: Buffer): Decoded {
  const png = PNG.sync.read(file);
  const pixel = (x: number, y: number) => {
    const at = (y * png.width + x) * 4;
    return [png.data[at] ?? 0, png.data[at + 1] ?? 0, png.data[at + 2] ?? 0, png.data[at + 3] ?? 0] as const;
  };
  return { width: png.width, height: png.height, bitDepth: png.depth, colourType: png.colorType, pixel };
}

const BLUE = [...ICON_BLUE, 255];
/** The radius of the maskable safe zone, as a fraction of the size (https://w3c.github.io/manifest/#icon-masks). */
const SAFE_ZONE_RADIUS = 0.4;

describe.each(APP_ICONS.map((icon) => ({ ...icon, png: decodePng(renderIcon(icon)) })))("$key", ({ size, png, ...icon }) => {
  test(`is an 8-bit RGBA PNG of ${size} × ${size}`, () => {
    expect([png.width, png.height, png.bitDepth, png.colourType]).toEqual([size, size, 8, 6]);
  });

  test("draws the white mark around its centre, on blue", () => {
    // The ring passes a quarter of the size above the centre; between it and the edge is blue.
    expect(png.pixel(size / 2, Math.round(size * 0.25))).toEqual([255, 255, 255, 255]);
    expect(png.pixel(size / 2, Math.round(size * 0.12))).toEqual(BLUE);
  });

  if (iconShape({ size, ...icon }) === "full-bleed") {
    test("keeps everything but blue inside the safe zone, and is opaque to every edge", () => {
      const outside: string[] = [];
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          const inSafeZone = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) <= SAFE_ZONE_RADIUS * size;
          if (!inSafeZone && png.pixel(x, y).join() !== BLUE.join()) outside.push(`(${x}, ${y}) ${png.pixel(x, y).join()}`);
        }
      }
      expect(outside).toEqual([]);
    });
  } else {
    test("leaves its corners transparent and its edges' middles opaque", () => {
      expect(png.pixel(0, 0)[3]).toBe(0);
      expect(png.pixel(size - 1, size - 1)[3]).toBe(0);
      expect(png.pixel(size / 2, 0)).toEqual(BLUE);
    });
  }
});
