/**
 * Runs a composite action's `run` steps on this machine the way a GitHub runner does: each step's
 * script in `bash --noprofile --norc -eo pipefail`, `${{ inputs.* }}`, `${{ steps.*.outputs.* }}`
 * and `${{ runner.temp }}` filled in, an `if:` comparing a step's output with a string honoured,
 * GITHUB_ENV lines carried into later steps, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY written to files,
 * GITHUB_ACTIONS=true, and the annotations each step printed (its `::error`, `::warning` and
 * `::notice` lines) read from its output.
 * Of the `uses` steps, only actions/cache/restore and actions/cache/save run, each as a stand-in
 * (cacheStandIn.ts) that keeps caches in a local folder; any other is refused, since a local run
 * cannot honestly stand in for it.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { runCacheStandIn } from "./cacheStandIn.ts";
import { runCommand } from "./runCommand.mjs";

interface ActionStep {
  readonly name?: string;
  readonly id?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly with?: Record<string, string>;
  readonly if?: string;
  readonly shell?: string;
  readonly env?: Record<string, string>;
  readonly "working-directory"?: string;
}

interface Action {
  readonly inputs: Record<string, { readonly default?: string; readonly required?: boolean }>;
  readonly runs: { readonly using: string; readonly steps: readonly ActionStep[] };
}

export interface StepResult {
  readonly name: string;
  readonly id: string | undefined;
  /** Its `if:` was false: it did not run (code 0). */
  readonly skipped: boolean;
  readonly code: number;
  readonly ms: number;
  readonly outputs: Readonly<Record<string, string>>;
  /** The workflow command lines a runner makes annotations of, as the step printed them. */
  readonly annotations: readonly string[];
  /** Everything it printed (it is shown as it runs, too). */
  readonly printed: string;
}

/** A line GitHub's runner turns into an annotation: `::error`, `::warning` or `::notice`, with or without properties. */
const ANNOTATION_LINE = /^::(error|warning|notice)[ :]/;

export interface ActionRun {
  readonly steps: readonly StepResult[];
  readonly env: Readonly<Record<string, string>>;
  readonly summary: string;
}

function readKeyValues(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const at = line.indexOf("=");
    if (at > 0) values[line.slice(0, at)] = line.slice(at + 1);
  }
  return values;
}

export interface RunOptions {
  /** The folder that stands in for GitHub's cache service; required by an action that uses actions/cache. */
  readonly cacheStore?: string;
  /** Stop after the step with this id. */
  readonly stopAfter?: string;
  /** Variables every step gets on top of this process's, as a workflow's `env:` gives them. */
  readonly env?: Readonly<Record<string, string>>;
}

/** `steps.<id>.outputs.<name> == '<text>'` or `!=`, optionally inside `${{ }}`: the only `if:` this runner evaluates. */
const CONDITION = /^(?:\$\{\{\s*)?steps\.([\w-]+)\.outputs\.([\w-]+)\s*(==|!=)\s*'([^']*)'(?:\s*\}\})?$/;

/** Runs `actionDir/action.yml` with `inputs` in `workspace`; stops at the first step that fails. */
export async function runActionSteps(
  actionDir: string,
  workspace: string,
  inputs: Readonly<Record<string, string>>,
  temp: string,
  options: RunOptions = {},
): Promise<ActionRun> {
  const action = parse(readFileSync(join(actionDir, "action.yml"), "utf8")) as Action;
  if (action.runs.using !== "composite") throw new Error(`action.yml runs '${action.runs.using}', not composite.`);
  for (const name of Object.keys(inputs)) if (!(name in action.inputs)) throw new Error(`action.yml has no input '${name}'.`);
  const values = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, inputs[name] ?? input.default ?? ""]));
  for (const [name, input] of Object.entries(action.inputs)) if (input.required && !values[name]) throw new Error(`action.yml's input '${name}' is required.`);

  const files = join(temp, "runner-files");
  mkdirSync(files, { recursive: true });
  const githubEnv = join(files, "env");
  const summary = join(files, "summary.md");
  writeFileSync(githubEnv, "");
  writeFileSync(summary, "");
  const results: StepResult[] = [];
  const outputOf = (id: string, output: string): string => results.find((result) => result.id === id)?.outputs[output] ?? "";
  const expand = (text: string): string =>
    text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (expression, path: string) => {
      if (path === "runner.temp") return temp;
      if (path.startsWith("inputs.")) return values[path.slice("inputs.".length)] ?? "";
      const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(path);
      if (output?.[1] !== undefined && output[2] !== undefined) return outputOf(output[1], output[2]);
      throw new Error(`action.yml uses ${expression}, which this local runner does not provide.`);
    });
  const holds = (condition: string, name: string): boolean => {
    const [, id, output, operator, text] = CONDITION.exec(condition.trim()) ?? [];
    if (id === undefined || output === undefined || text === undefined)
      throw new Error(`action.yml step '${name}' has the if '${condition}', which this local runner cannot evaluate.`);
    return (outputOf(id, output) === text) === (operator === "==");
  };

  let carried: Record<string, string> = {};
  for (const [index, step] of action.runs.steps.entries()) {
    const name = step.name ?? `step ${index + 1}`;
    if (step.if !== undefined && !holds(step.if, name)) {
      console.log(`[action] ${name}: skipped (if: ${step.if})`);
      results.push({ name, id: step.id, skipped: true, code: 0, ms: 0, outputs: {}, annotations: [], printed: "" });
      continue;
    }
    if (step.uses !== undefined) {
      const started = performance.now();
      const inputsOfStep = Object.fromEntries(Object.entries(step.with ?? {}).map(([key, value]) => [key, expand(String(value))]));
      console.log(`[action] ${name}`);
      const outputs = runCacheStandIn(step.uses, inputsOfStep, options.cacheStore, name);
      results.push({ name, id: step.id, skipped: false, code: 0, ms: performance.now() - started, outputs, annotations: [], printed: "" });
      if (step.id !== undefined && step.id === options.stopAfter) break;
      continue;
    }
    if (step.run === undefined) throw new Error(`action.yml step '${name}' has neither run nor uses.`);
    if (step.shell !== "bash") throw new Error(`action.yml step '${name}' has shell '${step.shell}'; composite steps here use bash.`);
    const script = join(files, `step-${index + 1}.sh`);
    writeFileSync(script, step.run);
    const output = join(files, `output-${index + 1}`);
    writeFileSync(output, "");
    const env = {
      ...process.env,
      ...options.env,
      ...carried,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, expand(String(value))])),
      GITHUB_ACTIONS: "true",
      GITHUB_ACTION_PATH: actionDir,
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: temp,
      GITHUB_ENV: githubEnv,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
    };
    const cwd = resolve(workspace, expand(step["working-directory"] ?? "."));
    console.log(`[action] ${name}`);
    // Under a real runner (this repository's CI) the step's workflow commands are this stand-in's to
    // read, not GitHub's: the second app's recorded failures would annotate the kit's own run.
    const paused = process.env.GITHUB_ACTIONS === "true" ? randomUUID() : null;
    if (paused) process.stdout.write(`::stop-commands::${paused}\n`);
    const ran = await runCommand("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], { cwd, env, keep: true });
    if (paused) process.stdout.write(`::${paused}::\n`);
    const { code, ms } = ran;
    const annotations = ran.output.split(/\r?\n/).filter((line) => ANNOTATION_LINE.test(line));
    carried = readKeyValues(githubEnv);
    results.push({ name, id: step.id, skipped: false, code, ms, outputs: readKeyValues(output), annotations, printed: ran.output });
    if (code !== 0 || (step.id !== undefined && step.id === options.stopAfter)) break;
  }
  return { steps: results, env: carried, summary: readFileSync(summary, "utf8") };
}
