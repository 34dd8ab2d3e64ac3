/**
 * Holds off Ctrl-C, SIGTERM and SIGHUP while a command has something to clean up (an app it started,
 * a Playwright run): Node's default for each is to exit at once, leaving that running. The command
 * sees the signal through `aborted`, finishes its cleanup, and exits with `exitCode()`.
 */
import { constants } from "node:os";

export const CAUGHT_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

export interface CaughtSignals {
  /** Aborted, with the signal's name as its reason, when the first signal arrives. */
  readonly aborted: AbortSignal;
  readonly received: () => NodeJS.Signals | null;
  /** The shell's convention: 128 + the signal's number (130 SIGINT, 143 SIGTERM, 129 SIGHUP). */
  readonly exitCode: () => number | null;
  readonly release: () => void;
}

export function catchSignals(onSignal: (signal: NodeJS.Signals) => void = () => {}): CaughtSignals {
  const controller = new AbortController();
  let received: NodeJS.Signals | null = null;
  const handle = (signal: NodeJS.Signals) => {
    received ??= signal;
    if (!controller.signal.aborted) controller.abort(signal);
    onSignal(signal);
  };
  for (const signal of CAUGHT_SIGNALS) process.on(signal, handle);
  return {
    aborted: controller.signal,
    received: () => received,
    exitCode: () => (received === null ? null : 128 + constants.signals[received]),
    release: () => {
      for (const signal of CAUGHT_SIGNALS) process.off(signal, handle);
    },
  };
}
