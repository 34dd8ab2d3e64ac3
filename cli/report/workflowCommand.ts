/**
 * One GitHub Actions workflow command line (`::error file=…,title=…::message`), escaped as the
 * runner reads it (actions/toolkit's command.ts): `%`, CR and LF in the message and the properties,
 * and `:` and `,` in the properties too. Escaping also keeps an app's own words (an assertion may
 * quote a page) from starting a line of their own that the runner would take for a command.
 */

export type WorkflowCommandKind = "error" | "warning" | "notice";

const escapeData = (text: string): string => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");

const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** The command's line, without its line break; properties left undefined are left out. */
export function workflowCommand(kind: WorkflowCommandKind, properties: Readonly<Record<string, string | undefined>>, message: string): string {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${escapeProperty(value)}`)
    .join(",");
  return `::${kind}${props ? ` ${props}` : ""}::${escapeData(message)}`;
}
