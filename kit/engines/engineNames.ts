/**
 * The engines the suite can run in, as PCK_ENGINES names them (docs/engines.md). Chromium is the one
 * whose verdicts the report gives; Debian's firefox-esr and WebKitGTK are neither current Firefox
 * nor Safari, so their verdicts are to be advisory when the report gets a column for them.
 */
export const ENGINES = ["chromium", "firefox", "webkit"] as const;
export type EngineName = (typeof ENGINES)[number];

const isEngine = (name: string): name is EngineName => (ENGINES as readonly string[]).includes(name);

/**
 * `chromium,firefox` → the engines, in the order given, each once. Throws an Error naming `flag`,
 * the unknown name and the known ones; an empty list is an error too.
 */
export function parseEngines(value: string, flag: string): EngineName[] {
  const names = value
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "");
  if (names.length === 0) throw new Error(`${flag} needs at least one engine: ${ENGINES.join(", ")}.`);
  const unknown = names.filter((name) => !isEngine(name));
  if (unknown.length > 0)
    throw new Error(
      `${flag}: unknown engine${unknown.length > 1 ? "s" : ""} ${unknown.map((name) => `'${name}'`).join(", ")}; the kit knows ${ENGINES.join(", ")}.`,
    );
  return [...new Set(names as EngineName[])];
}
