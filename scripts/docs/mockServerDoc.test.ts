/**
 * docs/mock-server.md lists what the server takes and where it stops; these keep each list equal to
 * the code it comes from: the flags to parseArgs's and --help's, the caps to the constants the table
 * of limits names. (The table of error codes has its own test, mock-server/http/errorCodes.test.ts.)
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { kitPath } from "../../kit/kitPaths.ts";
import { LOG_LEVELS } from "../../mock-server/http/logger.ts";
import { FLAGS, USAGE } from "../../mock-server/process/cli.ts";
import { type Declaration, declarations, declaredValue, renderings, shows } from "./limitValues.ts";
import { section, tableRows } from "./markdown.ts";
import { flagName, optionFlags, optionTakesValue, tableFlags, usageFlags } from "./usageFlags.ts";

const doc = readFileSync(kitPath("docs", "mock-server.md"), "utf8");

describe("docs/mock-server.md's table of flags", () => {
  const rows = tableRows(section(doc, "## Flags"));
  const listed = tableFlags(rows);

  test("lists every flag the server reads, and no other", () => {
    expect(listed.map(flagName).sort()).toEqual(optionFlags(FLAGS).sort());
  });

  test("spells each as the server's --help does", () => {
    expect([...listed].sort()).toEqual(usageFlags(USAGE).sort());
  });

  test("gives a value to each flag that takes one, and only to those", () => {
    const takesValue = optionTakesValue(FLAGS);
    for (const flag of listed) expect(flag.endsWith(">"), flag).toBe(takesValue[flagName(flag).replace(/^-\w, /, "")] ?? false);
  });

  test("names every log level --log-level takes", () => {
    const row = rows.find((cells) => cells[0]?.startsWith("`--log-level"));
    expect(row?.[1]).toBeDefined();
    for (const level of LOG_LEVELS) expect(row?.[1], level).toContain(`\`${level}\``);
  });
});

/** A constant the table of limits names, the row's Limit cell, and the file the row gives it (a folder when it ends with '/'). */
interface NamedLimit {
  readonly name: string;
  readonly limit: string;
  readonly where: string | undefined;
}

/** `` `A`, `B` (x.ts), `C` (y/) `` : a file in parentheses belongs to the constants named since the previous one. */
function namedLimits(): NamedLimit[] {
  return tableRows(section(doc, "### Limits")).flatMap(([, limit = "", constants = ""]) => {
    const named: NamedLimit[] = [];
    let pending: string[] = [];
    for (const match of constants.matchAll(/`([A-Z][A-Z0-9_]*)`|\(([\w./-]+)\)/g)) {
      if (match[1]) pending.push(match[1]);
      else {
        named.push(...pending.map((name) => ({ name, limit, where: match[2] })));
        pending = [];
      }
    }
    return [...named, ...pending.map((name) => ({ name, limit, where: undefined }))];
  });
}

describe("docs/mock-server.md's table of limits", () => {
  const limits = namedLimits();
  const declared = declarations();

  test("names constants", () => {
    expect(limits.length).toBeGreaterThan(0);
  });

  test.each(limits.map((limit) => [limit.name, limit] as const))(
    "%s is declared where the table says, and the table shows its value",
    async (name, { limit, where }) => {
      const candidates = declared.get(name) ?? [];
      const matching: Declaration[] =
        where === undefined ? candidates : candidates.filter(({ file }) => (where.endsWith("/") ? file.startsWith(where) : file === where));
      expect(
        matching.map(({ file }) => file),
        `${name}: where the code declares it (the table says ${where ?? "nothing"})`,
      ).toHaveLength(1);
      const value = await declaredValue(name, matching[0] as Declaration);
      const written = renderings(name, value);
      expect(
        written.some((text) => shows(limit, text)),
        `${name} is ${value}: the row's limit "${limit}" shows none of ${written.join(", ")}`,
      ).toBe(true);
    },
  );
});
