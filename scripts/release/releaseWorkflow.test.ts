/**
 * .github/workflows/release.yml does what docs/versioning.md says a release does, with the script
 * npm test dry-runs: on a release tag, npm test first, then scripts/release.ts publishing with the
 * permissions trusted publishing needs and no token, then the line tag it printed moved and the
 * GitHub release made from the notes it wrote.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parse } from "yaml";
import { kitPath } from "../../kit/kitPaths.ts";

interface Step {
  readonly id?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Readonly<Record<string, unknown>>;
  readonly env?: Readonly<Record<string, string>>;
}
interface Job {
  readonly needs?: string;
  readonly permissions?: Readonly<Record<string, string>>;
  readonly steps: readonly Step[];
}
const workflow = parse(readFileSync(kitPath(".github", "workflows", "release.yml"), "utf8")) as {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: { test: Job; publish: Job };
};
const { test: testJob, publish } = workflow.jobs;
const runs = (job: Job) => job.steps.flatMap((step) => (step.run === undefined ? [] : [step.run]));

test("runs on a pushed release tag only, reading the repository unless a job needs more", () => {
  expect(workflow.on).toEqual({ push: { tags: ["v*.*.*"] } });
  expect(workflow.permissions).toEqual({ contents: "read" });
});

test("publishes only after everything CI runs passed", () => {
  expect(runs(testJob)).toContain("npm test");
  expect(publish.needs).toBe("test");
});

test("publishes with scripts/release.ts, with the permissions of trusted publishing and no token", () => {
  expect(publish.permissions).toEqual({ contents: "write", "id-token": "write" });
  const release = publish.steps.find((step) => step.id === "release");
  expect(release?.run).toMatch(/^node --import tsx scripts\/release\.ts --tag "\$GITHUB_REF_NAME" --publish --notes-out "(\$RUNNER_TEMP\/[\w.-]+)"$/);
  const setupNode = publish.steps.find((step) => step.uses?.startsWith("actions/setup-node@"));
  expect(setupNode?.with).toEqual({ "node-version": 24 });
  expect(JSON.stringify(publish)).not.toMatch(/NODE_AUTH_TOKEN|NPM_TOKEN|registry-url/);
});

test("moves the line tag the script printed and makes the release from the notes it wrote", () => {
  const release = publish.steps.find((step) => step.id === "release");
  const notes = /--notes-out "([^"]+)"/.exec(release?.run ?? "")?.[1];
  const after = publish.steps.slice(publish.steps.indexOf(release as Step) + 1);
  expect(after.find((step) => step.run?.includes("git push --force origin"))?.env).toEqual({
    LINE_TAG: expect.stringMatching(/^\$\{\{ steps\.release\.outputs\.line-tag \}\}$/),
  });
  expect(after.find((step) => step.run?.startsWith("gh release create"))?.run).toContain(`--notes-file "${notes}"`);
});
