/**
 * The parts of reading a JSON file a user names that every loader shares (a scenario file, a HAR to
 * replay): why the file could not be read, and its text as JSON with a byte-order mark (editors on
 * Windows write one) dropped and a syntax error placed at its line and column. Each loader wraps the
 * problem in its own error and adds what its own format needs.
 */

/** Why a file a user named cannot be opened: the line of an error message. */
export function fileReadProblem(error: NodeJS.ErrnoException): string {
  if (error.code === "ENOENT") return `there is no such file (paths are relative to ${process.cwd()})`;
  if (error.code === "EACCES") return "this user may not read it";
  return `it cannot be read (${error.message})`;
}

/** "at line 3, column 7" from V8's "… at position 42"; empty when the message has no position. */
function jsonErrorPlace(text: string, message: string): string {
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return "";
  const before = text.slice(0, Number(position));
  const line = before.split("\n").length;
  const column = Number(position) - before.lastIndexOf("\n");
  return ` at line ${line}, column ${column}`;
}

/** The file's JSON value, or what is wrong with its text: `empty`, or `invalid` with V8's message, placed when it says where ("at line 3, column 7 (…)"). */
export function parseJsonFileText(
  text: string,
): { readonly json: unknown } | { readonly problem: "empty" } | { readonly problem: "invalid"; readonly why: string } {
  const source = text.replace(/^\uFEFF/, "");
  if (source.trim() === "") return { problem: "empty" };
  try {
    return { json: JSON.parse(source) };
  } catch (error) {
    const message = (error as Error).message;
    const place = jsonErrorPlace(source, message).trim();
    return { problem: "invalid", why: place === "" ? `(${message})` : `${place} (${message})` };
  }
}
