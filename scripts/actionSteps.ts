/**
 * Runs a composite action's `run` steps on this machine the way a GitHub runner does: each step's
 * script in `bash --noprofile --norc -eo pipefail`, `${{ inputs.* }}` and `${{ runner.temp }}`
 * filled in, GITHUB_ENV lines carried into later steps, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY written
 * to files. `uses` steps are refused: a local run cannot honestly stand in for them.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { runCommand } from "./runCommand.mjs";

interface ActionStep {
  readonly name?: string;
  readonly id?: string;
  readonly run?: string;
  readonly uses?: string;
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
  readonly code: number;
  readonly ms: number;
  readonly outputs: Readonly<Record<string, string>>;
}

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

/** Runs `actionDir/action.yml` with `inputs` in `workspace`; stops at the first step that fails. */
export async function runActionSteps(actionDir: string, workspace: string, inputs: Readonly<Record<string, string>>, temp: string): Promise<ActionRun> {
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
  const expand = (text: string): string =>
    text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (expression, path: string) => {
      if (path === "runner.temp") return temp;
      if (path.startsWith("inputs.")) return values[path.slice("inputs.".length)] ?? "";
      throw new Error(`action.yml uses ${expression}, which this local runner does not provide.`);
    });

  const results: StepResult[] = [];
  let carried: Record<string, string> = {};
  for (const [index, step] of action.runs.steps.entries()) {
    const name = step.name ?? `step ${index + 1}`;
    if (step.uses !== undefined || step.run === undefined) throw new Error(`action.yml step '${name}' uses another action; it cannot be run locally.`);
    if (step.shell !== "bash") throw new Error(`action.yml step '${name}' has shell '${step.shell}'; composite steps here use bash.`);
    const script = join(files, `step-${index + 1}.sh`);
    writeFileSync(script, step.run);
    const output = join(files, `output-${index + 1}`);
    writeFileSync(output, "");
    const env = {
      ...process.env,
      ...carried,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, expand(String(value))])),
      GITHUB_ACTION_PATH: actionDir,
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: temp,
      GITHUB_ENV: githubEnv,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
    };
    const cwd = resolve(workspace, expand(step["working-directory"] ?? "."));
    console.log(`[action] ${name}`);
    const { code, ms } = await runCommand("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], { cwd, env });
    carried = readKeyValues(githubEnv);
    results.push({ name, code, ms, outputs: readKeyValues(output) });
    if (code !== 0) break;
  }
  return { steps: results, env: carried, summary: readFileSync(summary, "utf8") };
}
