/**
 * Holds a document's `load` event back until the test says so: the document is fetched as served and
 * an image is appended whose response waits for `release()`. Works on any app (REG-3).
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
  await page.route(
    (url) => url.pathname === documentPath,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace("</body>", `<img alt="" src="${HOLD_PATH}"></body>`);
      await route.fulfill({ response, body });
    },
  );
  await page.route(`**${HOLD_PATH}`, async (route) => {
    await released;
    await route.fulfill({ status: 200, contentType: "image/png", body: PNG });
  });
  return release;
}
