/** The Nuxt stimulus's readings of the app's files (nuxtPageException.ts), on the shapes Nuxt 4.5 builds. */
import { expect, test } from "vitest";
import { nuxtDocument, routeChunk } from "./nuxtPageException.ts";

const DOCUMENT = `<!DOCTYPE html><html><head><script type="importmap">{"imports":{"#entry":"/_nuxt/CNQ0mUL3.js"}}</script><link rel="modulepreload" as="script" crossorigin href="/_nuxt/CNQ0mUL3.js"><link rel="modulepreload" as="script" crossorigin href="/_nuxt/DkdPFxBb.js"><script type="module" src="/_nuxt/CNQ0mUL3.js" crossorigin></script><link rel="prefetch" as="script" crossorigin href="/_nuxt/Bd17z0YL.js"></head><body><div id="__nuxt"></div><script>window.__NUXT__={};window.__NUXT__.config={public:{},app:{baseURL:"/",buildId:"0ebeb298",buildAssetsDir:"/_nuxt/",cdnURL:""}}</script></body></html>`;

const ENTRY =
  "Ah={},jh=[{name:`about`,path:`/about`,component:()=>Am(()=>import(`./OHUU8zQx.js`),[],import.meta.url)},{name:`recipes`,path:`/recipes`,component:()=>Am(()=>import(`./C_6Ww2ef.js`),[],import.meta.url)},{name:`index`,path:`/`,component:()=>Am(()=>import(`./DkdPFxBb.js`),[],import.meta.url)}];function Mh(e,t,n){let{pat";

test("a Nuxt document names its entry, the chunks it preloads and the route of the page", () => {
  expect(nuxtDocument(DOCUMENT, "http://127.0.0.1:4000/")).toEqual({
    entry: "http://127.0.0.1:4000/_nuxt/CNQ0mUL3.js",
    preloaded: ["http://127.0.0.1:4000/_nuxt/CNQ0mUL3.js", "http://127.0.0.1:4000/_nuxt/DkdPFxBb.js"],
    routePath: "/",
  });
});

test("under an app base URL, the route is the path inside it", () => {
  const based = DOCUMENT.replace('baseURL:"/"', 'baseURL:"/larder/"');
  expect(nuxtDocument(based, "http://127.0.0.1:4000/larder/")?.routePath).toBe("/");
  expect(nuxtDocument(based, "http://127.0.0.1:4000/larder")?.routePath).toBe("/");
  expect(nuxtDocument(based, "http://127.0.0.1:4000/larder/recipes")?.routePath).toBe("/recipes");
});

test("without an import map (Nuxt 3 before 3.17), the entry is the document's module script", () => {
  const older = DOCUMENT.replace(/<script type="importmap">.*?<\/script>/, "");
  expect(nuxtDocument(older, "http://127.0.0.1:4000/")?.entry).toBe("http://127.0.0.1:4000/_nuxt/CNQ0mUL3.js");
});

test("Nuxt 3's payload function holds the base URL too", () => {
  const payload = DOCUMENT.replace(
    /<script>window\.__NUXT__=.*?<\/script>/,
    '<script>window.__NUXT__=(function(a){return {config:{public:{},app:{baseURL:"/larder/",buildAssetsDir:"/_nuxt/",cdnURL:""}}}}(1))</script>',
  );
  expect(nuxtDocument(payload, "http://127.0.0.1:4000/larder/about")?.routePath).toBe("/about");
});

test("a document that is not Nuxt's is none", () => {
  expect(nuxtDocument("<html><body><script type=module src=/main.js></script></body></html>", "http://x/")).toBeNull();
  const noEntry = DOCUMENT.replace(/<script type="importmap">.*?<\/script>/, "").replace(/<script type="module"[^>]*><\/script>/, "");
  expect(nuxtDocument(noEntry, "http://x/")).toBeNull();
});

test("the route table gives each route's own chunk, never a neighbour's", () => {
  const entryUrl = "http://127.0.0.1:4000/_nuxt/CNQ0mUL3.js";
  expect(routeChunk(ENTRY, entryUrl, "/")).toBe("http://127.0.0.1:4000/_nuxt/DkdPFxBb.js");
  expect(routeChunk(ENTRY, entryUrl, "/about")).toBe("http://127.0.0.1:4000/_nuxt/OHUU8zQx.js");
  expect(routeChunk(ENTRY, entryUrl, "/nowhere")).toBeNull();
  // A route whose component is not a lazy import of its own: the next route's import is not taken.
  const eager = "[{name:`index`,path:`/`,component:Xy},{name:`about`,path:`/about`,component:()=>import(`./OHUU8zQx.js`)}]";
  expect(routeChunk(eager, entryUrl, "/")).toBeNull();
});

test("route meta between the path and the component, and double quotes, are read too", () => {
  const table = '[{name:"index",path:"/",meta:{layout:"wide"},component:()=>import("./Page.js").then(m=>m.default||m)}]';
  expect(routeChunk(table, "http://h/_nuxt/e.js", "/")).toBe("http://h/_nuxt/Page.js");
});
