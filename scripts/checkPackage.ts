/**
 * `npm run check:package`: the kit as a user gets it. Packs this repository (`npm pack`, which
 * builds lib/ and dist/), then, in an empty project outside the clone, runs the steps of the
 * repository's own GitHub Action (action.yml) on this machine: install the tarball, find Chromium,
 * `pwa-conformance-kit check --start …` of the second app, whose verdicts must match
 * docs/second-app.md. Then the installed command's --version, help and a usage error, and `init`
 * against the installed kit's own reference app (`serve`), whose profile must validate. Prints the
 * packed size, the install time and the check's wall time. Exit 0 when all of it holds.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadProfile } from "../cli/profile/loadProfile.ts";
import { startApp } from "../cli/startApp.ts";
import { ENV, readKitEnv } from "../kit/env.mjs";
import { freePort } from "../kit/freePort.ts";
import { KIT_ROOT } from "../kit/kitPaths.ts";
import { runActionSteps } from "./actionSteps.ts";
import { compareWithRecord } from "./exampleApps/checkRecordedApp.ts";
import { npm, runCommand, seconds, stopWhenOrphaned } from "./runCommand.mjs";

const ROOT = KIT_ROOT;
const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
/** npm pack builds the app and lib/ (seconds); generous for a busy CI machine. */
const PACK_TIMEOUT_MS = 300_000;
/** The installed mock server starts in about a second; generous for a busy CI machine. */
const SERVE_TIMEOUT_MS = 30_000;
/** init takes about 6 s on the reference; a hang must end the check, not stall it. */
const INIT_TIMEOUT_MS = 120_000;

class CheckFailed extends Error {}

function expect(condition: boolean, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

async function quietly(label: string, command: string, args: string[], cwd: string) {
  console.log(`[package] ${label}: ${[command, ...args].join(" ")}`);
  return runCommand(command, args, { cwd, quiet: true, timeoutMs: PACK_TIMEOUT_MS });
}

async function checkPackage(work: string): Promise<void> {
  const packed = await quietly("pack", ...npm("pack", "--pack-destination", work), ROOT);
  expect(packed.code === 0, `npm pack failed (exit ${packed.code}):\n${packed.output}`);
  const tarball = readdirSync(work).find((name) => name.endsWith(".tgz"));
  expect(tarball !== undefined, `npm pack wrote no tarball in ${work}.`);
  const tarballPath = join(work, tarball);
  const packedKb = statSync(tarballPath).size / 1024;

  // The user's repository: their app's profile in it, nothing of the kit's.
  const project = join(work, "project");
  mkdirSync(join(project, "conformance"), { recursive: true });
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "kit-user", private: true }, null, 2)}\n`);
  copyFileSync(join(ROOT, "examples", "second-app", "profile.json"), join(project, "conformance", "profile.json"));

  const built = await quietly("build the second app", ...npm("run", "build:second-app"), ROOT);
  expect(built.code === 0, `npm run build:second-app failed:\n${built.output}`);
  const port = await freePort();
  const start = `"${process.execPath}" --import ${import.meta.resolve("tsx")} "${join(ROOT, "examples", "second-app", "serve.ts")}" --port ${port}`;

  const run = await runActionSteps(
    ROOT,
    project,
    {
      target: `http://127.0.0.1:${port}`,
      profile: "conformance/profile.json",
      start,
      level: "recommended",
      "kit-tarball": tarballPath,
    },
    join(work, "runner-temp"),
  );
  const [install, , check] = run.steps;
  expect(install?.code === 0, `the action's install step failed (exit ${install?.code}); see its output above.`);
  expect(run.steps[1]?.code === 0, `the action's Chromium step failed (exit ${run.steps[1]?.code}); see its output above.`);
  expect(check !== undefined, "the action has no check step.");
  // 1: a clause failed at the recommended level, as the record says; the step fails the job with it.
  expect(
    check.outputs["exit-code"] === "1" && check.code === 1,
    `the check step exited ${check.code} with output exit-code=${check.outputs["exit-code"]}, not 1.`,
  );
  expect(run.summary.includes("| Clause | Rule | Required | Recommended |"), `the job summary has no verdict table:\n${run.summary}`);
  expect(
    compareWithRecord("package: second-app", join(project, "conformance-report"), join(ROOT, "docs", "second-app.md")) === 0,
    "the installed kit's verdicts differ from the record.",
  );

  const { bin } = readKitEnv(run.env);
  expect(bin !== undefined, `the install step did not export ${ENV.bin}.`);
  const shown = await quietly("version", bin, ["--version"], project);
  expect(shown.output.trim() === `pwa-conformance-kit ${version}`, `--version printed '${shown.output.trim()}'.`);
  for (const command of ["check", "init", "serve"]) {
    const help = await quietly(`${command} help`, bin, [command, "--help"], project);
    expect(help.code === 0 && help.output.includes(`Usage: pwa-conformance-kit ${command}`), `${command} --help exited ${help.code}:\n${help.output}`);
  }
  const misuse = await quietly("usage error", bin, ["check", "--level", "strictest"], project);
  expect(misuse.code === 2 && misuse.output.includes("--level"), `a bad --level exited ${misuse.code}, not 2:\n${misuse.output}`);

  await checkEntryPoints(join(work, "runner-temp", "pwa-conformance-kit"));

  // init from the installed kit against the installed kit's own reference app (serve).
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

  console.log(
    `[package] OK: packed ${packedKb.toFixed(0)} kB; install ${seconds(install.ms)}; check of the second app ${seconds(check.ms)} (wall, with --start).`,
  );
}

/**
 * The package's public entry points (package.json `exports`), from where the action installed it:
 * the typed control client and the CLI as a function import with their types beside them; any
 * other path of the package is refused by Node.
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
  if (!(error instanceof CheckFailed)) throw error;
  console.error(`[package] Failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
