/**
 * The self-check's deviant manifests (scripts/deviantWorker/): the page's manifest request, which
 * Chromium makes with the `manifest` destination, answered with a status, or with the app's own
 * manifest changed (members replaced, every icon's declared size replaced). The worker's own fetch
 * of the file (a plain `fetch`, for its precache) is left to the app, so the worker installs as it
 * always does and only what the browser reads as the manifest deviates.
 */
import type { BrowserContext } from "@playwright/test";
import { readAppBody, SUITE_READ_TIMEOUT_MS } from "../../kit/readAppBody.ts";

export type ManifestOverride = { readonly status: number } | { readonly patch?: Readonly<Record<string, unknown>>; readonly iconSizes?: string };

export async function overrideManifest(context: BrowserContext, override: ManifestOverride): Promise<void> {
  await context.route("**/*", async (route) => {
    if (route.request().resourceType() !== "manifest") return route.fallback();
    if ("status" in override) return route.fulfill({ status: override.status, body: "" });
    // Capped, as every body of the app the suite reads: route.fetch() reads an answer whole, however long.
    const { status, contentType, bytes } = await readAppBody(route.request().url(), { timeoutMs: SUITE_READ_TIMEOUT_MS });
    const manifest = { ...(JSON.parse(bytes.toString("utf8")) as Record<string, unknown>), ...override.patch };
    if (override.iconSizes !== undefined && Array.isArray(manifest.icons)) {
      manifest.icons = (manifest.icons as Record<string, unknown>[]).map((icon) => ({ ...icon, sizes: override.iconSizes }));
    }
    return route.fulfill({ status, contentType: contentType ?? "application/manifest+json", body: JSON.stringify(manifest) });
  });
}
