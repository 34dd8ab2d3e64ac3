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

/** How the report names each engine when it has no version to give (the engine was not installed). */
export const ENGINE_LABEL: Readonly<Record<EngineName, string>> = { chromium: "Chromium", firefox: "Firefox", webkit: "WebKit" };

/**
 * The annotation each engine test carries: the engine's exact build in words, from the browser
 * itself ("Firefox 153.7.0 (/usr/bin/firefox-esr, puppeteer-core over WebDriver BiDi)"), or why it
 * is not installed. The report's engine column is headed with it; a merged run keeps it in the blobs.
 */
export const ENGINE_BUILD_ANNOTATION = "engine build";

/**
 * The annotation of an engine test its engine's driver cannot run at all (WebKitWebDriver runs no
 * script before the page's own): it ends not checked, saying why, whatever the app does. The
 * self-check takes such a test as neither a pass nor a catch (scripts/deviantWorker/caughtReporter.ts).
 */
export const DRIVER_CANNOT_ANNOTATION = "engine driver cannot";

/**
 * Why a clause, or one level of it, is left to Chromium by design, or undefined: the report says so
 * in another engine's column instead of "not yet". The install clauses read Chromium's install
 * protocol (the manifest as Chromium parses it, its installability verdict, the installed app's
 * window); REG-2's recommended rule is the worker script's Cache-Control, the server's answer, the
 * same whichever engine asks.
 */
export function chromiumOnly(clauseId: string, level?: "required" | "recommended"): string | undefined {
  if (clauseId.startsWith("INS-")) return "Chromium only: the install checks need Chromium's install protocol";
  if (clauseId === "REG-2" && level === "recommended") return "Chromium only: the worker script's Cache-Control is the server's answer, judged once";
  if (clauseId === "UPD-5" && level === "recommended")
    return "Chromium only: the Cache-Control of the worker script and its imports is the server's answer, judged once";
  return undefined;
}
