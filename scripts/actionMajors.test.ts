import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { KIT_ROOT } from "../kit/kitPaths.ts";
import { ACTION_MAJORS, problemOf, usesOf } from "./actionMajors.ts";
import { onlyCode } from "./docs/markdown.ts";

const filesIn = (folder: string, ending: RegExp) =>
  readdirSync(join(KIT_ROOT, folder))
    .filter((name) => ending.test(name))
    .map((name) => `${folder}/${name}`);

/** Every workflow and action of the repository, and the docs' YAML, which users copy. */
const WORKFLOWS = [
  { file: "action.yml", userFacing: true },
  ...filesIn("examples/github-workflow", /\.ya?ml$/).map((file) => ({ file, userFacing: true })),
  ...filesIn(".github/workflows", /\.ya?ml$/).map((file) => ({ file, userFacing: false })),
  ...["README.md", ...filesIn("docs", /\.md$/)].map((file) => ({ file, userFacing: true })),
];

function yamlOf(file: string): string {
  const text = readFileSync(join(KIT_ROOT, file), "utf8");
  return file.endsWith(".md") ? onlyCode(text, "yaml") : text;
}

test("the action, the workflows and the docs' YAML use no retired action major, the kit's action at a release tag, setup-node with Node 24 or 22", () => {
  const found = WORKFLOWS.flatMap(({ file, userFacing }) =>
    usesOf(yamlOf(file)).map((uses) => ({ uses, where: `${file}:${uses.line}`, problem: problemOf(uses, userFacing) })),
  );
  const problems = found.flatMap(({ where, problem }) => (problem === undefined ? [] : [`${where}: ${problem}`]));
  expect(problems).toEqual([]);
  // The reading found what is there: each of GitHub's actions the kit's files use, and the kit's own.
  const used = new Set(found.map(({ uses }) => uses.repository));
  expect([...used].sort()).toEqual(
    [
      "actions/cache",
      "actions/checkout",
      "actions/download-artifact",
      "actions/setup-node",
      "actions/upload-artifact",
      "github/codeql-action",
      "pwa-conformance-kit/pwa-conformance-kit",
    ].sort(),
  );
});

describe("usesOf and problemOf", () => {
  const workflow = [
    "jobs:",
    "  check:",
    "    steps:",
    "      - uses: actions/checkout@v4",
    "      - name: Node",
    "        uses: actions/setup-node@v7",
    "        with:",
    "          node-version: 20",
    "      - uses: pwa-conformance-kit/pwa-conformance-kit@main",
    "      - uses: actions/cache/restore@v4.2.0",
    "      - uses: actions/upload-artifact@v5",
    "      - uses: actions/download-artifact@0123456789abcdef0123456789abcdef01234567",
    "#   - uses: actions/setup-node@v7",
    "#     with: { node-version: '24' }",
  ].join("\n");
  const problems = usesOf(workflow).map((uses) => [uses.line, uses.action, problemOf(uses, true)?.split(/[;:]/)[0]]);

  test("names the line, the action and why for each retired major, branch and Node version", () => {
    expect(problems).toEqual([
      [4, "actions/checkout", "actions/checkout@v4 is retired"],
      [6, "actions/setup-node", "actions/setup-node installs Node 20"],
      [9, "pwa-conformance-kit/pwa-conformance-kit", "pwa-conformance-kit/pwa-conformance-kit@main follows a branch or commit a user cannot rely on"],
      [10, "actions/cache/restore", "actions/cache/restore@v4.2.0 is retired"],
      [11, "actions/upload-artifact", "actions/upload-artifact@v5 is retired"],
      // A commit pin says no major: not judged.
      [12, "actions/download-artifact", undefined],
      // An example in a comment is read as the YAML it shows.
      [13, "actions/setup-node", undefined],
    ]);
  });

  test("lets this repository's own CI follow the kit at a branch", () => {
    const [kit] = usesOf("- uses: pwa-conformance-kit/pwa-conformance-kit@main");
    expect(kit && problemOf(kit, false)).toBeUndefined();
  });

  test("passes each action's current major", () => {
    for (const [action, { current }] of Object.entries(ACTION_MAJORS)) {
      const [uses] = usesOf(`- uses: ${action}@v${current}\n  with: { node-version: 24 }`);
      expect(uses && problemOf(uses, true)).toBeUndefined();
    }
  });
});
