/**
 * docs/profile.md's table of what format 2 changed: one row per change upgradeProfile.ts makes (and
 * the version), each format 1 example upgraded as the row says, or refused.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { REFERENCE_PROFILE } from "../../cli/profile/loadProfile.ts";
import { FORMAT_1_TO_2, upgradeProfile } from "../../cli/profile/upgradeProfile.ts";
import { kitPath } from "../../kit/kitPaths.ts";
import { codeSpans, section, tableRows } from "./markdown.ts";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** `base` with `part` laid over it, object by object (an array replaces). */
function merged(base: Json, part: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(part)) out[key] = isObject(value) && isObject(base[key]) ? merged(base[key], value) : value;
  return out;
}

/** The reference's profile in format 1 without the spellings the rows put in (data is format 2's dataAccept). */
const { version: _version, data: _data, ...format1Base } = JSON.parse(readFileSync(REFERENCE_PROFILE, "utf8")) as Json;

/** The innermost key of a one-path fragment: `replacesDocument` of {"fallbacks": {"notFound": {"replacesDocument": true}}}. */
const innermostKey = (fragment: Json): string => {
  const [key, value] = Object.entries(fragment)[0] ?? [""];
  return isObject(value) ? innermostKey(value) : key;
};
const rows = tableRows(section(readFileSync(kitPath("docs", "profile.md"), "utf8"), "## Format versions"));

test("docs/profile.md lists each change from format 1 to 2 once, and the version", () => {
  expect(rows).toHaveLength(FORMAT_1_TO_2.length + 1);
});

test.each(rows.slice(1).map((row) => [codeSpans(row[0] ?? "")[0] ?? "", row[1] ?? ""]))("format 1's %s upgrades as docs/profile.md says", (before, after) => {
  const upgrade = upgradeProfile(merged(format1Base, JSON.parse(before) as Json));
  const expected = codeSpans(after)[0];
  if (after.startsWith("refused")) {
    expect(upgrade.needs).toHaveLength(1);
    return;
  }
  expect(upgrade.needs).toEqual([]);
  // Its own note, and the version's.
  expect(upgrade.notes).toHaveLength(2);
  if (expected !== undefined) expect(upgrade.profile).toMatchObject(JSON.parse(expected) as Json);
  else expect(JSON.stringify(upgrade.profile)).not.toContain(`"${innermostKey(JSON.parse(before) as Json)}"`);
});
