/** The SvelteKit stimulus's two readings of the app's files (svelteKitPageException.ts). */
import { expect, test } from "vitest";
import { pageNodeId } from "./svelteKitPageException.ts";

test("the page's node is the last of the start script's node_ids", () => {
  const html = `<script>kit.start(app, element, {\n  node_ids: [0, 2],\n  data: [null,null],\n});</script>`;
  expect(pageNodeId(html)).toBe(2);
  expect(pageNodeId("<script>kit.start(app, element, { node_ids: [0, 5, 11] })</script>")).toBe(11);
});

test("a document without SvelteKit's start script names no node", () => {
  expect(pageNodeId("<html><body><script src=/main.js></script></body></html>")).toBeNull();
  expect(pageNodeId("node_ids: []")).toBeNull();
});
