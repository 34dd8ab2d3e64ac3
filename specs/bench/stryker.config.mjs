// @ts-check
// `npm run mutation`: StrykerJS mutates the shared core (src/core/*.ts) and runs its vitest unit tests
// against every mutant. Goal: a mutation score of at least 90%; `break` makes the run fail below it.
// Paths are relative to the repository root, where the npm script runs.

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  // The core's own tests live next to it; only they run, not the server's or the suite's.
  vitest: { configFile: "vite.config.ts", dir: "src/core", related: false },
  mutate: ["src/core/*.ts", "!src/core/*.test.ts"],
  coverageAnalysis: "perTest",
  // The sandbox needs the sources, the configs and node_modules (linked); the rest only slows the copy.
  ignorePatterns: ["dist", "test-results", "reports", "docs", "specs", "mock-server", "sw", "src/app", "src/shell"],
  // A busy 2-core machine: leave a core for the rest, and give a slow run time before calling it a hang.
  concurrency: 1,
  timeoutMS: 10_000,
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
};

export default config;
