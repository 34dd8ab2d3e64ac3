/**
 * The vitest configuration Stryker runs (stryker.config.mjs): the shared core's unit tests only.
 * The root vite.config.ts also collects the server's and the suite's tests, which no core mutant
 * can be killed by and which would only make every mutant slower to test.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: { include: ["src/core/*.test.ts"], environment: "node" },
});
