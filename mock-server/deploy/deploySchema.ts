/**
 * `POST /__mock/deploy`: a new build of the app goes live in the middle of a test. What happens to the
 * previous build's files is the deploy's choice, because real hosts differ and each choice breaks
 * offline apps differently:
 * - `404` (the default): a clean deploy on a CDN; the old build's hashed files are gone;
 * - `keep`: the host keeps old files (Vercel's and Netlify's immutable deploys, a bucket never pruned);
 * - `html-fallback`: the SPA trap, a host answering every unknown path with `200 text/html` (the
 *   index), which a page then tries to run as script: a blank screen.
 */
import { z } from "zod";

export const OLD_ASSETS = ["404", "keep", "html-fallback"] as const;
export type OldAssets = (typeof OLD_ASSETS)[number];

export const DeployRequest = z.strictObject(
  { oldAssets: z.enum(OLD_ASSETS, { error: `must be one of ${OLD_ASSETS.map((option) => `"${option}"`).join(", ")}` }).optional() },
  { error: 'must be an object, e.g. {} or {"oldAssets": "html-fallback"}' },
);
export type DeployRequest = z.output<typeof DeployRequest>;

/** What `GET` and `POST /__mock/deploy` answer. */
export interface DeployState {
  /** 0 as started (or after a reset), then one more for each deploy. */
  readonly deploy: number;
  /** What the last deploy did with the previous build's files; null before the first deploy. */
  readonly oldAssets: OldAssets | null;
  /** The paths the last deploy retired (the previous build's scripts and styles), sorted. */
  readonly retired: readonly string[];
  /** Retired paths let go past MAX_RETIRED_ASSETS (deploys.ts), the oldest first, since the start or the last reset: served again as any path. */
  readonly dropped: number;
}
