/**
 * What the report needs to know about a run beyond its results: the app checked, the deciding level,
 * the profile's accepted gaps and the browser. The kit's Playwright config puts it in the run's
 * `metadata`, which Playwright keeps in every shard's blob and merges, so `pwa-conformance-kit merge`
 * writes the same report on another machine, from the blobs alone, as a whole run would.
 */
import type { FullConfig } from "@playwright/test/reporter";
import { findChromium } from "../../kit/chromium.mjs";
import { readKitEnv } from "../../kit/env.mjs";
import { LEVELS, type Level } from "../../kit/outcomes.ts";
import { readProfile } from "../profile/loadProfile.ts";
import type { Expectation } from "./acceptedGaps.ts";

/** The key of the kit's entry in Playwright's `metadata`. */
export const RUN_METADATA_KEY = "pwa-conformance-kit";

export interface RunMetadata {
  readonly target: string;
  readonly level: Level;
  /** The profile's accepted gaps (`expect`); none for the reference's own suite. */
  readonly expect: Readonly<Record<string, Expectation>>;
  /** The Chromium the run used, in words (kit/chromium.mjs). */
  readonly browser?: string;
  /** The profile's changes when it was written for an earlier kit and upgraded in memory (cli/profile/upgradeProfile.ts). */
  readonly profileUpgraded?: readonly string[];
}

export function reportLevel(value: string | undefined): Level {
  return LEVELS.find((level) => level === value) ?? "required";
}

/** This run's metadata, from the kit's environment (`check` sets it): what the config records. */
export function runMetadataFromEnv(): RunMetadata {
  const { target, level, profile } = readKitEnv();
  const browser = findChromium()?.describe;
  const read = profile ? readProfile(profile) : undefined;
  return {
    target: target ?? "the reference app",
    level: reportLevel(level),
    expect: read?.profile.expect ?? {},
    ...(browser === undefined ? {} : { browser }),
    ...(read && read.upgraded.length > 0 ? { profileUpgraded: read.upgraded } : {}),
  };
}

/** The run's metadata as the config recorded it (a merged run's too), or this process's environment's. */
export function runMetadataOf(config: Pick<FullConfig, "metadata">): RunMetadata {
  return (config.metadata[RUN_METADATA_KEY] as RunMetadata | undefined) ?? runMetadataFromEnv();
}
