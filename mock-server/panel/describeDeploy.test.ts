import { expect, test } from "vitest";
import { describeDeploy } from "./describeDeploy.ts";

test("says deploy 0 is the build the server started with, and what a later deploy did with how many files", () => {
  expect(describeDeploy(undefined)).toBe("Loading…");
  expect(describeDeploy({ deploy: 0, oldAssets: null, retired: [], dropped: 0 })).toBe("Deploy 0: the build the server started with.");
  expect(describeDeploy({ deploy: 2, oldAssets: "html-fallback", retired: ["/app/a.js"], dropped: 0 })).toBe(
    "Deploy 2: the previous build's scripts and styles (1 file) answer the app's start page (200 text/html), as an SPA host.",
  );
  expect(describeDeploy({ deploy: 1, oldAssets: "404", retired: ["/a.js", "/b.css"], dropped: 0 })).toContain("(2 files) answer 404");
  expect(describeDeploy({ deploy: 9, oldAssets: "404", retired: ["/a.js"], dropped: 2_000 })).toBe(
    "Deploy 9: the previous build's scripts and styles (1 file) answer 404, as a CDN after a clean deploy. 2000 older retired file(s) were let go past the server's cap and are served again.",
  );
});
