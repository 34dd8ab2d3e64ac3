import type { ScenarioSummary } from "../scenarios/scenarioSchema.ts";
import { describeConfigPatch } from "./describeConfig.ts";

function whatItSet(scenario: ScenarioSummary): string {
  const config = describeConfigPatch(scenario.config);
  const faults = scenario.faults === 1 ? "1 fault" : `${scenario.faults} faults`;
  return config === null ? `It added ${faults} and left the configuration as the server started.` : `It set ${config}, and added ${faults}.`;
}

/** The scenario in force: its name, its description and what it set when applied (the faults and switches below are what holds now). */
export function ScenarioView({ scenario }: { scenario: ScenarioSummary | null | undefined }) {
  if (scenario === undefined) return <p className="scenario">Loading the scenario…</p>;
  if (scenario === null) return <p className="scenario">No scenario: the server's own faults and configuration, as it started.</p>;
  return (
    <div className="scenario">
      <p>
        Scenario: <strong>{scenario.name}</strong>
      </p>
      {scenario.description !== null && <p>{scenario.description}</p>}
      <p>{whatItSet(scenario)}</p>
    </div>
  );
}
