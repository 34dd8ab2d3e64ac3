/**
 * Just enough of Markdown, as GitHub renders it, for the tests that keep README.md and docs/ true to
 * the code: headings and their anchors, a section, a table's rows, the links. Fenced code is not
 * Markdown: nothing inside a fence is a heading, a table or a link.
 */

import { githubSlug } from "../../kit/kitRepository.ts";

/** What a line is: Markdown, a fence opening a code block (with its info string), code, or the closing fence. */
type Line = { readonly text: string; readonly kind: "markdown" | "code" | "close" } | { readonly text: string; readonly kind: "open"; readonly info: string };

function classifyLines(markdown: string): Line[] {
  let fence: { char: string; length: number } | null = null;
  return markdown.split("\n").map((text): Line => {
    const match = /^\s*(`{3,}|~{3,})(.*)$/.exec(text);
    const marker = match?.[1];
    if (fence === null) {
      if (marker === undefined) return { text, kind: "markdown" };
      fence = { char: marker.charAt(0), length: marker.length };
      return { text, kind: "open", info: match?.[2]?.trim() ?? "" };
    }
    // A closing fence is the opening's character, at least as long, with nothing after it.
    if (marker !== undefined && marker.charAt(0) === fence.char && marker.length >= fence.length && match?.[2]?.trim() === "") {
      fence = null;
      return { text, kind: "close" };
    }
    return { text, kind: "code" };
  });
}

/** The file without its fenced code blocks, line for line (a fenced line becomes empty). */
export function withoutFences(markdown: string): string {
  return classifyLines(markdown)
    .map((line) => (line.kind === "markdown" ? line.text : ""))
    .join("\n");
}

/** The contents of the file's fenced code blocks whose info string is `lang` (`sh`, `yaml`). */
export function codeBlocks(markdown: string, lang: string): string[] {
  const blocks: string[] = [];
  let current: string[] | null = null;
  for (const line of classifyLines(markdown)) {
    if (line.kind === "open") current = line.info === lang ? [] : null;
    else if (line.kind === "code") current?.push(line.text);
    else if (line.kind === "close" && current !== null) {
      blocks.push(current.join("\n"));
      current = null;
    }
  }
  return blocks;
}

/** The file with only its fenced code blocks of `lang` left, line for line (every other line empty). */
export function onlyCode(markdown: string, lang: string): string {
  let inside = false;
  return classifyLines(markdown)
    .map((line) => {
      if (line.kind === "open") inside = line.info === lang;
      return inside && line.kind === "code" ? line.text : "";
    })
    .join("\n");
}

export interface Heading {
  readonly level: number;
  readonly text: string;
  /** The line it is on, 1-based. */
  readonly line: number;
}

export function headings(markdown: string): Heading[] {
  return classifyLines(markdown).flatMap(({ text, kind }, index) => {
    const match = kind === "markdown" ? /^(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/.exec(text) : null;
    return match ? [{ level: match[1]?.length ?? 0, text: match[2] ?? "", line: index + 1 }] : [];
  });
}

/** Every anchor a link may name in the file: its headings' slugs, a repeated one numbered as GitHub does. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const { text } of headings(markdown)) {
    const slug = githubSlug(text);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/**
 * The text under a heading (`### Limits`, written as in the file), up to the next heading of the
 * same or a higher level. Throws when the file has no such heading, naming it.
 */
export function section(markdown: string, heading: string): string {
  const all = headings(markdown);
  const start = all.find((h) => `${"#".repeat(h.level)} ${h.text}` === heading);
  if (!start) throw new Error(`no heading '${heading}'`);
  const end = all.find((h) => h.line > start.line && h.level <= start.level);
  return markdown
    .split("\n")
    .slice(start.line, end ? end.line - 1 : undefined)
    .join("\n");
}

/** The body rows of the tables in `markdown` (header and delimiter rows left out), each as its trimmed cells. */
export function tableRows(markdown: string): string[][] {
  const rows: string[][] = [];
  let inTable = false;
  for (const line of withoutFences(markdown).split("\n")) {
    const trimmed = line.trim();
    if (!trimmed.startsWith("|")) {
      inTable = false;
      continue;
    }
    const cells = trimmed
      .slice(1, trimmed.endsWith("|") ? -1 : undefined)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
    if (!inTable) {
      inTable = true; // the header row
      continue;
    }
    if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
    rows.push(cells);
  }
  return rows;
}

/** The spans of inline code in a cell or a line: `` `--port <n>`, `-h` `` gives `--port <n>` and `-h`. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? "");
}

export interface Link {
  readonly target: string;
  /** The line it is on, 1-based. */
  readonly line: number;
}

/** Every inline link and image of the file (`[text](target)`), outside code. */
export function links(markdown: string): Link[] {
  // Inline code becomes blanks of the same length, so that line numbers and brackets stay put.
  const text = withoutFences(markdown).replace(/`[^`\n]*`/g, (code) => " ".repeat(code.length));
  return [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => ({
    target: match[1] ?? "",
    line: text.slice(0, match.index).split("\n").length,
  }));
}
