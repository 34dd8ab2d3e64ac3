import { useState } from "react";
import type { ShellConfig } from "../../src/core/shellConfig.ts";
import { SHELL_SWITCHES, type ShellSwitch } from "../reference/shellSwitches.ts";
import { CONFIG_LABELS, SWITCH_HINTS } from "./describeConfig.ts";

/**
 * One toggle per switch of the shell configuration (shellSwitches.ts, the list `PUT /__mock/config`
 * validates against). A change reaches the app with its next page load, where the server embeds it.
 */
export function ConfigSwitches({ config, onFlip }: { config: ShellConfig | undefined; onFlip: (name: ShellSwitch, on: boolean) => Promise<void> }) {
  const [pending, setPending] = useState<ShellSwitch | null>(null);
  const flip = async (name: ShellSwitch, on: boolean) => {
    setPending(name);
    try {
      await onFlip(name, on);
    } finally {
      setPending(null);
    }
  };
  return (
    <fieldset className="switches" aria-describedby="switches-hint">
      <legend>Shell configuration</legend>
      <small id="switches-hint">
        {config === undefined
          ? "Loading…"
          : `The app takes a change on its next page load. ${CONFIG_LABELS.networkTimeoutMs}: ${config.networkTimeoutMs} ms; ${CONFIG_LABELS.onlineSettleMs}: ${config.onlineSettleMs} ms (PUT /__mock/config).`}
      </small>
      <div className="switch-list">
        {SHELL_SWITCHES.map((name) => (
          <div className="switch" key={name}>
            <input
              id={`switch-${name}`}
              type="checkbox"
              role="switch"
              checked={config?.[name] ?? false}
              aria-checked={config?.[name] ?? false}
              disabled={config === undefined || pending !== null}
              onChange={(event) => flip(name, event.currentTarget.checked)}
              aria-describedby={`switch-${name}-hint`}
            />
            <label htmlFor={`switch-${name}`}>{CONFIG_LABELS[name]}</label>
            <small id={`switch-${name}-hint`}>{SWITCH_HINTS[name]}</small>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
