import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, vi } from "vitest";
import { runActionSteps } from "./actionSteps.ts";

/** Builds a file in the runner's temp folder unless restored, as action.yml builds the kit. */
const CACHED_BUILD = `
inputs:
  word: { required: false, default: made }
runs:
  using: composite
  steps:
    - id: restore
      uses: actions/cache/restore@v6
      with: { path: "\${{ runner.temp }}/thing", key: "thing-\${{ inputs.word }}" }
    - id: make
      if: steps.restore.outputs.cache-hit != 'true'
      shell: bash
      env: { WORD: "\${{ inputs.word }}" }
      run: mkdir -p "$RUNNER_TEMP/thing" && echo "$WORD" > "$RUNNER_TEMP/thing/file"
    - id: save
      if: \${{ steps.restore.outputs.cache-hit != 'true' }}
      uses: actions/cache/save@v6
      with: { path: "\${{ runner.temp }}/thing", key: "thing-\${{ inputs.word }}" }
    - id: read
      shell: bash
      env: { HIT: "\${{ steps.restore.outputs.cache-hit }}" }
      run: echo "seen=$(cat "$RUNNER_TEMP/thing/file") hit=$HIT" >> "$GITHUB_OUTPUT"
`;

function action(yaml: string): string {
  const dir = mkdtempSync(join(tmpdir(), "pck-action-"));
  writeFileSync(join(dir, "action.yml"), yaml);
  return dir;
}

test("a cache miss runs the if-guarded steps and saves; a later run on a fresh runner restores and skips them", async () => {
  const dir = action(CACHED_BUILD);
  const cacheStore = join(dir, "store");
  const first = await runActionSteps(dir, dir, {}, join(dir, "temp-1"), { cacheStore });
  expect(first.steps.map((step) => [step.id, step.skipped, step.code])).toEqual([
    ["restore", false, 0],
    ["make", false, 0],
    ["save", false, 0],
    ["read", false, 0],
  ]);
  expect(first.steps[3]?.outputs.seen).toBe("made hit=false");

  const second = await runActionSteps(dir, dir, {}, join(dir, "temp-2"), { cacheStore });
  expect(second.steps.map((step) => [step.id, step.skipped])).toEqual([
    ["restore", false],
    ["make", true],
    ["save", true],
    ["read", false],
  ]);
  expect(second.steps[3]?.outputs.seen).toBe("made hit=true");

  const otherKey = await runActionSteps(dir, dir, { word: "other" }, join(dir, "temp-3"), { cacheStore, stopAfter: "restore" });
  expect(otherKey.steps.map((step) => [step.id, step.outputs["cache-hit"]])).toEqual([["restore", "false"]]);
});

test("refuses what it cannot stand in for: another action, an if it cannot read, actions/cache without a store", async () => {
  const steps = (step: string) => `runs:\n  using: composite\n  steps:\n${step}\ninputs: {}\n`;
  await expect(runActionSteps(action(steps("    - uses: actions/setup-node@v7")), "/", {}, tmpdir(), { cacheStore: "/x" })).rejects.toThrow(
    /can run only actions\/cache/,
  );
  await expect(runActionSteps(action(steps("    - if: success()\n      shell: bash\n      run: true")), "/", {}, tmpdir())).rejects.toThrow(/cannot evaluate/);
  await expect(runActionSteps(action(CACHED_BUILD), "/", {}, mkdtempSync(join(tmpdir(), "pck-temp-")))).rejects.toThrow(/cacheStore/);
});

const ANNOTATING = `
inputs: {}
runs:
  using: composite
  steps:
    - id: check
      shell: bash
      run: |
        echo "GITHUB_ACTIONS=$GITHUB_ACTIONS"
        echo "::error file=conformance/profile.json,title=NAV-1 required failed::stored nothing"
        echo "::warning::slow"
        echo "not ::error at the start"
`;

test("a step runs with GITHUB_ACTIONS=true and its annotation lines are read; under a real runner they are not GitHub's", async () => {
  const dir = action(ANNOTATING);
  const printed: string[] = [];
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    printed.push(String(chunk));
    return true;
  });
  const saved = process.env.GITHUB_ACTIONS;
  process.env.GITHUB_ACTIONS = "true";
  let run: Awaited<ReturnType<typeof runActionSteps>>;
  try {
    run = await runActionSteps(dir, dir, {}, join(dir, "temp"));
  } finally {
    write.mockRestore();
    if (saved === undefined) delete process.env.GITHUB_ACTIONS;
    else process.env.GITHUB_ACTIONS = saved;
  }
  expect(run.steps[0]?.annotations).toEqual(["::error file=conformance/profile.json,title=NAV-1 required failed::stored nothing", "::warning::slow"]);
  const lines = printed.join("").split("\n");
  expect(lines).toContain("GITHUB_ACTIONS=true");
  // The step's commands are shown between a stop-commands line and the line that resumes them.
  const stop = lines.findIndex((line) => line.startsWith("::stop-commands::"));
  const token = lines[stop]?.slice("::stop-commands::".length);
  const error = lines.findIndex((line) => line.startsWith("::error "));
  expect(stop).toBeGreaterThan(-1);
  expect(stop).toBeLessThan(error);
  expect(lines.indexOf(`::${token}::`)).toBeGreaterThan(error);
});

test("keeps what each step printed", async () => {
  const dir = action(
    "inputs: {}\nruns:\n  using: composite\n  steps:\n    - { id: loud, shell: bash, run: echo kept }\n    - { id: other, shell: bash, run: echo shown }\n",
  );
  const run = await runActionSteps(dir, dir, {}, join(dir, "temp"));
  expect(run.steps.map((step) => [step.id, step.printed])).toEqual([
    ["loud", "kept\n"],
    ["other", "shown\n"],
  ]);
});
