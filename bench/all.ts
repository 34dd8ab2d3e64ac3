/**
 * `npm run bench`: every benchmark, one after the other so none competes with another for the
 * machine, continuing past a missed goal; exits 1 if any of them failed or missed a goal it gates on.
 */
import { npm, runCommand } from "../scripts/runCommand.mjs";
import { ROOT } from "./internal/bundleSize.ts";

const BENCHMARKS = ["bench:size", "bench:nav", "bench:suite", "bench:throughput"] as const;

const failed: string[] = [];
for (const name of BENCHMARKS) {
  console.log(`\n[bench] npm run ${name}`);
  const [command, args] = npm("run", "--silent", name);
  const { code } = await runCommand(command, args, { cwd: ROOT });
  if (code !== 0) failed.push(`${name} (exit code ${code})`);
}
console.log(`\n[bench] ${failed.length === 0 ? "all ran" : `failed: ${failed.join(", ")}`}`);
if (failed.length > 0) process.exitCode = 1;
