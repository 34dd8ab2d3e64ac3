import { describe, expect, test } from "vitest";
import { blocksHtml, inlineHtml } from "./markdownHtml.ts";

const asIs = (target: string) => target;

describe("inlineHtml", () => {
  test("renders code, bold, links and autolinks", () => {
    expect(inlineHtml("**Why.** `caches` and [web.dev](https://web.dev/a) or <https://x.test/b>", asIs)).toBe(
      '<strong>Why.</strong> <code>caches</code> and <a href="https://web.dev/a">web.dev</a> or <a href="https://x.test/b">https://x.test/b</a>',
    );
  });

  test("escapes text, code and link targets, and keeps Markdown inside code as it is", () => {
    expect(inlineHtml(`<img src=x onerror="a()"> \`<base href> **x**\` [t](https://x.test/?a="b"&c)`, asIs)).toBe(
      '&#60;img src=x onerror=&#34;a()&#34;&#62; <code>&#60;base href&#62; **x**</code> <a href="https://x.test/?a=&#34;b&#34;&#38;c">t</a>',
    );
  });

  test("gives each link's target to the caller to resolve", () => {
    expect(inlineHtml("[performance.md](performance.md)", (target) => `https://x.test/docs/${target}`)).toBe(
      '<a href="https://x.test/docs/performance.md">performance.md</a>',
    );
  });

  test.each([
    ["a stray backtick", "a ` alone", "'`' is Markdown this page does not render"],
    ["a link it does not read", "[a link](with spaces)", "'](' is Markdown this page does not render"],
    ["bold that never closes", "**Why. because", "a ** opens bold text that never closes"],
  ])("throws on %s, naming it", (_what, markdown, message) => {
    expect(() => inlineHtml(markdown, asIs)).toThrow(message);
  });
});

describe("blocksHtml", () => {
  test("makes paragraphs of blocks, lists of blocks of '- ' items, and joins a block's lines", () => {
    expect(blocksHtml("One\nline.\n\n- **A** first\n  more\n- second\n\nLast.", asIs)).toBe(
      "<p>One line.</p>\n<ul><li><strong>A</strong> first more</li><li>second</li></ul>\n<p>Last.</p>",
    );
  });
});
