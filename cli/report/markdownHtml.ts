/**
 * The Markdown the checklist (docs/conformance.md) is written in, as HTML: paragraphs, `-` lists,
 * and inline code, bold, links and autolinks. That is all the checklist uses; anything else left in
 * the text (a stray backtick or `**`, a link this does not read) throws, naming it, so the page is
 * never built with Markdown showing through. Every text is escaped.
 */
import { escapeHtml } from "../../kit/escapeHtml.ts";

/** Where a link of the Markdown goes on the page: relative targets are the caller's to resolve. */
export type LinkTarget = (target: string) => string;

const INLINE = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|<(https?:\/\/[^>\s]+)>|\*\*/g;

/** One paragraph's or list item's inline Markdown as HTML. */
export function inlineHtml(markdown: string, link: LinkTarget): string {
  let html = "";
  let last = 0;
  let bold = false;
  const text = (from: number, to: number) => {
    const plain = markdown.slice(from, to);
    const stray = /`|\]\(|\*\*/.exec(plain);
    if (stray)
      throw new Error(
        `Failed to render '${markdown.slice(0, 80)}': '${stray[0]}' is Markdown this page does not render. Write it as the checklist's other text is.`,
      );
    html += escapeHtml(plain);
  };
  for (const match of markdown.matchAll(INLINE)) {
    text(last, match.index);
    last = match.index + match[0].length;
    const [token, code, label, target, autolink] = match;
    if (code !== undefined) html += `<code>${escapeHtml(code)}</code>`;
    else if (label !== undefined && target !== undefined) html += `<a href="${escapeHtml(link(target))}">${inlineHtml(label, link)}</a>`;
    else if (autolink !== undefined) html += `<a href="${escapeHtml(autolink)}">${escapeHtml(autolink)}</a>`;
    else if (token === "**") {
      html += bold ? "</strong>" : "<strong>";
      bold = !bold;
    }
  }
  text(last, markdown.length);
  if (bold) throw new Error(`Failed to render '${markdown.slice(0, 80)}': a ** opens bold text that never closes.`);
  return html;
}

/** Blocks separated by blank lines: a block whose lines start with `- ` is a list, any other a paragraph. */
export function blocksHtml(markdown: string, link: LinkTarget): string {
  return markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== "")
    .map((block) => {
      if (!block.startsWith("- ")) return `<p>${inlineHtml(block.replace(/\s*\n\s*/g, " "), link)}</p>`;
      const items = block.split(/\n(?=- )/).map((item) => `<li>${inlineHtml(item.slice(2).replace(/\s*\n\s*/g, " "), link)}</li>`);
      return `<ul>${items.join("")}</ul>`;
    })
    .join("\n");
}
