/** The suite's real test titles, as Playwright lists them (loops and describe blocks expanded). */
import { execFileSync } from "node:child_process";
import { relative } from "node:path";
import type { ListedTest } from "./checklist.ts";

interface JsonSpec {
  readonly title: string;
  readonly file: string;
  readonly tags?: readonly string[];
}
interface JsonSuite {
  readonly title: string;
  readonly specs?: readonly JsonSpec[];
  readonly suites?: readonly JsonSuite[];
}

function collect(suite: JsonSuite, parents: readonly string[], out: ListedTest[], root: string, testDir: string): void {
  const path = suite.title && !suite.title.endsWith(".ts") ? [...parents, suite.title] : parents;
  for (const spec of suite.specs ?? []) {
    out.push({
      file: relative(root, `${testDir}/${spec.file}`),
      title: [...path, spec.title].join(" › "),
      // The JSON report lists tags without their '@'.
      tags: (spec.tags ?? []).map((tag) => (tag.startsWith("@") ? tag : `@${tag}`)),
    });
  }
  for (const child of suite.suites ?? []) collect(child, path, out, root, testDir);
}

/** `env`: the listing's environment (e.g. PCK_TARGET, which leaves out the kit's own specs); the process's by default. */
export function listTests(root: string, extraArgs: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): ListedTest[] {
  const output = execFileSync("npx", ["playwright", "test", "--list", "--reporter=json", ...extraArgs], {
    cwd: root,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(output) as { config: { rootDir: string }; suites: JsonSuite[] };
  const tests: ListedTest[] = [];
  for (const suite of report.suites) collect(suite, [], tests, root, report.config.rootDir);
  return tests;
}
