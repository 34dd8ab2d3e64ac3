/**
 * REG in Firefox and WebKit (playwright.config.ts's engine projects): the same rules as
 * specs/registration.spec.ts judges in Chromium, read through kit/engines. What the page did is read
 * in the page (its registrations) and from the mock server's journal (a register() call fetches the
 * worker script: the journal sees the fetch whichever engine made it), not from a spy on register(),
 * which classic WebDriver could not install before the page's own scripts (REG-3, whose spy records
 * each call against the load event, is not checked there). REG-2's Cache-Control is a property of
 * the server's answer, judged once, in Chromium.
 */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import { beforePage, type EnginePage } from "../../kit/engines/engine.ts";
import { CONTROL_TIMEOUT_MS } from "../../kit/workerControl.ts";
import { cameWithin, needs, precondition, RECOMMENDED, servedReference } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { checkProfileFirst } from "../harness/fixtures.ts";
import { registerWatchWindow } from "../harness/windows.ts";
import { needsScriptBeforePage } from "./enginePages.ts";
import { decided, registrationScopes, scriptFetches } from "./engineRegistration.ts";

/**
 * Takes a browser feature away (its argument: "serviceWorker" or "caches") before the page's scripts
 * run, and records what the page throws. Serialised into the page: it uses its argument alone.
 */
function without(what: unknown): void {
  const errors: string[] = [];
  (window as unknown as { __pckErrors: string[] }).__pckErrors = errors;
  addEventListener("error", (event) => errors.push(event.message));
  addEventListener("unhandledrejection", (event) => errors.push(String(event.reason)));
  if (what === "serviceWorker") Reflect.deleteProperty(Navigator.prototype, "serviceWorker");
  else {
    Reflect.deleteProperty(window, "caches");
    Reflect.deleteProperty(Window.prototype, "caches");
  }
}

const pageErrors = (page: EnginePage) => () => page.evaluate(() => (window as unknown as { __pckErrors?: string[] }).__pckErrors ?? [], null);

test.describe("REG-1 support detection", () => {
  test("REG-1 registers when serviceWorker and caches exist", async ({ enginePage, engineServer, profile }) => {
    await enginePage.goto(`${engineServer.origin}${profile.home}`);
    await expect
      .poll(() => scriptFetches(engineServer, profile), { message: "a fetch of the worker script (a register() call)", timeout: CONTROL_TIMEOUT_MS })
      .not.toEqual([]);
    await expect.poll(() => registrationScopes(enginePage), { message: "the page's registrations", timeout: CONTROL_TIMEOUT_MS }).not.toEqual([]);
  });

  test("REG-1 does nothing and throws nothing without navigator.serviceWorker", async ({ engineOf, engineServer, profile }) => {
    needsScriptBeforePage(engineOf, "taking navigator.serviceWorker away");
    const page = await engineOf.newPage({ beforePage: [beforePage(without, "serviceWorker")] });
    try {
      await page.goto(`${engineServer.origin}${profile.home}`);
      await decided(page, profile, pageErrors(page));
      expect(await pageErrors(page)(), "errors the page threw").toEqual([]);
      expect(await page.evaluate(() => "serviceWorker" in navigator, null)).toBe(false);
      expect(await scriptFetches(engineServer, profile)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test("REG-1 does nothing and throws nothing without Cache Storage", RECOMMENDED, async ({ engineOf, engineServer, profile, facts }) => {
    needsScriptBeforePage(engineOf, "taking Cache Storage away");
    const page = await engineOf.newPage({ beforePage: [beforePage(without, "caches")] });
    try {
      await page.goto(`${engineServer.origin}${profile.home}`);
      await decided(page, profile, pageErrors(page));
      expect(await page.evaluate(() => "caches" in window, null)).toBe(false);
      if (!profile.reference)
        await cameWithin("a register() call without Cache Storage", () =>
          expect.poll(() => scriptFetches(engineServer, profile), { timeout: registerWatchWindow(facts.registerCall) }).not.toEqual([]),
        );
      expect(await scriptFetches(engineServer, profile), "worker script fetches (register() calls) in a browser without Cache Storage").toEqual([]);
      expect(await registrationScopes(page)).toEqual([]);
      expect(await pageErrors(page)(), "errors the page threw").toEqual([]);
    } finally {
      await page.close();
    }
  });
});

test.describe("REG-2 scope", () => {
  test("REG-2 registers at the app root scope with the script under it", async ({ enginePage, engineServer, app, profile }) => {
    await enginePage.goto(`${engineServer.origin}${app.page(0).path}`);
    const registration = () =>
      enginePage.evaluate(async () => {
        const found = await navigator.serviceWorker.getRegistration();
        const worker = found?.active ?? found?.waiting ?? found?.installing;
        return found && worker ? { scope: found.scope, scriptURL: worker.scriptURL } : null;
      }, null);
    // A registration shows up before its worker does: wait for both, as long as for control.
    await expect.poll(registration, { message: "a registration with a worker covering the page", timeout: CONTROL_TIMEOUT_MS }).not.toBeNull();
    const info = await registration();
    const scope = `${engineServer.origin}${profile.worker.scope}`;
    expect(info?.scope, "the registration's scope").toBe(scope);
    expect(info?.scriptURL?.startsWith(scope), `the script ${info?.scriptURL} is under the scope`).toBe(true);
  });
});

/** What a register() call saw, recorded by watchRegister in the page. */
interface RegisterCall {
  readonly afterLoad: boolean;
  readonly readyState: string;
}

/**
 * Before the page's scripts: records each register() call with whether `load` had fired (this
 * listener is the document's first, so it runs before an app's own `load` listener), and holds
 * `load` back with an image the mock server answers late, as Chromium's REG-3 does with a route.
 * Serialised into the page: it uses its argument alone.
 */
function watchRegister(heldImage: unknown): void {
  const calls: { afterLoad: boolean; readyState: string }[] = [];
  let loaded = false;
  (window as unknown as { __pckRegisterCalls: typeof calls }).__pckRegisterCalls = calls;
  addEventListener("load", () => {
    loaded = true;
  });
  document.addEventListener("DOMContentLoaded", () => {
    const image = document.createElement("img");
    image.alt = "";
    image.src = String(heldImage);
    document.body.append(image);
  });
  const container = window.ServiceWorkerContainer?.prototype;
  if (!container) return;
  const register = container.register;
  container.register = function (this: ServiceWorkerContainer, ...args: Parameters<ServiceWorkerContainer["register"]>) {
    calls.push({ afterLoad: loaded, readyState: document.readyState });
    return register.apply(this, args);
  };
}

const registerCalls = (page: EnginePage) => page.evaluate(() => (window as unknown as { __pckRegisterCalls?: RegisterCall[] }).__pckRegisterCalls ?? [], null);

/** The image that holds `load` back: outside any app's scope, and new to the browser. */
const HELD_IMAGE = "/__pck-hold-load.png";
/** How much longer than the watch window the image is held, so the window ends before `load` does. */
const HOLD_MARGIN_MS = 1_000;

test.describe("REG-3 registration after load", () => {
  test("REG-3 registers only after the load event", async ({ engineOf, engineServer, profile, facts }) => {
    needsScriptBeforePage(engineOf, "watching register() calls against the load event");
    // The load event is held for the whole window in which the probe saw the app call register().
    const window = registerWatchWindow(facts.registerCall);
    await engineServer.addFault({ path: HELD_IMAGE, delayMs: window + HOLD_MARGIN_MS });
    const page = await engineOf.newPage({ beforePage: [beforePage(watchRegister, `${engineServer.origin}${HELD_IMAGE}`)] });
    try {
      await page.goto(`${engineServer.origin}${profile.home}`);
      await precondition("the load event was held back by the late image", async () =>
        expect((await engineServer.journal()).some((entry) => entry.url === HELD_IMAGE)).toBe(true),
      );
      await expect.poll(() => registerCalls(page), { message: "a register() call after load", timeout: CONTROL_TIMEOUT_MS }).not.toEqual([]);
      expect(await registerCalls(page), "each register() call: whether load had fired, and the document's readyState").toEqual(
        (await registerCalls(page)).map(() => ({ afterLoad: true, readyState: "complete" })),
      );
    } finally {
      await page.close();
    }
  });

  const lateBootQuery = (profile: Profile) => servedReference(profile, "starting the app's script after load").lateBootQuery;
  test.describe(() => {
    checkProfileFirst(lateBootQuery);
    test("REG-3 registers at once when the document is already complete", async ({ enginePage, engineServer, profile }) => {
      // The app's script is added only after `load`: waiting for another load event would never end.
      await enginePage.goto(`${engineServer.origin}${profile.home}?${lateBootQuery(profile)}`);
      await expect
        .poll(() => scriptFetches(engineServer, profile), { message: "a fetch of the worker script (a register() call)", timeout: CONTROL_TIMEOUT_MS })
        .not.toEqual([]);
      await expect.poll(() => registrationScopes(enginePage), { message: "the page's registrations", timeout: CONTROL_TIMEOUT_MS }).not.toEqual([]);
    });
  });
});

test.describe("REG-4 base path", () => {
  for (const index of [0, 1, 2]) {
    const outsidePath = (profile: Profile) => needs(profile.outside[index], `page outside the base path serving its shell (outside[${index}])`);
    test.describe(() => {
      checkProfileFirst(outsidePath);
      test(`REG-4 does not register outside the base path (outside page ${index + 1})`, async ({ enginePage, engineServer, profile, facts }) => {
        const path = outsidePath(profile);
        await enginePage.goto(`${engineServer.origin}${path}`);
        await decided(enginePage, profile, async () => []);
        if (!profile.reference)
          await cameWithin(`a register() call at ${path}`, () =>
            expect.poll(() => scriptFetches(engineServer, profile), { timeout: registerWatchWindow(facts.registerCall) }).not.toEqual([]),
          );
        expect(await scriptFetches(engineServer, profile), `worker script fetches (register() calls) at ${path}`).toEqual([]);
        expect(await registrationScopes(enginePage)).toEqual([]);
      });
    });
  }

  for (const index of [0, 1]) {
    const insidePath = (profile: Profile) => needs(profile.inside[index], `inside page ${index + 1} (inside[${index}])`);
    test.describe(() => {
      checkProfileFirst(insidePath);
      test(`REG-4 registers inside the base path (inside page ${index + 1})`, async ({ enginePage, engineServer, profile }) => {
        const path = insidePath(profile);
        await enginePage.goto(`${engineServer.origin}${path}`);
        await expect
          .poll(() => registrationScopes(enginePage), { message: `the registrations of ${path}`, timeout: CONTROL_TIMEOUT_MS })
          .toEqual([`${engineServer.origin}${profile.worker.scope}`]);
      });
    });
  }
});
