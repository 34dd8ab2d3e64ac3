import { crc32, inflateSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { APP_ICONS, iconShape, renderIcon } from "./appIcons.ts";
import { ICON_BLUE } from "./drawIcon.ts";

interface Decoded {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colourType: number;
  readonly pixel: (x: number, y: number) => readonly [number, number, number, number];
}

/**
 * An independent reading of an 8-bit RGBA PNG, as a browser's decoder does it: the signature, every
 * chunk's CRC, the IDAT stream inflated and each row unfiltered by its own filter type (all five).
 */
function decodePng(png: Buffer): Decoded {
  expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  const chunks = new Map<string, Buffer[]>();
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString("latin1");
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `the CRC of ${type}`).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    chunks.set(type, [...(chunks.get(type) ?? []), data]);
    at += 12 + length;
  }
  expect([...chunks.keys()].at(-1)).toBe("IEND");
  const header = chunks.get("IHDR")?.[0] ?? Buffer.alloc(13);
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  const stride = width * 4;
  const raw = inflateSync(Buffer.concat(chunks.get("IDAT") ?? []));
  expect(raw.length).toBe((stride + 1) * height);
  const pixels = new Uint8Array(stride * height);
  const at = (x: number, y: number) => (x < 0 || y < 0 ? 0 : (pixels[y * stride + x] ?? 0));
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const [left, up, upLeft] = [at(x - 4, y), at(x, y - 1), at(x - 4, y - 1)];
      const paeth = () => {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter ?? 0] ?? 0;
      pixels[y * stride + x] = ((raw[y * (stride + 1) + 1 + x] ?? 0) + predictor) & 0xff;
    }
  }
  const pixel = (x: number, y: number) => [at(x * 4, y), at(x * 4 + 1, y), at(x * 4 + 2, y), at(x * 4 + 3, y)] as const;
  return { width, height, bitDepth: header.readUInt8(8), colourType: header.readUInt8(9), pixel };
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
