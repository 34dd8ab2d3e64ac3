/**
 * The whole client side of the shell in one call, framework-free: registration (REG), navigation
 * posting (NAV-1/2) and reload on online (ONL-1), each switchable by configuration (ONL-2).
 * The React app only renders what `onStatus` reports.
 */
import { scopePath } from "../core/basePath.ts";
import type { ShellConfig } from "../core/shellConfig.ts";
import { postNavigations } from "./postNavigations.ts";
import { registerWorker } from "./registerWorker.ts";
import { reloadOnOnline } from "./reloadOnOnline.ts";

export type WorkerState = "unsupported" | "disabled" | "outside-base-path" | "waiting" | "registered" | "controlled" | "failed";

export function startShell(win: Window, config: ShellConfig, onStatus: (state: WorkerState) => void): () => void {
  const stops: Array<() => void> = [];
  if (config.cacheNavigations) stops.push(postNavigations(win, new URL(scopePath(config.basePath), win.location.href)));
  if (config.reloadOnOnline) stops.push(reloadOnOnline(win, config.onlineSettleMs));

  onStatus("waiting");
  void registerWorker(win, config).then((outcome) => {
    if (outcome.state !== "registered") return onStatus(outcome.state);
    const container = win.navigator.serviceWorker;
    const report = () => onStatus(container.controller ? "controlled" : "registered");
    // Reported, never a reload (UPD-2): a new worker takes over the open page as it is, so nothing
    // the person typed is lost. A chunk the deploy deleted is dealt with when the page asks for it
    // (reloadOnChunkFailure.ts), the one reload an update may cost.
    container.addEventListener("controllerchange", report);
    stops.push(() => container.removeEventListener("controllerchange", report));
    report();
  });
  return () => {
    for (const stop of stops) stop();
  };
}
