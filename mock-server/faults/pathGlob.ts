/**
 * Path patterns for faults: an exact path (`/app/pages/1`) or a glob where `*` matches within one
 * segment (`/app/pages/*`) and `**` across segments (`/app/**`). Matched against the raw request
 * path, without the query, as the browser sent it.
 */
import { GLOB_STEPS_PER_STEP, type MatchBudget } from "./matchBudget.ts";

const ALLOWED = /^\/[A-Za-z0-9._~!$&'()+,;=:@%*/-]*$/;

/**
 * Characters in a glob, as in a regex (MAX_REGEX_LENGTH): it reads on one line. A match costs up to
 * the pattern's length times the path's, and a 14 kB glob took 1.8 s on a 16,000-character path.
 */
export const MAX_GLOB_LENGTH = 200;

/** Why a pattern is not a valid path glob, or null when it is. */
export function globProblem(pattern: string): string | null {
  if (pattern.length > MAX_GLOB_LENGTH) return `must be at most ${MAX_GLOB_LENGTH} characters, got ${pattern.length}`;
  if (!pattern.startsWith("/")) return "must start with '/'";
  if (!ALLOWED.test(pattern)) return "may only hold URL path characters, '*' and '**' (no spaces, '?', '#', '[', '{' or '\\')";
  if (/\*{3,}/.test(pattern)) return "has '***'; use '*' within a segment or '**' across segments";
  if (/(^|\/)\.\.?(\/|$)/.test(pattern)) return "has a '.' or '..' segment, which never reaches the server";
  return null;
}

/** One segment of a pattern split on its `*`s: `a*b` is ["a", "b"], `*` is ["", ""]. */
type SegmentGlob = readonly string[];
/** The pattern between two `**`, split on its `/`s. */
type Chunk = readonly SegmentGlob[];

/**
 * A matcher for `pattern`: `*` is any run of characters but '/', `**` any run at all, so
 * `/app/**` matches `/app/` and `/app/a/b` but not `/app`, and `/app/**.js` matches `/app/a/b.js`.
 *
 * Matched segment by segment, never by a regex (the backtracking regex took 6 s for
 * `/app/` + 400 `-` against `/app/*-*-*-*.js` and never answered `/**` × 50 + `/x`). The parts
 * between `**` are placed one after the other, each where it ends earliest — the next `**` swallows
 * whatever a later placement would have skipped — so no `**` is ever retried, however many there
 * are; within a segment each piece between `*`s is found leftmost. Time is O(path × pattern) at
 * worst, linear in the path for a given pattern. The regex's `.*` also stopped at line breaks;
 * Node refuses those in a request line (400), so no path holds one.
 */
export function compileGlob(pattern: string): (path: string, budget?: MatchBudget, meter?: Meter) => boolean {
  // A part after a `**` may begin anywhere in its first segment: a leading `*` says so.
  const chunks: Chunk[] = pattern.split("**").map((chunk, c) => chunk.split("/").map((segment, s) => (c > 0 && s === 0 ? `*${segment}` : segment).split("*")));
  const [first, ...rest] = chunks as [Chunk, ...Chunk[]];
  const last = rest.pop();
  const units = globCostUnits(pattern);
  const charge = (path: string, budget: MatchBudget | undefined) => budget?.charge(Math.ceil((units * (path.length + pattern.length)) / GLOB_STEPS_PER_STEP));
  if (!last)
    return (path, budget, meter = { chars: 0 }) => {
      charge(path, budget);
      return chunkEnd(first, path, 0, true, meter) >= 0;
    };
  return (path, budget, meter = { chars: 0 }) => {
    charge(path, budget);
    let at = chunkEnd(first, path, 0, false, meter);
    for (const chunk of rest) if (at >= 0) at = earliestChunkEnd(chunk, path, at, meter);
    const start = startOfLastSegments(path, last.length, meter);
    return at >= 0 && start >= 0 && chunkEnd(last, path, Math.max(start, at), true, meter) >= 0;
  };
}

/**
 * What a match of `pattern` reads per character of path and pattern, at worst: a part between `**`
 * is tried from every segment start and reads up to one path segment per pattern segment from
 * there, and each piece between `*`s is a string search. Each character is read at most twice per
 * piece or segment (once finding the segment's end, once comparing it), so two units per piece and
 * per `/`, and a match reads at most `globCostUnits(pattern) × (path.length + pattern.length)`
 * characters (pathGlob.test.ts counts it on crafted and random paths up to 16 kB).
 */
export function globCostUnits(pattern: string): number {
  return 2 * pattern.split(/[*/]/).length;
}

/**
 * Path characters a match has read, counted as it goes so that tests can hold the matcher to
 * globCostUnits by counting, where a clock would depend on the machine's load.
 */
export type Meter = { chars: number };

/** `text.indexOf(needle, from)`, counting the characters it passed over. */
function find(text: string, needle: string, from: number, meter: Meter): number {
  const found = text.indexOf(needle, from);
  meter.chars += (found < 0 ? text.length : found + needle.length) - from;
  return found;
}

/**
 * Where `chunk` ends when its first segment starts at `from`, or -1: every segment but the last
 * fills its path segment; the last one fills the path's last segment (`toEnd`) or ends as early as it can.
 */
function chunkEnd(chunk: Chunk, path: string, from: number, toEnd: boolean, meter: Meter): number {
  let start = from;
  for (let s = 0; s < chunk.length - 1; s++) {
    const slash = find(path, "/", start, meter);
    if (slash < 0 || !matchesSegment(chunk[s] as SegmentGlob, path.slice(start, slash), meter)) return -1;
    start = slash + 1;
  }
  const glob = chunk[chunk.length - 1] as SegmentGlob;
  const slash = find(path, "/", start, meter);
  if (toEnd) return slash < 0 && matchesSegment(glob, path.slice(start), meter) ? path.length : -1;
  const end = earliestEnd(glob, glob.length, path.slice(start, slash < 0 ? path.length : slash), meter);
  return end < 0 ? -1 : start + end;
}

/** The earliest end of `chunk` placed at or after `from`, or -1. Ends only grow with the segment the chunk starts in. */
function earliestChunkEnd(chunk: Chunk, path: string, from: number, meter: Meter): number {
  for (let start = from; ; ) {
    const end = chunkEnd(chunk, path, start, false, meter);
    if (end >= 0) return end;
    const slash = find(path, "/", start, meter);
    if (slash < 0) return -1;
    start = slash + 1;
  }
}

/** Where the path's `count`-th segment from the end starts, or -1 when it has fewer segments. */
function startOfLastSegments(path: string, count: number, meter: Meter): number {
  let start = path.length + 1; // as if a '/' followed the path
  for (let i = 0; i < count; i++) {
    if (start === 0) return -1;
    const before = start;
    start = start === 1 ? 0 : path.lastIndexOf("/", start - 2) + 1;
    meter.chars += before - start;
  }
  return start;
}

/** Whether `glob` matches all of `text`: first piece at the start, last at the end, the others leftmost between. */
function matchesSegment(glob: SegmentGlob, text: string, meter: Meter): boolean {
  const last = glob[glob.length - 1] as string;
  meter.chars += last.length;
  if (glob.length === 1) return text === last;
  const lastAt = text.length - last.length;
  return lastAt >= 0 && text.endsWith(last) && earliestEnd(glob, glob.length - 1, text.slice(0, lastAt), meter) >= 0;
}

/** The earliest end of a match of the first `count` pieces of `glob` from the start of `text`, or -1. */
function earliestEnd(glob: SegmentGlob, count: number, text: string, meter: Meter): number {
  const head = glob[0] as string;
  meter.chars += head.length;
  if (!text.startsWith(head)) return -1;
  let at = head.length;
  for (let i = 1; i < count; i++) {
    const piece = glob[i] as string;
    const found = find(text, piece, at, meter);
    if (found < 0) return -1;
    at = found + piece.length;
  }
  return at;
}
