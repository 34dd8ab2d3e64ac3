/**
 * ERR-5's injected stimuli are ones it can rely on. On the reference app, checked as if its
 * profile named no throw path: a component of the page throws while it renders (a React app's
 * stimulus), and the app's error boundary shows its application-error page inside the frame; and the
 * mock server's throwOnLoad fault (the stimulus on an app React does not render) makes the first
 * script the page asks for throw, which the app's boot guard (renderDocument.tsx) turns into the same
 * page.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Profile } from "../cli/profile/profileSchema.ts";
import { INJECTED_EXCEPTION_MESSAGE } from "../mock-server/faults/throwOnLoad.ts";
import { throwFirstScript, throwWhileLoading, watchExceptions } from "./checks/clientError.ts";
import { throwInPageModule } from "./checks/pageModuleException.ts";
import { RENDER_EXCEPTION_MESSAGE, renderExceptionState } from "./checks/renderException.ts";
import { pageModuleThrew } from "./checks/throwingExport.ts";
import { servedReference } from "./harness/applicability.ts";
import { expect, test } from "./harness/fixtures.ts";

/** The reference profile's application-error page, which it always names (cli/profile/reference.json). */
const errorPageOf = (profile: Profile) => {
  const clientError = profile.fallbacks.clientError;
  if (!clientError) throw new Error("The reference profile names its application-error page (cli/profile/reference.json).");
  return clientError;
};

const withoutThrowPath = (profile: Profile): Profile => {
  const { path: _path, ...rest } = errorPageOf(profile);
  return { ...profile, fallbacks: { ...profile.fallbacks, clientError: rest } };
};

test("a component of the page throws while it renders, and the reference app's error boundary shows its application-error page in its frame", async ({
  page,
  mock,
  app,
  profile,
}) => {
  servedReference(profile, "the injected render exception's proof");
  const exceptions = watchExceptions(page);
  const checked = withoutThrowPath(profile);
  await throwWhileLoading(page, mock, checked);
  expect(await renderExceptionState(page), "the stimulus's state in the page").toMatchObject({ react: true, component: expect.any(String), thrown: true });
  expect(exceptions().filter((message) => message.includes(RENDER_EXCEPTION_MESSAGE)).length, "the render exception, reported").toBeGreaterThan(0);
  expect(
    (await mock.journal()).filter((entry) => entry.fault !== null),
    "requests a fault answered",
  ).toEqual([]);
  const clientError = errorPageOf(checked);
  await expect(app.textHolder(page, clientError)).toContainText(clientError.text, { useInnerText: true });
  await expect(page.getByRole("navigation").first()).toBeVisible();
});

test("the throwOnLoad fault makes the page's first script throw while loading, and the reference app shows its application-error page", async ({
  page,
  mock,
  app,
  profile,
}) => {
  servedReference(profile, "the injected exception's proof");
  const exceptions = watchExceptions(page);
  await throwFirstScript(mock);
  await page.goto(profile.home);
  await expect
    .poll(() => exceptions().filter((message) => message.includes(INJECTED_EXCEPTION_MESSAGE)).length, { message: "the injected exception, reported" })
    .toBeGreaterThan(0);
  const thrown = (await mock.journal()).filter((entry) => entry.fault !== null);
  expect(
    thrown.map((entry) => `${entry.url} ${entry.secFetchDest}`),
    "requests the fault answered",
  ).toEqual([expect.stringMatching(/^\/app\/assets\/main-[\w-]+\.js script$/)]);
  const clientError = errorPageOf(profile);
  await expect(app.textHolder(page, clientError)).toContainText(clientError.text, { useInnerText: true });
  await expect(page.getByRole("navigation").first()).toBeVisible();
});

/**
 * A page shaped as Nuxt 4.5 builds one (an import map naming the entry chunk, the route's chunk
 * preloaded, `window.__NUXT__.config`, a route table of lazy imports), whose entry renders the page's
 * component and shows an error page when it throws, as Nuxt's errorHandler does (logging only
 * "[NUXT_E1005]"). Served by a loopback server of the test's own: what Nuxt itself does was watched
 * by hand (docs/conformance.md, ERR-5); this proves the kit's part in a browser.
 */
const NUXT_SHAPED: Record<string, string> = {
  "/": `<!DOCTYPE html><html><head><script type="importmap">{"imports":{"#entry":"/_nuxt/Entry1.js"}}</script><link rel="modulepreload" as="script" crossorigin href="/_nuxt/Entry1.js"><link rel="modulepreload" as="script" crossorigin href="/_nuxt/Index2.js"><script type="module" src="/_nuxt/Entry1.js" crossorigin></script></head><body><div id="__nuxt"><nav><a href="/">Home</a> <a href="/about">About</a></nav><main><h1>Larder</h1></main></div><script>window.__NUXT__={};window.__NUXT__.config={public:{},app:{baseURL:"/",buildAssetsDir:"/_nuxt/",cdnURL:""}}</script></body></html>`,
  "/_nuxt/Entry1.js":
    "const jh=[{name:`about`,path:`/about`,component:()=>import(`./About3.js`)},{name:`index`,path:`/`,component:()=>import(`./Index2.js`)}];" +
    "const route=jh.find((r)=>r.path===location.pathname);const page=(await route.component()).default;" +
    "try{page()}catch{document.getElementById(`__nuxt`).innerHTML=`<h1>500</h1><p>Internal Server Error</p>`;console.error(`[NUXT_E1005]`)}",
  "/_nuxt/Index2.js": "var a=function(){return`Larder`};export{a as default};",
  "/_nuxt/About3.js": "var a=function(){return`About`};export{a as default};",
};

async function serveNuxtShaped(): Promise<{ origin: string; requested: string[]; close: () => Promise<void> }> {
  const requested: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    requested.push(path);
    const body = NUXT_SHAPED[path];
    if (body === undefined) return response.writeHead(404).end();
    response.writeHead(200, { "content-type": path.endsWith(".js") ? "text/javascript" : "text/html", "cache-control": "no-store" }).end(body);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, requested, close: () => new Promise((closed) => server.close(() => closed())) };
}

test("on a page shaped as Nuxt builds one, the home route's chunk is served with its component throwing, and the page shows its error page", async ({
  page,
  profile,
}) => {
  servedReference(profile, "the Nuxt page stimulus's proof");
  const nuxt = await serveNuxtShaped();
  try {
    const home = `${nuxt.origin}/`;
    const changed = await throwInPageModule(page, home, RENDER_EXCEPTION_MESSAGE);
    await page.goto(home);
    await expect.poll(() => pageModuleThrew(page), { message: "the page module's function threw" }).toBe(true);
    expect(changed(), "the module the stimulus changed").toEqual({ stack: "Nuxt", path: "/_nuxt/Index2.js" });
    await expect(page.locator("#__nuxt")).toContainText("Internal Server Error");
    expect(nuxt.requested, "no other route's chunk asked for").not.toContain("/_nuxt/About3.js");
  } finally {
    await nuxt.close();
  }
});
