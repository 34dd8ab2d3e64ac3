/**
 * A text as the journal keeps it: at most `max` characters, and a visible mark when it was cut, so a
 * reader of the journal or a HAR never takes a clipped value for the one sent.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}…[truncated: ${text.length} characters]`;
}
