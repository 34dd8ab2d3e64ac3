/**
 * The clone's working tree as a git repository to install the kit from, as a user installs from
 * GitHub: one commit of every file git would add (edits not yet committed and new files not
 * ignored included, so `npm test` checks what is on disk), written through a throwaway index so the
 * clone's own index, branches and HEAD stay as they are, and pushed to a new bare repository.
 */
import { join } from "node:path";
import { runCommand } from "./runCommand.mjs";

export class SnapshotError extends Error {}

/** Makes the bare repository `bare` with the snapshot as its `main`; resolves with the commit's id. */
export async function snapshotRepository(root: string, bare: string, scratch: string): Promise<string> {
  const env = {
    ...process.env,
    GIT_INDEX_FILE: join(scratch, "snapshot-index"),
    GIT_AUTHOR_NAME: "pwa-conformance-kit check:package",
    GIT_AUTHOR_EMAIL: "check-package@localhost",
    GIT_COMMITTER_NAME: "pwa-conformance-kit check:package",
    GIT_COMMITTER_EMAIL: "check-package@localhost",
  };
  const git = async (args: string[], cwd = root): Promise<string> => {
    const ran = await runCommand("git", args, { cwd, env, quiet: true });
    if (ran.notFound) throw new SnapshotError("git is not installed; installing the kit from its git repository needs it (apt-get install git).");
    if (ran.code !== 0) throw new SnapshotError(`git ${args.join(" ")} failed (exit ${ran.code}) in ${cwd}:\n${ran.output}`);
    return ran.output.trim();
  };
  const inside = await runCommand("git", ["rev-parse", "--is-inside-work-tree"], { cwd: root, quiet: true });
  if (inside.code !== 0 || inside.output.trim() !== "true")
    throw new SnapshotError(`${root} is not a git clone, so the install from the git repository cannot be checked; run npm test in a clone.`);
  await git(["read-tree", "HEAD"]);
  await git(["add", "--all"]);
  const tree = await git(["write-tree"]);
  const commit = await git(["commit-tree", tree, "-p", "HEAD", "-m", "The working tree, for check:package"]);
  await git(["init", "--quiet", "--bare", "--initial-branch=main", bare], scratch);
  await git(["push", "--quiet", bare, `${commit}:refs/heads/main`]);
  return commit;
}
