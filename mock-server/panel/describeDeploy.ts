/** The deploy in force, and each option for the previous build's files, in the panel's words. */
import type { DeployState, OldAssets } from "../deploy/deploySchema.ts";

export const OLD_ASSET_LABELS: Record<OldAssets, string> = {
  "404": "404, as a CDN after a clean deploy",
  keep: "kept, as a host that keeps old files",
  "html-fallback": "the app's start page (200 text/html), as an SPA host",
};

/** What the deploy in force says, in a sentence. */
export function describeDeploy(state: DeployState | undefined): string {
  if (state === undefined) return "Loading…";
  if (state.deploy === 0 || state.oldAssets === null) return "Deploy 0: the build the server started with.";
  const retired = state.retired.length === 1 ? "1 file" : `${state.retired.length} files`;
  const dropped = state.dropped === 0 ? "" : ` ${state.dropped} older retired file(s) were let go past the server's cap and are served again.`;
  return `Deploy ${state.deploy}: the previous build's scripts and styles (${retired}) answer ${OLD_ASSET_LABELS[state.oldAssets]}.${dropped}`;
}
