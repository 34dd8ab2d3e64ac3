/**
 * `npm run check:package`: the kit as a user gets it, each way it can be installed today, each into
 * an empty project outside the clone. The repository's own GitHub Action (action.yml), its steps run
 * on this machine (actionSteps.ts) from the action's files as GitHub downloads them (this working
 * tree as a commit, plus hard links to this clone's node_modules): with kit-source the tarball of
 * `npm pack` here, a first job installs and caches it, a second restores it, installs nothing and
 * checks the second app with `--start`, whose verdicts must match docs/second-app.md and whose
 * failures the check step prints as GitHub annotations on the profile; then the
 * installed command's --version, help, a usage error, its entry points and `init` against its own
 * reference app (`serve`). Without kit-source, a job builds the kit from the action's files,
 * installs its runtime only and caches it. From the git repository (the same commit in a local bare
 * repository, a `git+file:` URL; npm installs the dev dependencies in its clone and runs prepare), in
 * the background: a `check` of one clause of the reference app. The tarball's and git's installs
 * warn of nothing a user must act on (npmWarnings.ts). Also the release of this version as the
 * release workflow makes it (scripts/release.ts), dry-run on the packed tarball (which fails on an
 * npm warning too), and `npm pack` in a fresh clone without node_modules fails saying to run npm ci.
 * Prints the figures of each. Exit 0 when all of it holds.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { loadProfile } from "../cli/profile/loadProfile.ts";
import { ConformanceReport } from "../cli/report/reportSchema.ts";
import { startApp } from "../cli/startApp.ts";
import { ENV, readKitEnv } from "../kit/env.mjs";
import { freePort } from "../kit/freePort.ts";
import { CHECKLIST_PAGE, KIT_ROOT } from "../kit/kitPaths.ts";
import { type ActionRun, runActionSteps } from "./actionSteps.ts";
import { compareWithRecord } from "./exampleApps/checkRecordedApp.ts";
import { warningsToActOn } from "./npmWarnings.ts";
import { PACKAGE_RECORDING, PACKAGE_RECORDINGS, PACKAGE_VERDICTS } from "./packageRecording.ts";
import { ReleaseError, release } from "./release.ts";
import { npm, runCommand, seconds, stopWhenOrphaned } from "./runCommand.mjs";
import { SnapshotError, snapshotRepository } from "./snapshotRepository.ts";

const ROOT = KIT_ROOT;
const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
/** npm pack builds the app and lib/ (seconds); generous for a busy CI machine. */
const PACK_TIMEOUT_MS = 300_000;
/**
 * An install that builds the kit (from git, or the action's first run at a ref) installs its dev
 * dependencies first: about a minute from npm's cache; generous for a busy CI machine.
 */
const BUILDING_INSTALL_TIMEOUT_MS = 600_000;
/** The installed mock server starts in about a second; generous for a busy CI machine. */
const SERVE_TIMEOUT_MS = 30_000;
/** init takes about 6 s on the reference; a hang must end the check, not stall it. */
const INIT_TIMEOUT_MS = 120_000;
/** One clause of the reference app, checked from each install: check runs, cheaply. */
const ONE_CLAUSE = "ERR-1 ";
/** What `npm pack` in a fresh clone must say (scripts/buildPackage.mjs). */
const FRESH_CLONE_ADVICE = "run `npm ci` there first";

class CheckFailed extends Error {}

function expect(condition: boolean, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

async function quietly(label: string, command: string, args: string[], cwd: string, timeoutMs = PACK_TIMEOUT_MS) {
  console.log(`[package] ${label}: ${[command, ...args].join(" ")}`);
  return runCommand(command, args, { cwd, quiet: true, timeoutMs });
}

/** A user's repository: a package.json of theirs, nothing of the kit's. */
function emptyProject(dir: string): string {
  mkdirSync(join(dir, "conformance"), { recursive: true });
  writeFileSync(join(dir, "package.json"), `${JSON.stringify({ name: "kit-user", private: true }, null, 2)}\n`);
  return dir;
}

const installedBin = (project: string) => join(project, "node_modules", ".bin", "pwa-conformance-kit");

async function checkPackage(work: string): Promise<void> {
  const figures: string[] = [];

  const packed = await quietly("pack", ...npm("pack", "--pack-destination", work), ROOT);
  expect(packed.code === 0, `npm pack failed (exit ${packed.code}):\n${packed.output}`);
  const tarball = readdirSync(work).find((name) => name.endsWith(".tgz"));
  expect(tarball !== undefined, `npm pack wrote no tarball in ${work}.`);
  const tarballPath = join(work, tarball);
  figures.push(`packed ${(statSync(tarballPath).size / 1024).toFixed(0)} kB in ${seconds(packed.ms)}`);
  // The release workflow's own code on the tarball every install here uses: tag, changelog, file list, publish --dry-run.
  const released = performance.now();
  try {
    await release({ tag: `v${version}`, tarball: tarballPath, publish: false });
  } catch (error) {
    if (error instanceof ReleaseError) throw new CheckFailed(`the release of v${version} would fail: ${error.message}`);
    throw error;
  }
  figures.push(`release dry run ${seconds(performance.now() - released)}`);
  figures.push(`tarball install ${seconds(await checkQuietInstall(tarballPath, emptyProject(join(work, "tarball-user"))))}`);

  const bare = join(work, "kit.git");
  const commit = await snapshotRepository(ROOT, bare, work);
  await checkFreshClonePack(bare, join(work, "fresh-clone"));
  const action = await prepareAction(commit, bare, work, tarballPath);

  // The install from git (clone, its dev dependencies, prepare) takes the longest and waits mostly
  // on the disk: it runs in the background, niced, behind the rest, as npm test's example-app
  // installs do behind the browser suite.
  const fromGit = emptyProject(join(work, "git-user"));
  const gitUrl = `git+file://${bare}#${commit}`;
  // --prefer-offline: the clone's dev dependencies are the ones this clone's own `npm ci` just put in npm's cache.
  const [npmCommand, npmArgs] = npm("install", "--no-audit", "--no-fund", "--prefer-offline", gitUrl);
  const gitInstalling = quietly("install from git (in the background)", "nice", ["-n", "10", npmCommand, ...npmArgs], fromGit, BUILDING_INSTALL_TIMEOUT_MS);
  try {
    // The action installs the tarball (and caches it), and, in a runner of its own, builds the kit from its files.
    const [firstRun, fromActionFiles] = await Promise.all([
      runActionSteps(action.dir, action.project, { ...action.inputs, "kit-source": tarballPath }, action.runnerTemp, {
        cacheStore: action.cacheStore,
        stopAfter: "save",
      }),
      runActionSteps(action.dir, action.project, action.inputs, join(work, "runner-temp-build"), {
        cacheStore: join(work, "actions-cache-build"),
        stopAfter: "save",
      }),
    ]);
    figures.push(`the action's install from its files (builds) ${seconds(checkFirstRun(fromActionFiles, join(work, "runner-temp-build")))}`);
    figures.push(`the action's install of the tarball ${seconds(checkFirstRun(firstRun, action.runnerTemp))}`);
    figures.push(...(await checkAction(action)));
    const fromTarball = join(action.runnerTemp, "pwa-conformance-kit");
    await checkCommand(installedBin(fromTarball), action.project);
    await checkEntryPoints(fromTarball);
    await checkInit(installedBin(fromTarball), action.project);
  } finally {
    // Never leave it writing into a folder about to be removed.
    await gitInstalling;
  }
  const gitInstall = await gitInstalling;
  expect(gitInstall.code === 0, `npm install from the git repository failed (exit ${gitInstall.code}):\n${gitInstall.output}`);
  const gitWarnings = warningsToActOn(gitInstall.output);
  expect(gitWarnings.length === 0, `npm install from the git repository warned:\n${gitWarnings.join("\n")}`);
  figures.push(`git install (builds, in the background) ${seconds(gitInstall.ms)}`);

  const shown = await quietly("version", installedBin(fromGit), ["--version"], fromGit);
  expect(shown.output.trim() === `pwa-conformance-kit ${version}`, `--version of the kit installed from git printed '${shown.output.trim()}'.`);
  figures.push(`check from git ${seconds(await checkOneClause(installedBin(fromGit), fromGit))}`);
  console.log(`[package] OK: ${figures.join("; ")}.`);
}

/**
 * `npm install <the packed kit>` into an empty project, as a user runs it: it succeeds and warns of
 * nothing a user must act on (npmWarnings.ts). Resolves with its time.
 */
async function checkQuietInstall(tarballPath: string, project: string): Promise<number> {
  const installed = await quietly("install the tarball", ...npm("install", "--no-audit", "--no-fund", "--prefer-offline", tarballPath), project);
  expect(installed.code === 0, `npm install of the packed kit failed (exit ${installed.code}):\n${installed.output}`);
  const warnings = warningsToActOn(installed.output);
  expect(warnings.length === 0, `npm install of the packed kit warned:\n${warnings.join("\n")}`);
  return installed.ms;
}

/** `check` of one clause of the kit's own reference app: the installed kit runs a check. Resolves with its time. */
async function checkOneClause(bin: string, project: string): Promise<number> {
  const ran = await quietly("check", bin, ["check", "--report-dir", "one-clause", "--", "--grep", ONE_CLAUSE], project);
  expect(ran.code === 0, `check of the reference (${ONE_CLAUSE.trim()}) exited ${ran.code}:\n${ran.output}`);
  return ran.ms;
}

/** `npm pack` in a fresh clone (no node_modules) must stop at the build, saying what to run. */
async function checkFreshClonePack(bare: string, clone: string): Promise<void> {
  const cloned = await quietly("fresh clone", "git", ["clone", "--quiet", bare, clone], ROOT);
  expect(cloned.code === 0, `git clone of the snapshot failed:\n${cloned.output}`);
  const packed = await quietly("pack in the fresh clone", ...npm("pack"), clone);
  const advice = packed.output.split("\n").find((line) => line.includes(FRESH_CLONE_ADVICE));
  expect(
    packed.code !== 0 && advice !== undefined,
    `npm pack in a fresh clone exited ${packed.code} without saying '${FRESH_CLONE_ADVICE}':\n${packed.output}`,
  );
  console.log(`[package] it says: ${advice.trim()}`);
}

/** The installed command's --version, help and a usage error. */
async function checkCommand(bin: string, project: string): Promise<void> {
  const shown = await quietly("version", bin, ["--version"], project);
  expect(shown.output.trim() === `pwa-conformance-kit ${version}`, `--version printed '${shown.output.trim()}'.`);
  for (const command of ["check", "init", "serve"]) {
    const help = await quietly(`${command} help`, bin, [command, "--help"], project);
    expect(help.code === 0 && help.output.includes(`Usage: pwa-conformance-kit ${command}`), `${command} --help exited ${help.code}:\n${help.output}`);
  }
  const misuse = await quietly("usage error", bin, ["check", "--level", "strictest"], project);
  expect(misuse.code === 2 && misuse.output.includes("--level"), `a bad --level exited ${misuse.code}, not 2:\n${misuse.output}`);
}

/** init from the installed kit against the installed kit's own reference app (serve). */
async function checkInit(bin: string, project: string): Promise<void> {
  const servePort = await freePort();
  const reference = `http://127.0.0.1:${servePort}`;
  const served = await startApp(`"${bin}" serve --port ${servePort} --log-level warn`, `${reference}/app/`, SERVE_TIMEOUT_MS, project);
  let init: Awaited<ReturnType<typeof runCommand>>;
  try {
    console.log(`[package] init against ${reference}/app/`);
    init = await runCommand(bin, ["init", "--target", `${reference}/app/`, "--out", "conformance/reference.profile.json"], {
      cwd: project,
      timeoutMs: INIT_TIMEOUT_MS,
    });
  } finally {
    await served.stop();
  }
  expect(
    init.code === 0,
    `init against the reference exited ${init.code}${init.timedOut ? ` (stopped after ${INIT_TIMEOUT_MS} ms)` : ""}; see its output above.`,
  );
  const profile = loadProfile(join(project, "conformance", "reference.profile.json"));
  expect(profile.basePath === "/app", `init's profile has the base path ${profile.basePath}, not /app.`);
}

interface ActionSetup {
  readonly dir: string;
  readonly project: string;
  readonly inputs: Record<string, string>;
  readonly runnerTemp: string;
  readonly cacheStore: string;
  readonly tarballPath: string;
}

/**
 * The action's files as GitHub downloads them for `uses: …@<ref>` (the snapshot, without .git), and
 * a user's repository to check the second app in.
 */
async function prepareAction(commit: string, bare: string, work: string, tarballPath: string): Promise<ActionSetup> {
  const dir = join(work, "action");
  mkdirSync(dir);
  const archived = await quietly("the action's files", "git", ["--git-dir", bare, "archive", "--output", join(work, "action.tar"), commit], work);
  expect(archived.code === 0, `git archive failed:\n${archived.output}`);
  const extracted = await quietly("the action's files", "tar", ["-xf", join(work, "action.tar"), "-C", dir], work);
  expect(extracted.code === 0, `tar failed:\n${extracted.output}`);
  // The build tools as this clone has them (the same package-lock.json), hard links, in a second:
  // the action's npm install then finds them in place. (npm installing them from nothing into a
  // clone is what the install from git does.)
  const linked = await quietly("the action's build tools", "cp", ["-al", join(ROOT, "node_modules"), join(dir, "node_modules")], work);
  expect(linked.code === 0, `cp -al of node_modules failed:\n${linked.output}`);

  const project = emptyProject(join(work, "project"));
  copyFileSync(join(ROOT, "examples", "second-app", "profile.json"), join(project, "conformance", "profile.json"));
  const built = await quietly("build the second app", ...npm("run", "build:second-app"), ROOT);
  expect(built.code === 0, `npm run build:second-app failed:\n${built.output}`);
  const port = await freePort();
  const start = `"${process.execPath}" --import ${import.meta.resolve("tsx")} "${join(ROOT, "examples", "second-app", "serve.ts")}" --port ${port}`;
  const inputs = { target: `http://127.0.0.1:${port}`, profile: "conformance/profile.json", start, level: "recommended" };
  return { dir, project, inputs, runnerTemp: join(work, "runner-temp"), cacheStore: join(work, "actions-cache"), tarballPath };
}

/**
 * A first job at a ref (`run`, up to the cache save): the cache was empty, the install step
 * installed the kit, runtime dependencies only, into `runnerTemp`, and the save step saved it.
 * Returns the install step's time.
 */
function checkFirstRun(run: ActionRun, runnerTemp: string): number {
  const install = stepOf(run, "install");
  expect(stepOf(run, "cache").outputs["cache-hit"] === "false", "the first run found the kit in an empty cache.");
  expect(install.code === 0, `the action's install step failed (exit ${install.code}); see its output above.`);
  // Not even the advisory on the kit's prepare: the runner's package.json the action writes allows it.
  const warnings = install.printed.split("\n").filter((line) => line.startsWith("npm warn"));
  expect(warnings.length === 0, `the action's install step warned:\n${warnings.join("\n")}`);
  expect(!stepOf(run, "save").skipped, "the first run did not save the kit to the cache.");
  const home = join(runnerTemp, "pwa-conformance-kit");
  expect(existsSync(join(home, "node_modules", "express")), "the action's install has no runtime dependency (express).");
  expect(!existsSync(join(home, "node_modules", "vite")), "the action's install holds the kit's dev dependencies (vite), not its runtime only.");
  return install.ms;
}

/**
 * A later job at the same ref (the tarball's), on a fresh runner: it restores the kit, installs
 * nothing, and checks the second app with it.
 */
async function checkAction(action: ActionSetup): Promise<string[]> {
  rmSync(action.runnerTemp, { recursive: true, force: true });
  rmSync(PACKAGE_RECORDING, { recursive: true, force: true });
  mkdirSync(PACKAGE_RECORDINGS, { recursive: true });
  // The check records what the second app answered (PCK_RECORD_DIR): npm test's replay step checks
  // it again from that HAR with the app stopped (scripts/checkReplay.ts --recorded), one check fewer.
  const run = await runActionSteps(action.dir, action.project, { ...action.inputs, "kit-source": action.tarballPath }, action.runnerTemp, {
    cacheStore: action.cacheStore,
    env: { [ENV.recordDir]: PACKAGE_RECORDINGS },
  });
  expect(stepOf(run, "cache").outputs["cache-hit"] === "true", "the second run did not restore the kit from the cache.");
  expect(stepOf(run, "install").code === 0, "the install step after a cache hit failed; see its output above.");
  expect(stepOf(run, "save").skipped, "the second run saved the kit again.");
  expect(stepOf(run, "chromium").code === 0, "the action's Chromium step failed; see its output above.");
  const check = stepOf(run, "check");
  // 1: a clause failed at the recommended level, as the record says; the step fails the job with it.
  expect(
    check.outputs["exit-code"] === "1" && check.code === 1,
    `the check step exited ${check.code} with output exit-code=${check.outputs["exit-code"]}, not 1.`,
  );
  expect(run.summary.includes("| Clause | Rule | Required | Recommended |"), `the job summary has no verdict table:\n${run.summary}`);
  checkAnnotations(check.annotations, join(action.project, "conformance-report"), action.inputs.profile ?? "");
  expect(
    compareWithRecord("package: second-app", join(action.project, "conformance-report"), join(ROOT, "docs", "second-app.md")) === 0,
    "the installed kit's verdicts differ from the record.",
  );
  // The package ships the checklist page (dist/), and the report puts it beside conformance.html, whose rows link it.
  const reportDir = join(action.project, "conformance-report");
  expect(
    existsSync(join(reportDir, CHECKLIST_PAGE)) && readFileSync(join(reportDir, "conformance.html"), "utf8").includes(`<a href="${CHECKLIST_PAGE}#reg-1">`),
    `the installed kit's report has no ${CHECKLIST_PAGE} beside conformance.html, or its clause rows do not link to it.`,
  );
  mkdirSync(dirname(PACKAGE_VERDICTS), { recursive: true });
  const reportJson = join(reportDir, "conformance.json");
  // A real run's report, as tools read it: the schema the package ships for it must take it.
  const report = ConformanceReport.safeParse(JSON.parse(readFileSync(reportJson, "utf8")));
  expect(report.success, `the installed kit's conformance.json does not fit cli/report/conformance-report.schema.json: ${report.error?.message}`);
  copyFileSync(reportJson, PACKAGE_VERDICTS);
  expect(readKitEnv(run.env).bin !== undefined, `the install step did not export ${ENV.bin}.`);
  return [
    `the action's install from the cache ${seconds(stepOf(run, "install").ms + stepOf(run, "cache").ms)}`,
    `check of the second app ${seconds(check.ms)}`,
  ];
}

/**
 * The check step printed GitHub annotations (the runner stand-in sets GITHUB_ACTIONS=true, as GitHub
 * does): an error on the profile's file for failed clause levels, each a clause the report says
 * failed, and a last line that says the app does not conform. The SARIF log has a failure of each
 * such clause on the same file.
 */
function checkAnnotations(annotations: readonly string[], reportDir: string, profile: string): void {
  const { failed } = (JSON.parse(readFileSync(join(reportDir, "conformance.json"), "utf8")) as { summary: { failed: string[] } }).summary;
  const sarif = JSON.parse(readFileSync(join(reportDir, "conformance.sarif"), "utf8")) as {
    runs: { results: { ruleId: string; kind: string; locations?: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
  };
  const failures = (sarif.runs[0]?.results ?? []).filter((result) => result.kind === "fail");
  expect(
    failed.every((id) => failures.some((result) => result.ruleId.startsWith(`${id}/`))) &&
      failures.every((result) => result.locations?.[0]?.physicalLocation.artifactLocation.uri === profile),
    `conformance.sarif does not hold a failure of each failed clause (${failed.join(", ")}) on ${profile}.`,
  );
  const onProfile = `::error file=${profile},title=`;
  const clauses = annotations.filter((line) => line.startsWith(onProfile) && !line.startsWith(`${onProfile}pwa-conformance-kit::`));
  expect(
    clauses.length > 0 && clauses.every((line) => failed.some((id) => line.startsWith(`${onProfile}${id} `))),
    `the check step's error annotations on ${profile} do not name the failed clauses (${failed.join(", ")}):\n${annotations.join("\n")}`,
  );
  expect(
    annotations.at(-1)?.startsWith(`${onProfile}pwa-conformance-kit::Does not conform at the recommended level`) === true,
    `the check step's last annotation is not the summary:\n${annotations.join("\n")}`,
  );
}

function stepOf(run: ActionRun, id: string) {
  const step = run.steps.find((result) => result.id === id);
  expect(step !== undefined, `the action ran no step with id '${id}' (it stops at the first that fails; see the output above).`);
  return step;
}

/**
 * The package's public entry points (package.json `exports`), from a project that installed it: the
 * typed control client and the CLI as a function import with their types beside them; any other
 * path of the package is refused by Node.
 */
async function checkEntryPoints(home: string): Promise<void> {
  const probe = `
    const client = await import("pwa-conformance-kit");
    const cli = await import("pwa-conformance-kit/cli");
    let deep = "imported";
    try { await import("pwa-conformance-kit/lib/cli/check.js"); } catch (error) { deep = error.code; }
    console.log(JSON.stringify({ client: typeof client.createControlClient, cli: typeof cli.runCli, deep }));`;
  const ran = await quietly("entry points", process.execPath, ["--input-type=module", "-e", probe], home);
  const seen = ran.output.trim().split("\n").at(-1) ?? "";
  expect(
    seen === JSON.stringify({ client: "function", cli: "function", deep: "ERR_PACKAGE_PATH_NOT_EXPORTED" }),
    `the package's entry points are not what package.json exports: ${ran.output.trim()}`,
  );
  const manifest = JSON.parse(readFileSync(join(home, "node_modules", "pwa-conformance-kit", "package.json"), "utf8")) as {
    exports: Record<string, string | { types?: string }>;
  };
  for (const [entry, target] of Object.entries(manifest.exports)) {
    if (typeof target === "string") continue;
    expect(
      target.types !== undefined && existsSync(join(home, "node_modules", "pwa-conformance-kit", target.types)),
      `the entry point ${entry} has no types in the package.`,
    );
  }
}

stopWhenOrphaned();
const work = mkdtempSync(join(tmpdir(), "pck-package-"));
try {
  await checkPackage(work);
} catch (error) {
  if (!(error instanceof CheckFailed || error instanceof SnapshotError)) throw error;
  console.error(`[package] Failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
