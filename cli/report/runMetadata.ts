/**
 * What the report needs to know about a run beyond its results: the app checked, the deciding level,
 * the profile's accepted gaps and path, and the browser. The kit's Playwright config puts it in the run's
 * `metadata`, which Playwright keeps in every shard's blob and merges, so `pwa-conformance-kit merge`
 * writes the same report on another machine, from the blobs alone, as a whole run would.
 */
import { isAbsolute, relative, sep } from "node:path";
import type { FullConfig } from "@playwright/test/reporter";
import { findChromium } from "../../kit/chromium.mjs";
import { type EngineName, parseEngines } from "../../kit/engines/engineNames.ts";
import { ENV, readKitEnv } from "../../kit/env.mjs";
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
  /**
   * The profile's path as the checked repository names it, `/`-separated: from GITHUB_WORKSPACE in
   * GitHub Actions, else from the directory check ran from. Recorded at check time, so a merge on
   * another machine names the same file. Absent without a profile, or for one outside that folder.
   */
  readonly profilePath?: string;
  /** The profile's changes when it was written for an earlier kit and upgraded in memory (cli/profile/upgradeProfile.ts). */
  readonly profileUpgraded?: readonly string[];
  /** The engines besides Chromium whose verdicts decide the exit code (`check --gate`); none: advisory. */
  readonly gate?: readonly EngineName[];
}

/** `profile` from the repository's root (see RunMetadata.profilePath), or undefined when it lies outside. */
export function repositoryPath(profile: string, root: string): string | undefined {
  const path = relative(root, profile);
  if (path === "" || path === ".." || path.startsWith(`..${sep}`) || isAbsolute(path)) return undefined;
  return path.split(sep).join("/");
}

export function reportLevel(value: string | undefined): Level {
  return LEVELS.find((level) => level === value) ?? "required";
}

/** This run's metadata, from the kit's environment (`check` sets it): what the config records. */
export function runMetadataFromEnv(): RunMetadata {
  const { target, level, profile, callerDir, gate } = readKitEnv();
  const browser = findChromium()?.describe;
  const profilePath = profile ? repositoryPath(profile, process.env.GITHUB_WORKSPACE || callerDir || process.cwd()) : undefined;
  const read = profile ? readProfile(profile) : undefined;
  return {
    target: target ?? "the reference app",
    level: reportLevel(level),
    expect: read?.profile.expect ?? {},
    ...(browser === undefined ? {} : { browser }),
    ...(profilePath === undefined ? {} : { profilePath }),
    ...(read && read.upgraded.length > 0 ? { profileUpgraded: read.upgraded } : {}),
    ...(gate === undefined ? {} : { gate: parseEngines(gate, ENV.gate).filter((engine) => engine !== "chromium") }),
  };
}

/** The run's metadata as the config recorded it (a merged run's too), or this process's environment's. */
export function runMetadataOf(config: Pick<FullConfig, "metadata">): RunMetadata {
  return (config.metadata[RUN_METADATA_KEY] as RunMetadata | undefined) ?? runMetadataFromEnv();
}
