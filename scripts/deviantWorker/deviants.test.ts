import { expect, test } from "vitest";
import { caughtIn, DEVIANTS, deviantProjects, engineMissing, namesIn, notCheckedIn, selected } from "./deviants.ts";

test("a deviant's inEngines and passesIn name only tests of its caughtBy, and notCheckedIn only engines it runs in", () => {
  for (const deviant of DEVIANTS) {
    const caughtBy = new Set(deviant.caughtBy);
    for (const engine of ["firefox", "webkit"] as const) {
      expect(
        (deviant.inEngines ?? []).filter((title) => !caughtBy.has(title)),
        `${deviant.name} in ${engine}`,
      ).toEqual([]);
      if (!deviant.engines?.includes(engine)) expect(notCheckedIn(deviant, engine), `${deviant.name}: not run in ${engine}`).toEqual([]);
      expect(
        (deviant.passesIn?.[engine] ?? []).filter((title) => !caughtBy.has(title)),
        `${deviant.name}: passesIn ${engine} names only tests of its caughtBy`,
      ).toEqual([]);
    }
    if (deviant.inEngines) expect(deviant.engines?.length ?? 0, `${deviant.name}: inEngines without engines`).toBeGreaterThan(0);
  }
});

test("in an engine a deviant must be caught by its engine tests, less those the engine's driver cannot run", () => {
  const noBoundary = DEVIANTS.find((deviant) => deviant.name === "no error boundary");
  expect(noBoundary && caughtIn(noBoundary, "webkit")).toEqual(["ERR-5 shows the application-error page for an exception from an event"]);
  expect(noBoundary && caughtIn(noBoundary, "chromium")).toEqual(noBoundary?.caughtBy);
  const pinned = DEVIANTS.find((deviant) => deviant.name.startsWith("host caches the worker script"));
  const offlineDeploy = "UPD-1 an update deployed while the page was offline reaches it once back online";
  expect(pinned && caughtIn(pinned, "firefox")).toEqual(["UPD-5 an update check after a deploy reaches the server for the worker script", offlineDeploy]);
  // WebKit's own behaviour meets that test against it (passesIn): there it must pass, not fail.
  expect(pinned && caughtIn(pinned, "webkit")).toEqual(["UPD-5 an update check after a deploy reaches the server for the worker script"]);
});

test("a deviant the engines run is one the mock server serves, never one only Playwright's routing puts in place", () => {
  for (const deviant of DEVIANTS.filter((one) => one.engines?.length)) expect(["reference", "host"], deviant.name).toContain(deviant.kind);
  expect(() => deviantProjects({ name: "routed", kind: "worker", engines: ["firefox"] })).toThrow(/kind "reference"/);
});

test("PCK_DEVIANTS names deviants whose names hold a comma, beside others, and says which names it does not know", () => {
  const known = new Set(["cache first", "host caches the worker script a day, read through the HTTP cache", "never activates"]);
  expect(namesIn("host caches the worker script a day, read through the HTTP cache,never activates", known)).toEqual({
    wanted: ["host caches the worker script a day, read through the HTTP cache", "never activates"],
    unknown: [],
  });
  expect(namesIn(" cache first , no such one, never activates", known)).toEqual({ wanted: ["cache first", "never activates"], unknown: ["no such one"] });
});

test("PCK_DEVIANTS may name a deviant's engine projects instead of the deviant: only those run for it", () => {
  const pinned = "host caches the worker script a day, read through the HTTP cache";
  const picked = selected(`never activates · webkit,${pinned} · firefox,${pinned} · webkit,cache first`);
  expect(picked.deviants.map((deviant) => deviant.name)).toEqual(["cache first", "never activates", pinned]);
  expect(picked.engines).toEqual(
    new Map([
      ["never activates", new Set(["webkit"])],
      [pinned, new Set(["firefox", "webkit"])],
    ]),
  );
  // Named whole as well, a deviant runs whole.
  expect(selected("never activates · firefox,never activates").engines).toEqual(new Map());
  expect(() => selected("cache first · chromium")).toThrow(/names no deviant 'cache first · chromium'/);
  const webkit = engineMissing("webkit") === undefined ? [{ project: "d · webkit", engine: "webkit" }] : [];
  expect(deviantProjects({ name: "d", kind: "reference", engines: ["firefox", "webkit"] }, new Set(["webkit"]))).toEqual(webkit);
});
