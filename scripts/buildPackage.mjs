// @ts-check
// package.json's `prepare`, which npm runs before `npm pack` and `npm publish`, when the kit is
// installed from its git repository (after installing the repository's dev dependencies in its
// clone) and after a plain `npm install` or `npm ci` here: builds what the package ships, dist/
// (the reference app) and lib/ (the compiled CLI, suite and mock server), lib/ from scratch so no
// file of a removed source is packed. Node built-ins only: in a fresh clone it runs before anything
// is installed, and must then say what to run rather than fail with a bare "code 127".
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { KIT_ROOT } from "../kit/root.mjs";
import { npm, runCommand } from "./runCommand.mjs";

/** The build's own tools (package.json `build:package`), both dev dependencies. */
const TOOLS = ["vite", "tsc"];

const missing = TOOLS.filter((tool) => !existsSync(join(KIT_ROOT, "node_modules", ".bin", tool)));
if (missing.length > 0) {
  console.error(
    `pwa-conformance-kit: building the package needs its dev dependencies (${missing.join(" and ")} are not installed in ${KIT_ROOT}); run \`npm ci\` there first, then this command again.`,
  );
  process.exit(1);
}
rmSync(join(KIT_ROOT, "lib"), { recursive: true, force: true });
const [command, args] = npm("run", "build:package");
process.exitCode = (await runCommand(command, args, { cwd: KIT_ROOT })).code;
