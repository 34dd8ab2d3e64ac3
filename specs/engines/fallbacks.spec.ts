/**
 * The failure pages of a full document load in Firefox and WebKit (ERR-1..3), the same rules
 * specs/fallbacks.spec.ts judges in Chromium, on a page the app's worker controls, as a returning
 * visitor's is. The status is the rule's core (an app shell answering 200 hides a broken link), so
 * where the engine gives no navigation's status (WebKitGTK) these tests are not checked, saying why,
 * rather than judged on the text alone. A client-side navigation whose data answers with the status
 * is judged in every engine: what the page shows.
 */
import { dataFaultsApply } from "../checks/dataRequests.ts";
import { FALLBACKS, fallbackOf } from "../checks/fallbackPages.ts";
import { faultMet } from "../checks/faultMet.ts";
import { documentFailing } from "../checks/faultTargets.ts";
import { unknownPath } from "../checks/notFoundPage.ts";
import { notChecked } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { checkProfileFirst } from "../harness/fixtures.ts";
import { clientNavigate, engineControl, landOn, NO_STATUS, shownText } from "./enginePages.ts";

const needsStatus = (engine: { engine: string; capabilities: { navigationStatus: boolean } }) => {
  if (!engine.capabilities.navigationStatus) notChecked(`${engine.engine}: ${NO_STATUS}`);
};

for (const { clause, status, key } of FALLBACKS) {
  test.describe(`${clause} ${status} fallback`, () => {
    checkProfileFirst((profile) => key !== "notFound" && fallbackOf(profile, key, status));

    test(`${clause} shows the ${status} page when the document answers ${status}`, async ({ enginePage, engineOf, engineServer, app, profile, facts }) => {
      needsStatus(engineOf);
      await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
      const own = key === "notFound" ? unknownPath(profile) : fallbackOf(profile, key, status).path;
      const { path, faultId } = await documentFailing(profile, engineServer, own, status, app.pageOrAnother(1).path);
      const outcome = await landOn(enginePage, `${engineServer.origin}${path}`);
      if (faultId) await faultMet(engineServer, faultId, `the document's ${status}`);
      expect(outcome.status, `the status of ${path}: ${outcome.summary}`).toBe(status);
      const fallback = profile.fallbacks[key];
      expect(fallback?.text, `the app's ${status} page (fallbacks.${key}; without one the app has none)`).toBeDefined();
      if (fallback) await expect.poll(() => shownText(enginePage, fallback.selector), { message: `what ${path} shows` }).toContain(fallback.text);
    });

    test.describe(() => {
      checkProfileFirst(dataFaultsApply);
      // What the app shows when a client-side navigation's data answers with the status: no document status to read, any engine.
      test(`${clause} shows the ${status} page when a client-side navigation's data answers ${status}`, async ({
        enginePage,
        engineServer,
        app,
        profile,
        facts,
      }) => {
        const target = app.pageOrAnother(1);
        await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
        await engineServer.addFault({ path: target.path, status, representation: "data" });
        await clientNavigate(enginePage, profile, target);
        const fallback = profile.fallbacks[key];
        expect(fallback?.text, `the app's ${status} page (fallbacks.${key}; without one the app has none)`).toBeDefined();
        if (fallback)
          await expect
            .poll(() => shownText(enginePage, fallback.selector), { message: `what ${target.path} shows after its data answered ${status}` })
            .toContain(fallback.text);
      });
    });
  });
}

test("ERR-1 shows the 404 page for an unknown route inside the base path", async ({ enginePage, engineOf, engineServer, profile, facts }) => {
  needsStatus(engineOf);
  await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
  const path = unknownPath(profile);
  const outcome = await landOn(enginePage, `${engineServer.origin}${path}`);
  expect(outcome.status, `the status of ${path}: ${outcome.summary}`).toBe(404);
  const notFound = profile.fallbacks.notFound;
  expect(notFound?.text, "the app's 404 page (fallbacks.notFound; without one the app has none)").toBeDefined();
  if (notFound) await expect.poll(() => shownText(enginePage, notFound.selector), { message: `what ${path} shows` }).toContain(notFound.text);
});
