/**
 * UPD-2 in Firefox and WebKit: the same tests specs/updates.spec.ts runs in Chromium. At most one
 * reload per update, counted as the tab's new documents (specs/engines/engineDocuments.ts: exactly
 * in Firefox, by reading the page every 100 ms in WebKit), on the first-visit tab and on a tab loaded
 * under the old worker; and none over unsaved input, on either tab and when the update is applied
 * from a second tab of the same private context.
 */
import type { Profile } from "../../cli/profile/profileSchema.ts";
import type { AppFacts } from "../../kit/appFacts.ts";
import type { EngineBrowser, EnginePage } from "../../kit/engines/engine.ts";
import { APPLIED, armControllerChangeInPage, CHANGES_KEY, checkForUpdateBy, describeUpdateState, updateCheck, updateSettings } from "../checks/workerUpdate.ts";
import { cameWithin, notChecked, precondition, RECOMMENDED, stimulus } from "../harness/applicability.ts";
import { expect, test } from "../harness/engineFixtures.ts";
import { checkProfileFirst } from "../harness/fixtures.ts";
import type { MockServer } from "../harness/mockServerProcess.ts";
import { countDocuments, DOCUMENT_POLL_MS, pageCountingDocuments } from "./engineDocuments.ts";
import { engineControl, fieldValue, showsNamed, typeInto } from "./enginePages.ts";
import {
  acceptPrompt,
  appliedIn,
  autoTakeover,
  ENGINE_UPDATE_WAIT_MS,
  networkQuiet,
  newWorkerThere,
  notWithReopen,
  settled,
  stateIn,
} from "./engineUpdates.ts";

/** What the UPD-2 wait reads once the tab has had a second new document since the deploy. */
const RELOADED_TWICE = "reloaded twice";

test.describe("UPD-2 reloads on an update", () => {
  // Install, activation and reloads of an update take Firefox and WebKit longer under load (ENGINE_UPDATE_WAIT_MS).
  test.slow();
  checkProfileFirst(notWithReopen);

  /** A tab like a person's when a deploy lands: loaded under the worker that controls it now (a reload once it took control). */
  function reloadedUnderControl(page: EnginePage, path: string): Promise<void> {
    return precondition(`${path} reloaded under the worker's control`, async () => {
      await page.reload();
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null, null), { message: "the reloaded page is controlled" })
        .toBe(true);
    });
  }

  /**
   * Chromium's test in any engine: from the deploy until the update is applied, and once the network
   * is quiet after it, at most one new document of the tab. A second one ends the wait at once (a
   * page that reloads while a worker waits loops for ever, and its update never applies).
   */
  async function reloadsAtMostOnce(page: EnginePage, server: MockServer, profile: Profile, engine: EngineBrowser): Promise<void> {
    const update = updateSettings(profile);
    await settled(page, server, engine);
    await page.evaluate(armControllerChangeInPage, CHANGES_KEY);
    const documents = await countDocuments(page, engine);
    const { deploy } = await server.deploy({ oldAssets: "keep" });
    await checkForUpdateBy(() => page.evaluate(updateCheck, null), server, profile, deploy);
    await acceptPrompt(page, update);
    let progress = "";
    await cameWithin("the update is applied (UPD-1's subject), or the tab reloads a second time", () =>
      expect
        .poll(async () => (progress = (await documents.read()) > 1 ? RELOADED_TWICE : await appliedIn(page, update, profile, engine)), {
          timeout: ENGINE_UPDATE_WAIT_MS,
          intervals: [DOCUMENT_POLL_MS],
        })
        .toMatch(new RegExp(`^(${APPLIED}|${RELOADED_TWICE})$`)),
    );
    const reloads = `reloads of the tab since the deploy (new documents, ${documents.how})`;
    expect(await documents.read(), `${reloads}, the update ${progress === APPLIED ? "applied" : "not applied"}`).toBeLessThanOrEqual(1);
    if (progress !== APPLIED) notChecked(`the update was never applied (${progress}), so its reloads cannot be counted (UPD-1's tests say why)`);
    // The document that stays: the journal still for a while, the documents read all along.
    await networkQuiet(server, documents);
    expect(await documents.read(), `${reloads}, once the update was applied and the network went quiet`).toBeLessThanOrEqual(1);
  }

  test("UPD-2 an update reloads the page at most once", async ({ engineOf, engineServer, profile, facts }) => {
    const page = await pageCountingDocuments(engineOf);
    try {
      await engineControl(page, `${engineServer.origin}${profile.home}`, facts);
      await reloadsAtMostOnce(page, engineServer, profile, engineOf);
    } finally {
      await page.close();
    }
  });

  test("UPD-2 an update reloads a page loaded under the old worker at most once", async ({ engineOf, engineServer, profile, facts }) => {
    const page = await pageCountingDocuments(engineOf);
    try {
      await engineControl(page, `${engineServer.origin}${profile.home}`, facts);
      await reloadedUnderControl(page, profile.home);
      await reloadsAtMostOnce(page, engineServer, profile, engineOf);
    } finally {
      await page.close();
    }
  });

  /**
   * Chromium's keepsUnsavedInput() in any engine: text typed into the profile's field when the update
   * arrives and, where the app applies it by itself, takes over; once the network is quiet, no new
   * document of the tab and the text still there.
   */
  async function keepsUnsavedInput(page: EnginePage, server: MockServer, profile: Profile, engine: EngineBrowser, label: string, typed: string) {
    const update = updateSettings(profile);
    await page.evaluate(armControllerChangeInPage, CHANGES_KEY);
    const documents = await countDocuments(page, engine);
    const { deploy } = await server.deploy({ oldAssets: "keep" });
    await checkForUpdateBy(() => page.evaluate(updateCheck, null), server, profile, deploy);
    // The update arrives and, where the app applies it by itself, takes over; the person does nothing.
    await newWorkerThere(page);
    await autoTakeover(page, update);
    await networkQuiet(server, documents);
    expect(await documents.read(), `with unsaved input, after the update arrived: new documents of the tab (${documents.how}); expected no reload`).toBe(0);
    expect(await fieldValue(page, label), "what the person typed is still there").toBe(typed);
  }

  /** Opens the profile's input page under control in a page that counts its documents; `loadedUnder` reloads it once the worker controls it. */
  async function typingPage(engine: EngineBrowser, server: MockServer, profile: Profile, facts: AppFacts, loadedUnder: boolean) {
    const input = updateSettings(profile).input ?? notChecked("the profile names no text field the person types into (its update.input)");
    const page = await pageCountingDocuments(engine);
    await engineControl(page, `${server.origin}${input.path}`, facts);
    // A page may reload itself on the worker's first claim: the test's reload waits until it is done
    // (Firefox's driver fails a reload that another navigation interrupts).
    if (loadedUnder) {
      await settled(page, server, engine);
      await reloadedUnderControl(page, input.path);
    }
    // The person types once the page is done with the worker's first claim.
    await settled(page, server, engine);
    return { page, label: input.label };
  }

  test("UPD-2 an update does not reload a page with unsaved input", RECOMMENDED, async ({ engineOf, engineServer, profile, facts }) => {
    const { page, label } = await typingPage(engineOf, engineServer, profile, facts, false);
    try {
      const typed = "Unsaved words the person typed";
      await stimulus(`typing into the field '${label}'`, "update.input", () => typeInto(page, label, typed));
      await keepsUnsavedInput(page, engineServer, profile, engineOf, label, typed);
    } finally {
      await page.close();
    }
  });

  test(
    "UPD-2 an update does not reload a page loaded under the old worker with unsaved input, the focus elsewhere",
    RECOMMENDED,
    async ({ engineOf, engineServer, profile, facts }) => {
      const { page, label } = await typingPage(engineOf, engineServer, profile, facts, true);
      try {
        const typed = "Unsaved words the person typed, then left";
        await stimulus(`typing into the field '${label}', then moving the focus away`, "update.input", async () => {
          expect((await typeInto(page, label, typed, true)).focused, "the focus left the field").toBe(false);
        });
        await keepsUnsavedInput(page, engineServer, profile, engineOf, label, typed);
      } finally {
        await page.close();
      }
    },
  );

  test("UPD-2 an update applied from another tab does not reload a tab with unsaved input", RECOMMENDED, async ({ engineOf, engineServer, profile, facts }) => {
    const update = updateSettings(profile);
    const { page, label } = await typingPage(engineOf, engineServer, profile, facts, false);
    let other: EnginePage | undefined;
    try {
      const typed = "Unsaved words in a tab the person left for another";
      await stimulus(`typing into the field '${label}'`, "update.input", () => typeInto(page, label, typed));
      await page.evaluate(armControllerChangeInPage, CHANGES_KEY);
      const documents = await countDocuments(page, engineOf);
      const second = await page.newTab();
      other = second;
      await engineControl(second, `${engineServer.origin}${profile.home}`, facts);
      await second.evaluate(armControllerChangeInPage, CHANGES_KEY);
      const { deploy } = await engineServer.deploy({ oldAssets: "keep" });
      // The other tab finds the update and applies it as the app does: by itself (auto), or once the
      // person accepts it there (prompt). The tab with the typed text is left alone.
      await checkForUpdateBy(() => second.evaluate(updateCheck, null), engineServer, profile, deploy);
      const { accept } = update;
      if (update.activation === "prompt" && accept !== undefined) {
        // A person who accepts in the other tab has come from the typing tab, which the update reached
        // too: its prompt shows there first (a background tab's timers may run late, as Firefox's do).
        await cameWithin(`the typing tab shows the app's prompt too (a button named '${accept}')`, () =>
          expect.poll(() => showsNamed(page, "button", accept).catch(() => false), { timeout: ENGINE_UPDATE_WAIT_MS }).toBe(true),
        );
      }
      await acceptPrompt(second, update);
      const applied = await cameWithin("the update is applied in the other tab (UPD-1's subject)", () =>
        expect.poll(() => appliedIn(second, update, profile, engineOf), { timeout: ENGINE_UPDATE_WAIT_MS }).toBe(APPLIED),
      );
      if (!applied)
        notChecked(
          `the update was never applied in the other tab (${describeUpdateState(await stateIn(second))}), so it cannot have reached this one (UPD-1's tests say why)`,
        );
      // The new worker controls the typing tab too (clients.claim), or waits there: either way it has arrived.
      await cameWithin("the new worker takes over the typing tab too", () =>
        expect.poll(async () => (await stateIn(page))?.changed ?? false, { timeout: ENGINE_UPDATE_WAIT_MS, intervals: [DOCUMENT_POLL_MS] }).toBe(true),
      );
      await networkQuiet(engineServer, documents);
      expect(
        await documents.read(),
        `with unsaved input, after the update was applied from another tab: new documents of the tab (${documents.how}); expected no reload`,
      ).toBe(0);
      expect(await fieldValue(page, label), "what the person typed is still there").toBe(typed);
    } finally {
      await other?.close();
      await page.close();
    }
  });
});
