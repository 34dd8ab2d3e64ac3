import { expect, test } from "vitest";
import { describeDeploy } from "./describeDeploy.ts";

test("says deploy 0 is the build the server started with, and what a later deploy did with how many files", () => {
  expect(describeDeploy(undefined)).toBe("Loading…");
  expect(describeDeploy({ deploy: 0, oldAssets: null, retired: [] })).toBe("Deploy 0: the build the server started with.");
  expect(describeDeploy({ deploy: 2, oldAssets: "html-fallback", retired: ["/app/a.js"] })).toBe(
    "Deploy 2: the previous build's scripts and styles (1 file) answer the app's start page (200 text/html), as an SPA host.",
  );
  expect(describeDeploy({ deploy: 1, oldAssets: "404", retired: ["/a.js", "/b.css"] })).toContain("(2 files) answer 404");
});
