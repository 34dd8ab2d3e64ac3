/**
 * The constants docs/mock-server.md's table of limits names, read from the code, and the ways the
 * table may write their values, so a test can hold the two together.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { KIT_ROOT } from "../../kit/kitPaths.ts";

/** Where a limit may be defined: the kit's own code, never its tests or the panel's page. */
const SOURCE_FOLDERS = ["cli", "kit", "mock-server", "src"];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(KIT_ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|mjs)$/.test(file) && !/\.test\.ts$/.test(file) && !file.includes("node_modules"))
    .map((file) => join(folder, file));
}

export interface Declaration {
  /** The file, relative to the repository root. */
  readonly file: string;
  /** What the constant is set to, as written: `1_000`, `16 * 1024`, `"16kb"`, `MAX_HAR_BYTES`. */
  readonly expression: string;
  readonly exported: boolean;
}

/** Every `const NAME = …;` of the kit's code, by name. */
export function declarations(): Map<string, Declaration[]> {
  const found = new Map<string, Declaration[]>();
  for (const file of SOURCE_FOLDERS.flatMap(sourceFiles)) {
    const text = readFileSync(join(KIT_ROOT, file), "utf8");
    for (const match of text.matchAll(/^(export )?const ([A-Z][A-Z0-9_]*)(?::[^=]+)? = ([^;]+);/gm)) {
      const name = match[2] ?? "";
      found.set(name, [...(found.get(name) ?? []), { file, expression: match[3] ?? "", exported: match[1] !== undefined }]);
    }
  }
  return found;
}

/** A value as the code has it: a number, or an Express body limit such as `"16kb"` (1,024 bytes a kb, as Express counts). */
export function numericValue(value: unknown): number {
  if (typeof value === "number") return value;
  const kb = typeof value === "string" ? /^(\d+)kb$/i.exec(value) : null;
  if (kb) return Number(kb[1]) * 1024;
  throw new Error(`${JSON.stringify(value)} is not a limit this test knows how to read`);
}

/** The constant's value: a number literal from its source, else the value its module exports. */
export async function declaredValue(name: string, declaration: Declaration): Promise<number> {
  const literal = declaration.expression.trim();
  if (/^[\d_]+$/.test(literal)) return Number(literal.replace(/_/g, ""));
  if (!declaration.exported) throw new Error(`${name} (${declaration.file}) is neither a number literal nor exported, so its value cannot be read`);
  const module = (await import(join(KIT_ROOT, declaration.file))) as Record<string, unknown>;
  return numericValue(module[name]);
}

const SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

/** The ways the table writes `value`: `1,000`, `16 KiB` or `16 kB`, `32 MiB`, `1 MB`, `10⁹`, `120 s`, `a day`. */
export function renderings(name: string, value: number): string[] {
  const KiB = 1024;
  const MiB = 1024 * 1024;
  const written = [value.toLocaleString("en-US")];
  if (value >= KiB && value % KiB === 0) written.push(`${value / KiB} KiB`, `${value / KiB} kB`);
  if (value >= MiB && value % MiB === 0) written.push(`${value / MiB} MiB`, `${value / MiB} MB`);
  if (value >= 1e6 && value % 1e6 === 0) written.push(`${value / 1e6} MB`);
  const exponent = Math.log10(value);
  if (value >= 1e6 && Number.isInteger(exponent)) written.push(`10${[...String(exponent)].map((digit) => SUPERSCRIPTS[Number(digit)]).join("")}`);
  if (name.endsWith("_MS") && value % 1000 === 0) written.push(`${(value / 1000).toLocaleString("en-US")} s`);
  if (name.endsWith("_MS") && value === 86_400_000) written.push("a day");
  return written;
}

/** Whether `text` shows `written` as a whole: `20` is not in `2,000` or `200`, `2` is not in `2,000`. */
export function shows(text: string, written: string): boolean {
  const escaped = written.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\d,.])${escaped}(?![\\d⁰¹²³⁴⁵⁶⁷⁸⁹]|,\\d)`).test(text);
}
