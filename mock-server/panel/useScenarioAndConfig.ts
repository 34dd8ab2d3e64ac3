/**
 * The scenario in force, the shell configuration, the deploy and the replay, as the server has them. Read when the panel
 * opens, after the panel changes them (a reset, a switch) and when the tab becomes visible again,
 * for changes a tool or test made meanwhile.
 */
import { useCallback, useState } from "react";
import type { ShellConfig } from "../../src/core/shellConfig.ts";
import type { DeployState } from "../deploy/deploySchema.ts";
import type { ShellSwitch } from "../reference/shellSwitches.ts";
import type { ReplaySummary } from "../replay/replayState.ts";
import type { ScenarioSummary } from "../scenarios/scenarioSchema.ts";
import { control, messageOf } from "./control.ts";
import { useRefreshWhenVisible } from "./useRefreshWhenVisible.ts";

export interface ScenarioAndConfig {
  /** undefined until the first answer; null when no scenario is in force. */
  readonly scenario: ScenarioSummary | null | undefined;
  readonly config: ShellConfig | undefined;
  /** The deploy in force (`GET /__mock/deploy`); undefined until the first answer. */
  readonly deploy: DeployState | undefined;
  /** The HAR answering requests (`GET /__mock/replay`); undefined until the first answer, null when none. */
  readonly replay: ReplaySummary | null | undefined;
  readonly error: string | null;
  readonly refresh: () => Promise<void>;
  /** Turns a switch on or off on the server; resolves once the server has answered. */
  readonly flip: (name: ShellSwitch, on: boolean) => Promise<void>;
}

export function useScenarioAndConfig(): ScenarioAndConfig {
  const [scenario, setScenario] = useState<ScenarioSummary | null | undefined>(undefined);
  const [config, setConfig] = useState<ShellConfig | undefined>(undefined);
  const [deploy, setDeploy] = useState<DeployState | undefined>(undefined);
  const [replay, setReplay] = useState<ReplaySummary | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const [nextScenario, nextConfig, nextDeploy, nextReplay] = await Promise.all([
        control.readScenario(),
        control.readConfig(),
        control.readDeploy(),
        control.readReplay(),
      ]);
      setScenario(nextScenario);
      setConfig(nextConfig);
      setDeploy(nextDeploy);
      setReplay(nextReplay);
      setError(null);
    } catch (caught) {
      setError(messageOf(caught));
    }
  }, []);

  const flip = useCallback(async (name: ShellSwitch, on: boolean) => {
    try {
      setConfig(await control.configure({ [name]: on }));
      setError(null);
    } catch (caught) {
      setError(messageOf(caught));
    }
  }, []);

  useRefreshWhenVisible(refresh);

  return { scenario, config, deploy, replay, error, refresh, flip };
}
