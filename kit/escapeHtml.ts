/** Text made safe inside HTML, in an element or a quoted attribute: `&`, `<`, `>`, `"` and `'` as numeric references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
