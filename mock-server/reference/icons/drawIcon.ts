/**
 * The app's icon, drawn in code: a white ring around a check mark on the app's link blue. Every shape
 * is a signed distance (in pixels, negative inside), and a pixel's coverage is how far its centre lies
 * inside: smooth edges without supersampling.
 */

/** `any`: a rounded square with transparent corners. `full-bleed`: the blue to every edge, as a maskable or Apple touch icon must be. */
export type IconShape = "any" | "full-bleed";

/** The blue of the app's links (src/app/app.css, `nav a`). */
export const ICON_BLUE: readonly [number, number, number] = [0x0b, 0x57, 0xd0];
const WHITE: readonly [number, number, number] = [0xff, 0xff, 0xff];

const CORNER_RADIUS = 0.22;
/**
 * The ring's outer edge, 0.285 of the size from the centre, is the farthest the mark reaches: inside
 * the maskable safe zone, the circle of radius 0.4 every platform's mask keeps
 * (https://w3c.github.io/manifest/#icon-masks; appIcons.test.ts checks the pixels).
 */
const RING_RADIUS = 0.25;
const STROKE_HALF_WIDTH = 0.035;
type Point = readonly [number, number];
/** The check mark's two strokes meet at its corner, just below the centre. */
const CHECK_START: Point = [0.385, 0.505];
const CHECK_CORNER: Point = [0.465, 0.585];
const CHECK_END: Point = [0.625, 0.425];

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const coverage = (distance: number) => clamp01(0.5 - distance);

function roundedSquare(x: number, y: number, size: number): number {
  const radius = CORNER_RADIUS * size;
  const qx = Math.abs(x - size / 2) - (size / 2 - radius);
  const qy = Math.abs(y - size / 2) - (size / 2 - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

function segment(x: number, y: number, [ax, ay]: Point, [bx, by]: Point, halfWidth: number): number {
  const [dx, dy] = [bx - ax, by - ay];
  const t = clamp01(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy));
  return Math.hypot(x - ax - t * dx, y - ay - t * dy) - halfWidth;
}

function mark(x: number, y: number, size: number): number {
  const half = STROKE_HALF_WIDTH * size;
  const ring = Math.abs(Math.hypot(x - size / 2, y - size / 2) - RING_RADIUS * size) - half;
  const at = ([px, py]: Point): Point => [px * size, py * size];
  return Math.min(ring, segment(x, y, at(CHECK_START), at(CHECK_CORNER), half), segment(x, y, at(CHECK_CORNER), at(CHECK_END), half));
}

/** `size × size` RGBA pixels, alpha not premultiplied. */
export function drawIcon(size: number, shape: IconShape): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [cx, cy] = [x + 0.5, y + 0.5];
      const background = shape === "full-bleed" ? 1 : coverage(roundedSquare(cx, cy, size));
      const white = coverage(mark(cx, cy, size));
      const at = (y * size + x) * 4;
      for (let channel = 0; channel < 3; channel++) {
        pixels[at + channel] = Math.round((ICON_BLUE[channel] ?? 0) * (1 - white) + (WHITE[channel] ?? 0) * white);
      }
      pixels[at + 3] = Math.round(255 * background);
    }
  }
  return pixels;
}
