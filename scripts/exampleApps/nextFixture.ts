/**
 * What the scripts that build and serve a Next.js fixture app (examples/next-app/,
 * examples/serwist-webpack-app/) need to know about it: where it lives, what its build reads and
 * writes, and how to build it.
 */

export interface NextFixture {
  /** Its folder under examples/, e.g. `next-app`; the prefix of its error messages. */
  readonly name: string;
  /** How messages name it, e.g. `Next.js app`. */
  readonly title: string;
  /** Its folder, ending in `/`. */
  readonly dir: string;
  /** next.config's basePath, e.g. `/app`: serve.ts waits until `<basePath>/` answers. */
  readonly basePath: string;
  /** Files and folders (relative to `dir`) the build reads: a change to any of them makes the build stale. */
  readonly sources: readonly string[];
  /** Absolute paths of files only a finished build has (`.next/BUILD_ID` first); the oldest one dates the build. */
  readonly built: readonly string[];
  /** Files the build writes among its sources (a worker in public/), not counted as sources. */
  readonly isBuildOutput: (path: string) => boolean;
  /** The build's steps, in order: what each does (for messages) and the Node script with its arguments. */
  readonly buildSteps: readonly { readonly what: string; readonly script: string; readonly args: readonly string[] }[];
}

/** No telemetry, no update checks: the fixtures run on closed networks. */
export const QUIET_ENV = { NEXT_TELEMETRY_DISABLED: "1", NO_UPDATE_NOTIFIER: "1" } as const;

/** The `next` command of a fixture's own install. */
export const nextBin = (fixture: Pick<NextFixture, "dir">): string => `${fixture.dir}node_modules/next/dist/bin/next`;
