/**
 * `node --import tsx scripts/release.ts --tag v<version> [--tarball <file>] [--publish] [--notes-out <file>]`:
 * the release, as .github/workflows/release.yml runs it on a pushed tag and `npm test` dry-runs it
 * (scripts/checkPackage.ts, on the tarball it packed). Checks the tag against package.json's
 * version, takes CHANGELOG.md's section for it (written to --notes-out, the GitHub release's notes),
 * packs the kit unless given the tarball, checks the tarball's file list against package.json's
 * `files`, `bin` and `exports`, then publishes that very tarball with provenance (`--publish`; npm
 * trusted publishing from GitHub Actions, no token) or dry-runs the publish. Prints the tag the
 * action's users follow (releaseChecks.ts lineTag), and writes it to GITHUB_OUTPUT as `line-tag`.
 */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { KIT_ROOT } from "../kit/kitPaths.ts";
import { changelogSection, lineTag, type Manifest, packedFilesProblems, tagProblem } from "./release/releaseChecks.ts";
import { npm, runCommand } from "./runCommand.mjs";

/** npm's trusted publishing (OIDC from GitHub Actions) needs npm 11.5.1 or newer (docs.npmjs.com, "Trusted publishing"). */
const TRUSTED_PUBLISHING_NPM = [11, 5, 1] as const;
/** npm pack builds the app and lib/ (seconds); generous for a busy CI machine. */
const PACK_TIMEOUT_MS = 300_000;
/** A dry-run publish asks the registry nothing that takes long; a real one uploads about 0.7 MB and signs provenance. */
const PUBLISH_TIMEOUT_MS = 300_000;
/** What `npm publish --dry-run` may warn of: the registry login is the workflow's, not this check's. */
const EXPECTED_WARNING = /requires you to be logged in|Unknown (user|env|global) config/;

export class ReleaseError extends Error {}

export interface ReleaseOptions {
  readonly tag: string;
  /** The packed kit to release; packed here when absent. */
  readonly tarball?: string;
  readonly publish: boolean;
  /** Where CHANGELOG.md's section for the version goes (the GitHub release's notes). */
  readonly notesOut?: string;
}

function fail(message: string): never {
  throw new ReleaseError(message);
}

const atLeast = (version: string, wanted: readonly number[]) => {
  const parts = version.split(".").map(Number);
  for (const [index, want] of wanted.entries()) {
    const have = parts[index] ?? 0;
    if (have !== want) return have > want;
  }
  return true;
};

async function pack(into: string): Promise<string> {
  const packed = await runCommand(...npm("pack", "--pack-destination", into), { cwd: KIT_ROOT, quiet: true, timeoutMs: PACK_TIMEOUT_MS });
  if (packed.code !== 0) fail(`npm pack exited ${packed.code}:\n${packed.output}`);
  const tarball = readdirSync(into).find((name) => name.endsWith(".tgz"));
  return tarball ? join(into, tarball) : fail(`npm pack wrote no tarball in ${into}.`);
}

/**
 * What npm's trusted publishing needs of the publishing job (docs.npmjs.com, "Trusted publishing"):
 * npm 11.5.1 or newer, no token configured (npm uses a token first, and setup-node's registry-url
 * writes a placeholder one: actions/setup-node#1551), and package.json naming the repository that
 * publishes, which provenance records.
 */
async function checkPublisher(manifest: { repository?: { url?: string } }): Promise<void> {
  const shown = await runCommand(...npm("--version"), { cwd: KIT_ROOT, quiet: true });
  const npmVersion = shown.output.trim();
  if (!atLeast(npmVersion, TRUSTED_PUBLISHING_NPM))
    fail(`npm ${npmVersion} cannot publish through trusted publishing, which needs npm ${TRUSTED_PUBLISHING_NPM.join(".")} or newer: use Node 24's npm.`);
  if (process.env.NODE_AUTH_TOKEN)
    fail("NODE_AUTH_TOKEN is set, so npm would publish with that token instead of trusted publishing: give setup-node no registry-url and the job no token.");
  const repository = process.env.GITHUB_REPOSITORY;
  if (repository !== undefined && !manifest.repository?.url?.includes(`github.com/${repository}.git`))
    fail(
      `package.json's repository.url (${manifest.repository?.url}) does not name ${repository}, the repository publishing: npm's trusted publishing and provenance need the two to match.`,
    );
}

/** Runs every check of a release, then publishes it or dry-runs the publish; resolves with the tag to move. */
export async function release(options: ReleaseOptions): Promise<string> {
  const manifest = JSON.parse(readFileSync(join(KIT_ROOT, "package.json"), "utf8")) as Manifest & { repository?: { url?: string } };
  const problem = tagProblem(options.tag, manifest.version);
  if (problem) fail(problem);
  const notes = changelogSection(readFileSync(join(KIT_ROOT, "CHANGELOG.md"), "utf8"), manifest.version);
  if (notes === null) fail(`CHANGELOG.md has no section for ${manifest.version}: add '## [${manifest.version}] - <date>' with what a user notices.`);
  if (options.notesOut) writeFileSync(options.notesOut, `${notes}\n`);

  const work = mkdtempSync(join(tmpdir(), "pck-release-"));
  try {
    const tarball = options.tarball ?? (await pack(work));
    const listed = await runCommand("tar", ["-tzf", tarball], { quiet: true });
    if (listed.code !== 0) fail(`tar -tzf ${tarball} exited ${listed.code}:\n${listed.output}`);
    const files = listed.output.split("\n").filter((line) => line !== "");
    const wrong = packedFilesProblems(files, manifest);
    if (wrong.length > 0) fail(`the tarball is not what package.json's files promise:\n  - ${wrong.join("\n  - ")}`);
    console.log(
      `[release] ${options.tag}: the changelog has its section (${notes.split("\n").length} lines); the tarball holds the ${files.length} files package.json promises.`,
    );

    if (options.publish) await checkPublisher(manifest);
    // The dry run asks the registry nothing it needs (it is logged in to none): --offline keeps npm
    // test's step off the network; without it an unreachable registry costs npm's retries (77 s seen).
    const args = ["publish", tarball, "--provenance", "--access", "public", ...(options.publish ? [] : ["--dry-run", "--offline"])];
    const published = await runCommand(...npm(...args), { cwd: KIT_ROOT, quiet: !options.publish, timeoutMs: PUBLISH_TIMEOUT_MS });
    const warnings = published.output.split("\n").filter((line) => /^npm warn/.test(line) && !EXPECTED_WARNING.test(line));
    if (published.code !== 0 || warnings.length > 0)
      fail(`npm ${args.join(" ")} exited ${published.code}${warnings.length ? `, warning:\n${warnings.join("\n")}` : `:\n${published.output}`}`);
    console.log(`[release] npm ${args.join(" ")}: ${options.publish ? "published" : "would publish"} pwa-conformance-kit@${manifest.version}.`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const line = lineTag(manifest.version);
  console.log(`[release] the action's tag to move to this release: ${line}`);
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `line-tag=${line}\n`);
  return line;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { tag: { type: "string" }, tarball: { type: "string" }, publish: { type: "boolean" }, "notes-out": { type: "string" } },
  });
  try {
    if (values.tag === undefined) fail("--tag is required: the release's tag, e.g. --tag v0.1.0.");
    await release({
      tag: values.tag,
      publish: values.publish ?? false,
      ...(values.tarball === undefined ? {} : { tarball: values.tarball }),
      ...(values["notes-out"] === undefined ? {} : { notesOut: values["notes-out"] }),
    });
  } catch (error) {
    if (!(error instanceof ReleaseError)) throw error;
    console.error(`[release] Failed: ${error.message}`);
    process.exitCode = 1;
  }
}
