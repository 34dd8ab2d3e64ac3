/**
 * A scenario: a named set of faults and shell configuration, loaded from a file at start
 * (`--scenario file`) or sent to `PUT /__mock/scenario`. Applying one replaces the faults and the
 * configuration together.
 */
import { z } from "zod";
import { DeployRequest } from "../deploy/deploySchema.ts";
import { FaultInput } from "../faults/faultSchema.ts";
import { ShellConfigPatch } from "../reference/shellConfigSchema.ts";

/** More faults than any scenario worth reading; keeps a runaway file from filling memory. */
export const MAX_SCENARIO_FAULTS = 200;

export const Scenario = z.strictObject(
  {
    /** The JSON Schema an editor checks the file with (scenario.schema.json); ignored here. */
    $schema: z.string({ error: "must be a string" }).optional(),
    name: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
    description: z.string({ error: "must be a string" }).max(2_000, "must be at most 2000 characters").optional(),
    config: ShellConfigPatch.default({}),
    faults: z.array(FaultInput, { error: "must be a list of faults" }).max(MAX_SCENARIO_FAULTS, `must hold at most ${MAX_SCENARIO_FAULTS} faults`).default([]),
    /** How the host treats deploys under this scenario: `oldAssets` for a `POST /__mock/deploy` that names none. */
    deploys: DeployRequest.default({}),
    /**
     * A HAR to answer from (docs/mock-server.md, "Record and replay"), its path relative to the scenario file.
     * A file only: the control API never reads the server's files (`PUT /__mock/scenario` refuses it).
     */
    replay: z.string({ error: "must be the path of a HAR file" }).trim().min(1, "must not be empty").optional(),
  },
  { error: "must be a JSON object with name, and optionally description, config, faults, deploys and replay" },
);

export type ScenarioInput = z.input<typeof Scenario>;
export type Scenario = z.output<typeof Scenario>;

/**
 * What `GET /__mock/scenario` tells about the scenario in force: its name and description, and what
 * it set (the configuration fields it changed and how many faults it added), since the configuration
 * and the faults in force may have changed since.
 */
export interface ScenarioSummary {
  readonly name: string;
  readonly description: string | null;
  readonly config: ShellConfigPatch;
  readonly faults: number;
  /** The deploy option it set, or null. */
  readonly deploys: DeployRequest["oldAssets"] | null;
  /** The HAR it replays, as its file names it, or null. */
  readonly replay: string | null;
}

export function summarize(scenario: Scenario): ScenarioSummary {
  return {
    name: scenario.name,
    description: scenario.description ?? null,
    config: scenario.config,
    faults: scenario.faults.length,
    deploys: scenario.deploys.oldAssets ?? null,
    replay: scenario.replay ?? null,
  };
}
