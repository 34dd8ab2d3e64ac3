/** The page-module stimuli's rewrite of a module's export (throwingExport.ts). */
import { afterEach, expect, test } from "vitest";
import { PAGE_MODULE_MARK, withThrowingExport } from "./throwingExport.ts";

const loadAsModule = async <T>(source: string): Promise<T> => (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as T;

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[PAGE_MODULE_MARK];
});

test("a minified SvelteKit node module exports a function that throws in its component's place, and the rest as it was", async () => {
  const module = "const e=()=>{},u={ssr:!1};function n(n){e(n)}export{n as component,u as universal};";
  const edited = withThrowingExport(module, "component", "boom") as string;
  expect(edited).toContain("export{__pwaKitThrowingComponent as component,u as universal};");
  const loaded = await loadAsModule<{ component: () => void; universal: unknown }>(edited);
  expect(() => loaded.component()).toThrow("boom");
  expect(loaded.universal).toEqual({ ssr: false });
});

test("a minified Nuxt page chunk's default export becomes a copy whose setup throws, marking the page before it does", async () => {
  // As Nuxt 4.5 builds a page (pages/index.vue), its imports from the entry left out.
  const module = "var a={__name:`index`,setup(){return()=>null}};export{a as default};";
  const edited = withThrowingExport(module, "default", "boom") as string;
  expect(edited).toContain("export{__pwaKitThrowingComponent as default};");
  const loaded = await loadAsModule<{ default: { __name: string; setup: () => unknown } }>(edited);
  expect(loaded.default.__name, "the rest of the component as it was").toBe("index");
  expect((globalThis as Record<string, unknown>)[PAGE_MODULE_MARK]).toBeUndefined();
  expect(() => loaded.default.setup()).toThrow("boom");
  expect((globalThis as Record<string, unknown>)[PAGE_MODULE_MARK]).toBe(true);
});

test("a page written with a template only (a render function, no setup) gets a setup that throws", async () => {
  const module = "function i(){return null}var r={},a=Object.assign(r,{render:i});export{a as default};";
  const loaded = await loadAsModule<{ default: { render: unknown; setup: () => unknown } }>(withThrowingExport(module, "default", "boom") as string);
  expect(typeof loaded.default.render).toBe("function");
  expect(() => loaded.default.setup()).toThrow("boom");
});

test("an unminified export is found too; a module without the export is left alone", () => {
  expect(withThrowingExport("const _page = () => {};\nexport {\n  _page as component\n};\n", "component", "x")).toContain(
    "__pwaKitThrowingComponent as component",
  );
  expect(withThrowingExport("export{n as universal};", "component", "x")).toBeNull();
  expect(withThrowingExport("export { component };", "component", "x")).toBeNull();
  expect(withThrowingExport("export{a as defaults};", "default", "x")).toBeNull();
});

test("a re-export is left alone: it names another module's binding, and rewritten the module would not load", () => {
  expect(withThrowingExport('export { default as component } from "./page.js";', "component", "x")).toBeNull();
  expect(withThrowingExport('export{a as default}from"./page.js";', "default", "x")).toBeNull();
});
