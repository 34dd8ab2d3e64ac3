// @ts-check
// `npm start`: install what is missing, build the app and its worker, then run the mock server in
// the foreground with the command line passed through (`npm start -- --port 5000`, `-- --help`).
// The server prints its URL; Ctrl-C or SIGTERM stops it and this exits with its code.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDeps, nodeSatisfies, ROOT } from "./ensureDeps.mjs";
import { npm, runCommand, stopWhenOrphaned } from "./runCommand.mjs";
import { runOnNode, TESTED_NODE } from "./testedNode.mjs";

const SERVE = fileURLToPath(new URL("../mock-server/process/serve.mjs", import.meta.url));

/** @returns {Promise<number>} the exit code */
async function start() {
  const args = process.argv.slice(2);
  if (!(await ensureDeps("[start]"))) return 1;

  // Always build: it takes about a second, and a freshness check on modification times would miss
  // inputs outside src/ and sw/ (vite.config.ts, upgraded packages) and be fooled by `git checkout`,
  // which leaves old times on changed files. Help and the version need no build.
  if (!args.some((arg) => ["--help", "-h", "--version"].includes(arg))) {
    console.log("[start] building the app and its worker (npm run build)…");
    const [cmd, cmdArgs] = npm("run", "build");
    const build = await runCommand(cmd, cmdArgs, { cwd: ROOT, quiet: true });
    if (build.code !== 0) {
      process.stderr.write(build.output);
      console.error(`[start] Failed to build: npm run build exited with code ${build.code}. Fix the error above, then run npm start again.`);
      return build.code;
    }
  }

  // IPC lets the server notice if this process is killed outright, so it never outlives `npm start`.
  const server = await runCommand(process.execPath, [SERVE, ...args], { cwd: ROOT, ipc: true });
  return server.code;
}

stopWhenOrphaned();
// On a Node that package.json's engines does not name (Node 20 is past its end of life), this
// script runs again on Node 24, fetched from the npm registry as npm test does.
const { engines } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const reran = nodeSatisfies(engines?.node, process.versions.node) ? undefined : await runOnNode(TESTED_NODE, "[start]");
process.exitCode = reran ?? (await start());
