import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { PROFILE_FORMAT, Profile } from "./profileSchema.ts";
import { ProfileVersionError, upgradeProfile } from "./upgradeProfile.ts";

type Json = Record<string, unknown>;
const today = JSON.parse(readFileSync(new URL("./reference.json", import.meta.url), "utf8")) as Json & { fallbacks: Json };
const { version: _version, ...withoutVersion } = today;
/** Today's reference without version, dataAccept where data is, as a format 1 file had it. */
const withDataAccept = Object.fromEntries(
  Object.entries(withoutVersion).map(([key, value]) => (key === "data" ? ["dataAccept", "application/json"] : [key, value])),
) as Json & { fallbacks: Json };

/**
 * The reference's profile as format 1 spelled it: dataAccept and a digest selector string (before
 * 9fc8ae7), the throw button's name alone (before a50271a), replacesDocument as the Next.js app's
 * profile had it (before d57ab2f).
 */
const format1 = {
  ...withDataAccept,
  fallbacks: {
    ...today.fallbacks,
    serverError: { text: "Application error: a server-side exception has occurred.", digest: "[data-digest]" },
    clientError: {
      path: "/app/crash?when=load",
      text: "Application error: a client-side exception has occurred.",
      trigger: "Throw an error",
      replacesDocument: true,
    },
  },
};

describe("a profile of format 1 (no version)", () => {
  test("is upgraded to today's reference profile, a note naming each old spelling and the new one", () => {
    const upgrade = upgradeProfile(format1);
    expect(upgrade.from).toBe(1);
    expect(upgrade.needs).toEqual([]);
    expect(upgrade.notes).toEqual([
      '"dataAccept": "application/json" is now "data": {"accept": "application/json"}',
      '"fallbacks.serverError.digest": "[data-digest]" is now "digest": {"selector": "[data-digest]"}',
      '"replacesDocument" is gone (nothing read it), removed from "fallbacks.clientError"',
      '"fallbacks.clientError.trigger": "Throw an error" is now {"path": "/app/crash", "name": "Throw an error"} (the page format 1 pressed it on)',
      `"version": ${PROFILE_FORMAT} is added (format 1 had none)`,
    ]);
    expect(Profile.parse(upgrade.profile)).toEqual(Profile.parse(today));
    // version right after $schema, as init writes it; data where dataAccept was.
    expect(Object.keys(upgrade.profile as Json)).toEqual(Object.keys(today));
  });

  test("leaves the profile it was given as it was", () => {
    const given = structuredClone(format1);
    upgradeProfile(given);
    expect(given).toEqual(format1);
  });

  test("a throw button without a clientError path was pressed on home, so it moves there", () => {
    const { path: _path, ...clientError } = format1.fallbacks.clientError;
    const upgrade = upgradeProfile({ ...format1, fallbacks: { ...format1.fallbacks, clientError } });
    expect(upgrade.notes).toContain(
      '"fallbacks.clientError.trigger": "Throw an error" is now {"path": "/app/", "name": "Throw an error"} (the page format 1 pressed it on)',
    );
  });

  test("two pages stay two: format 2 takes one or more, so the earlier kit's two-page profile upgrades with no word of them", () => {
    const pages = (today.pages as unknown[]).slice(0, 2);
    const upgrade = upgradeProfile({ ...format1, pages });
    expect(upgrade.needs).toEqual([]);
    expect(upgrade.notes.some((note) => note.includes('"pages"'))).toBe(false);
    expect(Profile.parse(upgrade.profile).pages).toEqual(pages);
  });

  test("dataAccept beside data is a choice only the team can make", () => {
    const upgrade = upgradeProfile({ ...format1, data: { query: "_rsc" } });
    expect(upgrade.needs).toEqual(['has both "dataAccept" (format 1) and "data": keep "data" and remove "dataAccept"']);
  });

  test("one of today's spellings without a version gets only the version", () => {
    const upgrade = upgradeProfile(withoutVersion);
    expect(upgrade.notes).toEqual([`"version": ${PROFILE_FORMAT} is added (format 1 had none)`]);
    expect(upgrade.profile).toEqual(today);
  });
});

describe("a profile with a version", () => {
  test(`of format ${PROFILE_FORMAT} is left as it is`, () => {
    const upgrade = upgradeProfile(today);
    expect(upgrade).toEqual({ from: PROFILE_FORMAT, profile: today, notes: [], needs: [] });
  });

  test("of a newer format says to upgrade the kit", () => {
    expect(() => upgradeProfile({ ...today, version: PROFILE_FORMAT + 1 })).toThrow(
      new ProfileVersionError(
        `"version" is ${PROFILE_FORMAT + 1}, a profile format newer than this kit's (${PROFILE_FORMAT}): upgrade pwa-conformance-kit to a release that reads it (docs/versioning.md), or write the profile for this one`,
      ),
    );
  });

  test("of format 1 is upgraded as one without a version is", () => {
    expect(upgradeProfile({ ...withoutVersion, version: 1 }).notes).toEqual([`"version": 1 is now ${PROFILE_FORMAT}`]);
  });

  test("that is no format number is refused, naming the one this kit reads", () => {
    for (const version of ["2", 1.5, 0, null])
      expect(() => upgradeProfile({ ...today, version })).toThrow(
        `"version" is ${JSON.stringify(version)}: it must be the profile format's number, ${PROFILE_FORMAT} for this kit`,
      );
  });
});
