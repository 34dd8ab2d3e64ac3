/**
 * The vitest configuration Stryker runs (stryker.config.mjs): the shared core's unit tests only.
 * The root vite.config.ts also collects the server's and the suite's tests, which no core mutant
 * can be killed by and which would only make every mutant slower to test.
 */
import { defineConfig } from "vitest/config";
import { KIT_ROOT } from "../kit/kitPaths.ts";

export default defineConfig({
  root: KIT_ROOT,
  test: { include: ["src/core/*.test.ts"], environment: "node" },
});
