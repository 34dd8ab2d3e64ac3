/**
 * The next deploy in Firefox and WebKit: UPD-5's required rule, the same test specs/updates.spec.ts
 * runs in Chromium. The mock server deploys a new build (`POST /__mock/deploy`: the reference's
 * second build, or the worker script with new bytes behind the proxy), the page asks for an update
 * check, and the journal says whether the browser went to the server for the worker script: each
 * engine has its own HTTP cache and its own reading of `updateViaCache`, which is what the rule is
 * about. UPD-5's recommended rule reads the server's Cache-Control headers alone, the same in every
 * engine, so it is judged once, in Chromium.
 */
import { UPDATE_WAIT_MS, updateCheck } from "../checks/workerUpdate.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { engineControl } from "./enginePages.ts";

test.describe("UPD-5 the worker script is never pinned by an HTTP cache", () => {
  test("UPD-5 an update check after a deploy reaches the server for the worker script", async ({ enginePage, engineServer, profile, facts }) => {
    await engineControl(enginePage, `${engineServer.origin}${profile.home}`, facts);
    // A check before the deploy first, as an earlier visit made (specs/updates.spec.ts says why).
    await enginePage.evaluate(updateCheck, null);
    const { deploy } = await engineServer.deploy({ oldAssets: "keep" });
    await enginePage.evaluate(updateCheck, null);
    const asked = async () =>
      (await engineServer.journal()).some((entry) => entry.deploy >= deploy && new URL(entry.url, engineServer.origin).pathname === profile.worker.script);
    await expect.poll(asked, { message: `the update check asked the server for ${profile.worker.script}`, timeout: UPDATE_WAIT_MS }).toBe(true);
  });
});
