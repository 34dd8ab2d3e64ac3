/**
 * The notes that go beside a starter profile (`<name>.md`, and the terminal): a JSON profile holds
 * no comments, and the schema allows no extra keys, so how each field was found and what init could
 * not find live here. `missingFieldsIn` reads the field paths back from the "Could not find" list.
 */
import type { FieldNote } from "./fieldNote.ts";

const MISSING_HEADING = "## Could not find";
const FOUND_HEADING = "## Found";

function bullet(note: FieldNote): string {
  return `- ${note.fields.map((field) => `\`${field}\``).join(", ")}: ${note.text}`;
}

export interface NotesInput {
  readonly name: string;
  readonly target: string;
  /** The profile's file name, as the notes refer to it. */
  readonly profileFile: string;
  readonly found: readonly FieldNote[];
  readonly missing: readonly FieldNote[];
}

export function profileNotesMarkdown({ name, target, profileFile, found, missing }: NotesInput): string {
  return [
    `# Starter profile: ${name}`,
    "",
    `Written by \`init\` from ${target} into \`${profileFile}\`. A JSON profile holds no comments, so how`,
    "each field was found, and what init could not find, is written here. Review the profile, fill in",
    `or leave out what is listed under "Could not find", then run the check with \`--profile ${profileFile}\`.`,
    "",
    MISSING_HEADING,
    "",
    ...(missing.length === 0 ? ["Nothing."] : missing.map(bullet)),
    "",
    FOUND_HEADING,
    "",
    ...found.map(bullet),
    "",
  ].join("\n");
}

/** Every field path named in the "Could not find" list of notes written by `profileNotesMarkdown`. */
export function missingFieldsIn(markdown: string): string[] {
  const section = markdown.split(MISSING_HEADING)[1]?.split(FOUND_HEADING)[0] ?? "";
  return section.split("\n").flatMap((line) => /^- ((?:`[^`]+`(?:, )?)+): /.exec(line)?.[1]?.match(/[^`, ]+/g) ?? []);
}
