/**
 * A PNG encoder for the app's icons: 8-bit RGBA, no interlacing, one IDAT. Written here rather than
 * taken from a package because the icons need nothing else (https://www.w3.org/TR/png-3/).
 */
import { crc32, deflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** IHDR's colour type for truecolour with alpha. */
const RGBA = 6;
const BYTES_PER_PIXEL = 4;
/** The "Up" filter: a row minus the one above. Rows of a flat icon repeat, so they become zeros and deflate to almost nothing. */
const FILTER_UP = 2;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/** `rgba` holds `width × height` pixels, row by row, four bytes each, alpha not premultiplied. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const stride = width * BYTES_PER_PIXEL;
  if (rgba.length !== stride * height) throw new Error(`Failed to encode a PNG: ${rgba.length} bytes are not ${width}×${height} RGBA pixels.`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(RGBA, 9);
  // Compression, filter method and interlace: the only values PNG defines, and none.
  const filtered = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    filtered[row] = FILTER_UP;
    for (let x = 0; x < stride; x++) {
      const above = y === 0 ? 0 : (rgba[(y - 1) * stride + x] ?? 0);
      filtered[row + 1 + x] = ((rgba[y * stride + x] ?? 0) - above) & 0xff;
    }
  }
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(filtered, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}
