/** The SvelteKit stimulus's two readings of the app's files (svelteKitPageException.ts). */
import { expect, test } from "vitest";
import { pageNodeId, withThrowingComponent } from "./svelteKitPageException.ts";

test("the page's node is the last of the start script's node_ids", () => {
  const html = `<script>kit.start(app, element, {\n  node_ids: [0, 2],\n  data: [null,null],\n});</script>`;
  expect(pageNodeId(html)).toBe(2);
  expect(pageNodeId("<script>kit.start(app, element, { node_ids: [0, 5, 11] })</script>")).toBe(11);
});

test("a document without SvelteKit's start script names no node", () => {
  expect(pageNodeId("<html><body><script src=/main.js></script></body></html>")).toBeNull();
  expect(pageNodeId("node_ids: []")).toBeNull();
});

test("a minified node module exports a function that throws in its component's place, and the rest as it was", async () => {
  const module = `const e=()=>{},u={ssr:!1};function n(n){e(n)}export{n as component,u as universal};`;
  const edited = withThrowingComponent(module, "boom") as string;
  expect(edited).toContain("export{__pwaKitThrowingComponent as component,u as universal};");
  const loaded = (await import(`data:text/javascript,${encodeURIComponent(edited)}`)) as { component: () => void; universal: unknown };
  expect(() => loaded.component()).toThrow("boom");
  expect(loaded.universal).toEqual({ ssr: false });
});

test("an unminified export is found too; a module that exports no component is left alone", () => {
  expect(withThrowingComponent("const _page = () => {};\nexport {\n  _page as component\n};\n", "x")).toContain("__pwaKitThrowingComponent as component");
  expect(withThrowingComponent("export{n as universal};", "x")).toBeNull();
  expect(withThrowingComponent("export { component };", "x")).toBeNull();
  // A re-export names another module's binding: rewritten, it would not load at all.
  expect(withThrowingComponent('export { default as component } from "./page.js";', "x")).toBeNull();
});
