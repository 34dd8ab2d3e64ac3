import { useId, useState } from "react";
import { type DeployState, OLD_ASSETS, type OldAssets } from "../deploy/deploySchema.ts";
import { describeDeploy, OLD_ASSET_LABELS } from "./describeDeploy.ts";

/**
 * A new build goes live now (`POST /__mock/deploy`): the app's worker script changes, and the
 * previous build's files answer as chosen. An open page finds out at its next update check.
 */
export function DeployControl({ state, onDeploy }: { state: DeployState | undefined; onDeploy: (oldAssets: OldAssets) => Promise<void> }) {
  const [oldAssets, setOldAssets] = useState<OldAssets>("404");
  const [pending, setPending] = useState(false);
  const selectId = useId();
  const deploy = async () => {
    setPending(true);
    try {
      await onDeploy(oldAssets);
    } finally {
      setPending(false);
    }
  };
  return (
    <fieldset className="deploy" aria-describedby="deploy-state">
      <legend>Deploy</legend>
      <small id="deploy-state">{describeDeploy(state)}</small>
      <label htmlFor={selectId}>The previous build's files answer</label>
      <select id={selectId} value={oldAssets} onChange={(event) => setOldAssets(event.currentTarget.value as OldAssets)}>
        {OLD_ASSETS.map((option) => (
          <option key={option} value={option}>
            {OLD_ASSET_LABELS[option]}
          </option>
        ))}
      </select>
      <button type="button" disabled={state === undefined || pending} onClick={deploy}>
        Deploy a new build
      </button>
    </fieldset>
  );
}
