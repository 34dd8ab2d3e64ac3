// @ts-check
// The kit's environment contract: every PCK_* variable, what it means, who sets it and who reads
// it, in one place. `check` hands its flags to the Playwright run through these (the suite runs in
// Playwright's worker processes, which see only the environment); a user sets the others. Plain
// JavaScript: `npm test` reads PCK_CHROMIUM before anything is compiled.

/** The variables by role. */
export const ENV = {
  /** Origin of the app under test (set by `check --target`); unset: the kit's reference app. */
  target: "PCK_TARGET",
  /** The app's profile file (set by `check --profile`). */
  profile: "PCK_PROFILE",
  /** Which level decides the exit code: required or recommended (set by `check --level`). */
  level: "PCK_LEVEL",
  /** Where the per-clause report goes (set by `check --report-dir` and `npm test`); unset: no report. */
  reportDir: "PCK_REPORT_DIR",
  /** The folder the user ran `check` from, so paths printed are relative to it (set by `check`). */
  callerDir: "PCK_CALLER_DIR",
  /**
   * Target mode: a folder where each of the run's mock servers records the app's answers
   * (`--record <folder>/server-<n>.har`; set by scripts/checkReplay.ts, or a user).
   */
  recordDir: "PCK_RECORD_DIR",
  /**
   * Target mode: a HAR the run's mock servers answer from instead of the app (`--replay`, no
   * upstream: the app may be stopped); set by scripts/checkReplay.ts, or a user.
   */
  replay: "PCK_REPLAY",
  /** A Chromium binary to test with (set by a user; wins over Playwright's and the OS's). */
  chromium: "PCK_CHROMIUM",
  /** A Firefox binary for `check --engines firefox` (set by a user; wins over Debian's firefox-esr). */
  firefox: "PCK_FIREFOX",
  /**
   * The engines the run checks in, comma-separated (set by `check --engines`; unset: Chromium
   * alone). kit/engines/engineNames.ts names them.
   */
  engines: "PCK_ENGINES",
  /**
   * The engines besides Chromium whose verdicts decide the exit code, comma-separated (set by
   * `check --gate`; unset: Chromium's alone, the others advisory).
   */
  gate: "PCK_GATE",
  /** `1`: `npm test` installs a browser even when one is found (set by a user, to test that path). */
  forceBrowserInstall: "PCK_FORCE_BROWSER_INSTALL",
  /** The mock server's control token (set by a user; the --control-token flag wins). */
  controlToken: "PCK_CONTROL_TOKEN",
  /** The installed kit's command, exported by the GitHub Action's install step (action.yml). */
  bin: "PCK_BIN",
  /**
   * `progress`: a line as each clause ends instead of a line per test; `list`: Playwright's line per
   * test. Set by `check --output` (default progress), a user, or npm test's example-app checks (whose
   * expected failures would print as ✘ lines); unset, a plain `playwright test` lists.
   */
  output: "PCK_OUTPUT",
  /**
   * What a suite run's global setup hands its test workers (JSON: the run's folder, where the probe
   * writes what it learned about the app, and the mock servers, one per parallel test worker); set by
   * specs/harness/startRun.ts for the run's own workers, never by a user.
   */
  run: "PCK_RUN",
  /**
   * Tests a run expects to fail, a JSON array of titles ("describe › test", or a test's own title):
   * set by the kit's checks of its example apps from each app's record, never by a user. Playwright
   * starts a new worker process after every unexpected failure (a second or two each); an expected
   * one is judged the same (the report reads the result) without that cost, and keeps no trace.
   * Such a run prints no GitHub annotations: its comparison with the record is its verdict.
   */
  expectedFailures: "PCK_EXPECTED_FAILURES",
  /**
   * The network namespace a run is in (`net:[…]`), set by kit/engines/inNetworkNamespace.mjs inside
   * the namespace it made, never by a user: kit/engines/namespaceRoute.mjs switches the browsers'
   * online state only when this names the process's own namespace.
   */
  networkNamespace: "PCK_NETWORK_NAMESPACE",
  /**
   * The self-check's deviants to build and run, comma-separated names (scripts/deviantWorker/deviants.ts);
   * unset: all. Set by a developer looking into one, or by scripts/checkOnlineState.ts.
   */
  deviants: "PCK_DEVIANTS",
};

/**
 * @typedef {object} KitEnv
 * @property {string | undefined} target
 * @property {string | undefined} profile
 * @property {string | undefined} level
 * @property {string | undefined} reportDir
 * @property {string | undefined} callerDir
 * @property {string | undefined} recordDir
 * @property {string | undefined} replay
 * @property {string | undefined} chromium
 * @property {string | undefined} firefox
 * @property {string | undefined} engines
 * @property {string | undefined} gate
 * @property {boolean} forceBrowserInstall
 * @property {string | undefined} controlToken
 * @property {string | undefined} bin
 * @property {boolean} progress
 * @property {string | undefined} output
 */

/**
 * The contract as values; an empty variable counts as unset.
 * @param {Readonly<Record<string, string | undefined>>} [env]
 * @returns {KitEnv}
 */
export function readKitEnv(env = process.env) {
  /** @param {string} name */
  const read = (name) => env[name] || undefined;
  return {
    target: read(ENV.target),
    profile: read(ENV.profile),
    level: read(ENV.level),
    reportDir: read(ENV.reportDir),
    callerDir: read(ENV.callerDir),
    recordDir: read(ENV.recordDir),
    replay: read(ENV.replay),
    chromium: read(ENV.chromium),
    firefox: read(ENV.firefox),
    engines: read(ENV.engines),
    gate: read(ENV.gate),
    forceBrowserInstall: env[ENV.forceBrowserInstall] === "1",
    controlToken: read(ENV.controlToken),
    bin: read(ENV.bin),
    progress: env[ENV.output] === "progress",
    output: read(ENV.output),
  };
}

/**
 * What `check` hands to the Playwright run.
 * @param {{ target?: string | undefined; profile: string; level: string; reportDir: string; callerDir: string; output?: string; engines?: readonly string[]; gate?: readonly string[] }} run
 * @returns {Record<string, string>}
 */
export function checkRunEnv(run) {
  return {
    [ENV.profile]: run.profile,
    [ENV.reportDir]: run.reportDir,
    [ENV.level]: run.level,
    [ENV.callerDir]: run.callerDir,
    // Chromium, and the engines `check --engines` adds (docs/engines.md): a PCK_ENGINES or PCK_GATE
    // left in the user's shell adds no engine and gates none.
    [ENV.engines]: (run.engines ?? []).join(","),
    [ENV.gate]: (run.gate ?? []).join(","),
    ...(run.output ? { [ENV.output]: run.output } : {}),
    ...(run.target ? { [ENV.target]: run.target } : {}),
  };
}
