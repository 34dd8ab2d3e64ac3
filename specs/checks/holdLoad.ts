/**
 * Holds a document's `load` event back until the test says so: an init script appends an image to
 * the document at `DOMContentLoaded` (an image still loading delays `load`), and the image's
 * response waits for `release()`. The document itself is not touched, so a streamed or
 * compressed response (Next.js) goes to the browser exactly as served (REG-3).
 */
import type { Page } from "@playwright/test";

const HOLD_PATH = "/__pck-hold-load.png";
// A 1×1 transparent PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

export async function holdLoad(page: Page, documentPath: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${HOLD_PATH}`, async (route) => {
    await released;
    await route.fulfill({ status: 200, contentType: "image/png", body: PNG });
  });
  await page.addInitScript(
    ({ path, image }) => {
      if (location.pathname !== path) return;
      document.addEventListener("DOMContentLoaded", () => {
        const img = document.createElement("img");
        img.alt = "";
        img.src = image;
        document.body.append(img);
      });
    },
    { path: documentPath, image: HOLD_PATH },
  );
  return release;
}
