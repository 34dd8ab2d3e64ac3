/** `text` as a regular expression (JavaScript or RE2) that matches exactly that text. */
export function regexLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
