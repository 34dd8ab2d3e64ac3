/**
 * Discovers what it can of a running app in Chromium, talking to the app's origin only: the worker
 * and its scope, the home page's in-scope links and their pages' headings, the 404 page, a client-
 * side navigation's data requests, pages outside the base path, the offline page, whether the app
 * reloads when back online, and how it takes an update (through the kit's proxy, in this process). Each step is bounded (internal/timeouts.ts); each browser context is
 * fresh where a step needs a browser that has not seen the app's pages.
 */
import { type Browser, chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../../kit/chromium.mjs";
import { loadProfile, REFERENCE_PROFILE } from "../profile/loadProfile.ts";
import { PAGES_USED } from "../profile/profileSchema.ts";
import type { AppFacts, ClientNavigationFact, FailedStep, ManifestFact, OfflineFact, OnlineFact, UpdateFact } from "./appFacts.ts";
import { initError } from "./initErrors.ts";
import { observeClientNavigation } from "./internal/observeClientNavigation.ts";
import { openHome } from "./internal/openHome.ts";
import { readMainText } from "./internal/pageReads.ts";
import { probeManifest } from "./internal/probeManifest.ts";
import { probeOffline } from "./internal/probeOffline.ts";
import { probeOnlineReload } from "./internal/probeOnlineReload.ts";
import { notFoundPath, outsidePaths, probeNotFound, probeOutside } from "./internal/probePaths.ts";
import { probeUpdate } from "./internal/probeUpdate.ts";
import { closeContext, targetContext } from "./internal/targetContext.ts";
import { LAUNCH_TIMEOUT_MS } from "./internal/timeouts.ts";
import { isUsablePage, visitLinks } from "./internal/visitLinks.ts";

async function launch(): Promise<Browser> {
  let found: ReturnType<typeof findChromium>;
  try {
    found = findChromium();
  } catch (error) {
    throw initError("launch", (error as Error).message);
  }
  if (found === undefined) throw initError("noChromium");
  try {
    return await chromium.launch({
      args: CHROMIUM_ARGS,
      timeout: LAUNCH_TIMEOUT_MS,
      ...(found.executablePath ? { executablePath: found.executablePath } : {}),
    });
  } catch (error) {
    throw initError("launch", `${found.describe}: ${(error as Error).message.split("\n")[0]}`);
  }
}

/** Runs a step whose failure is a finding (it goes into the notes), not the end of discovery. */
async function attempt<T>(step: string, run: () => Promise<T>, failed: (detail: string) => T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    return failed(`${step} failed: ${(error as Error).message.split("\n")[0]}`);
  }
}

export async function discoverApp(target: URL, log: (step: string) => void = () => {}): Promise<AppFacts> {
  const browser = await launch();
  try {
    const origin = target.origin;
    const context = await targetContext(browser, origin);
    const page = await context.newPage();
    log(`opening ${target.href}`);
    // The kit's reference shell is the one app with hooks of its own (the profile's `reference`).
    const home = await openHome(page, target, loadProfile(REFERENCE_PROFILE).reference?.renderIdSelector ?? null);
    const { scope } = home.worker;
    const basePath = scope === "/" ? "/" : scope.replace(/\/$/, "");

    const homeText = await readMainText(page);

    log(`worker ${home.worker.script}, scope ${scope}; visiting up to ${home.links.length} linked pages`);
    const links = await visitLinks(page, home.links, PAGES_USED, scope, home.home);
    const trailingSlash = links.length > 0 && links.every((link) => new URL(link.path, origin).pathname.endsWith("/"));
    log("asking for a path the app does not have, and for paths outside its base path");
    const unknown = notFoundPath(scope, trailingSlash);
    let notFound = await probeNotFound(page, unknown);
    const outside = await probeOutside(page, outsidePaths(basePath), home.scripts);
    if (notFound.text !== null && notFound.text === homeText) {
      // The home page's text at an unknown path: a worker that answers every path with home, or a
      // server that does. Without the worker the server shows its own 404 page, if it has one.
      log(`${unknown} showed the home page: asking for it again with service workers blocked`);
      const bare = await targetContext(browser, origin, { serviceWorkers: "block" });
      const withoutWorker = await attempt(
        `Opening ${unknown} without the worker`,
        async () => probeNotFound(await bare.newPage(), unknown),
        () => null,
      );
      await closeContext(bare);
      if (withoutWorker !== null) notFound = { ...notFound, withoutWorker: { status: withoutWorker.status, text: withoutWorker.text } };
    }

    const usable = links.filter((link): link is typeof link & { heading: string; name: string } => link.heading !== null && link.name !== null);
    let clientNavigation: ClientNavigationFact | FailedStep | null = null;
    const first = usable[0];
    if (first !== undefined) {
      log(`clicking '${first.name}' on ${home.home}`);
      clientNavigation = await attempt<ClientNavigationFact | FailedStep>(
        `Clicking '${first.name}' on ${home.home}`,
        async () => observeClientNavigation(await context.newPage(), origin, home.home, first),
        (failed) => ({ failed }),
      );
    }
    await closeContext(context);

    // A browser that has seen only the home page, as NAV-6's spec has: the page its test takes
    // (the profile's third, else its first: appDriver's pageOrAnother), else any unknown one.
    const pages = links.filter(isUsablePage);
    const probe = pages[2] ?? pages[0];
    const offlinePath = probe?.path ?? `${scope}pck-init-offline-probe`;
    log(`going offline and opening ${offlinePath}`);
    const offlineContext = await targetContext(browser, origin);
    const offline = await attempt<OfflineFact>(
      `Opening ${offlinePath} offline`,
      () => probeOffline(offlineContext, home.home, offlinePath, probe?.heading ?? null, homeText),
      (detail) => ({ kind: "unknown", path: offlinePath, detail: `${detail}.` }),
    );
    await closeContext(offlineContext);

    log("going offline and online again on a paused fake clock");
    const onlineContext = await targetContext(browser, origin);
    const online = await attempt<OnlineFact>(
      "Going offline and online again",
      () => probeOnlineReload(onlineContext, home.home),
      (detail) => ({ reloads: null, detail }),
    );
    await closeContext(onlineContext);

    log("reading the manifest the home page links, and opening its start URL");
    const manifestContext = await targetContext(browser, origin);
    const manifest = await attempt<ManifestFact>(
      "Reading the manifest",
      () => probeManifest(manifestContext, home.home),
      (detail) => ({ kind: "unknown", detail }),
    );
    await closeContext(manifestContext);

    log("deploying a new worker through the kit's proxy, to see how the app takes an update");
    const update = await attempt<UpdateFact>(
      "Deploying a new worker",
      () => probeUpdate(browser, origin, home.home, home.worker),
      (detail) => ({ kind: "unknown", detail }),
    );

    return {
      target: target.href,
      name: home.name,
      home: home.home,
      homeText,
      worker: home.worker,
      links,
      clientNavigation,
      notFound,
      outside,
      offline,
      online,
      update,
      manifest,
      referenceHooks: home.referenceHooks,
    };
  } finally {
    await browser.close();
  }
}
