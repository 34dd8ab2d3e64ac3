/**
 * docs/cli.md lists what the command line takes; these keep each list equal to the code it comes
 * from: each command's options to its parseArgs options and its --help, the commands to the
 * overall --help, the exit codes to EXIT_CODES_HELP, and the action's inputs the docs use to action.yml.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, test, vi } from "vitest";
import { parse } from "yaml";
import { CHECK_OPTIONS, CHECK_USAGE } from "../../cli/check.ts";
import { INIT_OPTIONS, INIT_USAGE } from "../../cli/init.ts";
import { MERGE_OPTIONS, MERGE_USAGE } from "../../cli/merge.ts";
import { runCli } from "../../cli/runCli.ts";
import { EXIT_CODES_HELP } from "../../cli/usage.ts";
import { kitPath } from "../../kit/kitPaths.ts";
import { codeBlocks, codeSpans, section, tableRows } from "./markdown.ts";
import { flagName, type Options, optionFlags, optionTakesValue, tableFlags, usageFlags } from "./usageFlags.ts";

const doc = readFileSync(kitPath("docs", "cli.md"), "utf8");

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each<[string, Options, string]>([
  ["init", INIT_OPTIONS, INIT_USAGE],
  ["check", CHECK_OPTIONS, CHECK_USAGE],
  ["merge", MERGE_OPTIONS, MERGE_USAGE],
])("docs/cli.md's table of `%s` options", (command, options, usage) => {
  const listed = () => tableFlags(tableRows(section(doc, `### \`${command}\` options`)));

  test("lists every option the command reads, and no other", () => {
    expect(listed().map(flagName).sort()).toEqual(optionFlags(options).sort());
  });

  test("spells each as the command's --help does", () => {
    expect(listed().sort()).toEqual(usageFlags(usage).sort());
  });

  test("gives a value to each option that takes one, and only to those", () => {
    const takesValue = optionTakesValue(options);
    for (const flag of listed()) expect(flag.endsWith(">"), flag).toBe(takesValue[flagName(flag).replace(/^-\w, /, "")] ?? false);
  });
});

test("docs/cli.md's table of commands lists every command of pwa-conformance-kit --help", async () => {
  let help = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    help += String(chunk);
    return true;
  });
  expect(await runCli(["--help"])).toBe(0);
  const commands = (help.split("\nCommands:\n")[1]?.split("\n\n")[0] ?? "").split("\n").map((line) => line.trim().split(/\s+/)[0]);
  const listed = tableRows(section(doc, "## Commands")).flatMap((cells) => {
    const command = codeSpans(cells[0] ?? "")[0]?.split(" ")[1];
    return command === undefined || command.startsWith("<") ? [] : [command];
  });
  expect(commands.length).toBeGreaterThan(0);
  expect(listed.sort()).toEqual(commands.sort());
});

test("docs/cli.md's exit codes are the ones every command's --help gives", () => {
  const helpCodes = EXIT_CODES_HELP.replace(/^Exit codes: /, "")
    .split(/;\s+/)
    .flatMap(
      (part) =>
        /^[\d, ]+/
          .exec(part)?.[0]
          .split(",")
          .map((code) => code.trim()) ?? [],
    )
    .filter((code) => code !== "");
  const docCodes = [...section(doc, "### Exit codes").matchAll(/\*\*(\d+)\*\*/g)].map((match) => match[1]);
  expect(helpCodes.length).toBeGreaterThan(0);
  expect(docCodes).toEqual(helpCodes);
});

/** The `with:` of every step in `value` that uses the kit's action. */
function actionInputsUsed(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(actionInputsUsed);
  if (typeof value !== "object" || value === null) return [];
  const step = value as Record<string, unknown>;
  const own =
    typeof step.uses === "string" && step.uses.startsWith("pwa-conformance-kit/pwa-conformance-kit@")
      ? Object.keys((step.with as object | undefined) ?? {})
      : [];
  return [...own, ...Object.values(step).flatMap(actionInputsUsed)];
}

test.each(["README.md", "docs/cli.md"])("every input %s gives the action is one action.yml declares", (file) => {
  const inputs = Object.keys((parse(readFileSync(kitPath("action.yml"), "utf8")) as { inputs: object }).inputs);
  const used = codeBlocks(readFileSync(kitPath(file), "utf8"), "yaml").flatMap((block) => actionInputsUsed(parse(block)));
  expect(used.length).toBeGreaterThan(0);
  expect(used.filter((input) => !inputs.includes(input))).toEqual([]);
});
