/**
 * The deploy counter and what the last deploy retired. The mock server notes each same-origin script
 * and style it answers with a success; a deploy retires every one noted before it: the previous
 * build's files, which a page loaded before the deploy may still ask for (a lazy chunk) and a new
 * worker's precache may list. The worker script is never retired: a deploy gives it new bytes.
 */
import type { DeployRequest, DeployState, OldAssets } from "./deploySchema.ts";

/**
 * How many paths one deploy retires: a build's scripts and styles, with room (the example apps'
 * builds have 4 to 26); a flood of distinct URLs cannot grow it further.
 */
export const MAX_NOTED_ASSETS = 2_000;

/**
 * How many retired paths all deploys keep together, the oldest let go first (a page still open from
 * that build is the least likely to ask): two floods of MAX_NOTED_ASSETS. Without it eight deploys
 * after 2,100 distinct requests each made the deploy answer 64 MB and took the server from 119 to
 * 599 MB; a path let go is served as any other path, and the answer counts them (`dropped`).
 */
export const MAX_RETIRED_ASSETS = 2 * MAX_NOTED_ASSETS;

/** The longest path noted: four times the longest script or style path of the example apps (117 characters). */
export const MAX_NOTED_PATH_LENGTH = 512;

export interface Deploys {
  /** The deploy in effect: 0 before the first. */
  readonly current: () => number;
  readonly state: () => DeployState;
  readonly deploy: (request: DeployRequest) => DeployState;
  readonly reset: () => void;
  /** Notes a script or style path answered with a success under the current deploy. */
  readonly note: (path: string) => void;
  /** How the last deploy treats `path`: null when the path is not retired. */
  readonly retiredAs: (path: string) => OldAssets | null;
  /** Notes that a navigation reached the host after the deploy: a page of the new build opens. */
  readonly documentServed: () => void;
}

/**
 * `servedAfter(deploy, path)`: whether the build live after that deploy has `path`, so the deploy
 * does not retire it (the reference shell's unchanged stylesheet keeps its name in both builds). An
 * app behind `--upstream` has no second build to ask: every noted file is retired.
 */
export interface DeployOptions {
  readonly servedAfter?: (deploy: number, path: string) => boolean;
  /** The option of a deploy whose request names none (a scenario's `deploys`); "404" without one. */
  readonly defaultOldAssets?: () => OldAssets | null;
  /**
   * The new build has the old one's file names (an app behind `--upstream`: the "new" build is the
   * same app, its worker given new bytes). A real new build's document names new files, which exist;
   * here it names the retired ones. So a retired file is gone only for the pages open before the
   * deploy: once a navigation is answered with a document of the new build, the files are that
   * build's and are served again (a page that reloads into the new build gets its code).
   */
  readonly sameFileNames?: boolean;
}

export function createDeploys({ servedAfter = () => false, defaultOldAssets = () => null, sameFileNames = false }: DeployOptions = {}): Deploys {
  let deploy = 0;
  let newDocumentServed = false;
  let oldAssets: OldAssets | null = null;
  let retired = new Set<string>();
  let noted = new Set<string>();
  let dropped = 0;
  const state = (): DeployState => ({ deploy, oldAssets, retired: [...retired].sort(), dropped });
  return {
    current: () => deploy,
    state,
    deploy: (request) => {
      deploy += 1;
      oldAssets = request.oldAssets ?? defaultOldAssets() ?? "404";
      // Files retired by an earlier deploy stay retired (a build older still), unless the new build
      // has them; past the cap the oldest go (a Set keeps insertion order: older builds first).
      const kept = [...retired, ...noted].filter((path) => !servedAfter(deploy, path));
      const over = Math.max(0, kept.length - MAX_RETIRED_ASSETS);
      dropped += over;
      retired = new Set(kept.slice(over));
      noted = new Set();
      newDocumentServed = false;
      return state();
    },
    reset: () => {
      deploy = 0;
      oldAssets = null;
      retired = new Set();
      noted = new Set();
      dropped = 0;
      newDocumentServed = false;
    },
    note: (path) => {
      if (path.length <= MAX_NOTED_PATH_LENGTH && !retired.has(path) && noted.size < MAX_NOTED_ASSETS) noted.add(path);
    },
    retiredAs: (path) => (oldAssets !== null && retired.has(path) && !(sameFileNames && newDocumentServed) ? oldAssets : null),
    documentServed: () => {
      if (deploy > 0) newDocumentServed = true;
    },
  };
}
