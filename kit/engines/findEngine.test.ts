import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, onTestFinished, test } from "vitest";
import { describeMissing, findFirefox, findWebKit, isMissing } from "./findEngine.mjs";

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "pck-engines-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A machine with WebKitWebDriver and MiniBrowser where `lib` and `bin` say. */
function webKitMachine(arch: string): { lib: string; driver: string } {
  const root = scratch();
  mkdirSync(join(root, "lib", arch, "webkit2gtk-4.1"), { recursive: true });
  writeFileSync(join(root, "lib", arch, "webkit2gtk-4.1", "MiniBrowser"), "");
  writeFileSync(join(root, "WebKitWebDriver"), "");
  return { lib: join(root, "lib"), driver: join(root, "WebKitWebDriver") };
}

test("PCK_FIREFOX names the Firefox to use", () => {
  const firefox = join(scratch(), "firefox");
  writeFileSync(firefox, "");
  expect(findFirefox({ PCK_FIREFOX: firefox })).toEqual({ executablePath: firefox });
});

test("a PCK_FIREFOX that does not exist is missing, saying what to do", () => {
  const found = findFirefox({ PCK_FIREFOX: "/nowhere/firefox" });
  expect(isMissing(found) && describeMissing(found)).toBe(
    "PCK_FIREFOX names /nowhere/firefox, which does not exist (unset PCK_FIREFOX or point it at a Firefox)",
  );
});

test("without WebKitGTK's MiniBrowser, WebKit is missing with the package that brings it", () => {
  const found = findWebKit({}, scratch());
  expect(isMissing(found) && describeMissing(found)).toBe("WebKitWebDriver not installed (apt-get install webkit2gtk-driver)");
});

test("MiniBrowser is found under any architecture's webkit2gtk-4.1; a DISPLAY makes Xvfb unneeded", () => {
  const { lib, driver } = webKitMachine("aarch64-linux-gnu");
  expect(findWebKit({ DISPLAY: ":5" }, lib, [driver])).toEqual({
    driver,
    miniBrowser: join(lib, "aarch64-linux-gnu", "webkit2gtk-4.1", "MiniBrowser"),
    xvfb: undefined,
  });
});

test("without a DISPLAY, WebKit needs Xvfb", () => {
  const { lib, driver } = webKitMachine("x86_64-linux-gnu");
  const found = findWebKit({}, lib, [driver]);
  if (isMissing(found)) expect(describeMissing(found)).toBe("Xvfb not installed (WebKitGTK needs a display, and DISPLAY is not set) (apt-get install xvfb)");
  else expect(found.xvfb).toBe("/usr/bin/Xvfb");
});
