// @ts-check
// `npm run mutation`: StrykerJS mutates the shared core (src/core/*.ts) and runs its vitest unit tests
// against every mutant. Goal: a mutation score of at least 90%; `break` makes the run fail below it.
// Paths are relative to the repository root, where the npm script runs.

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  // The core's own tests live next to it; only they run (vitest.mutation.config.ts).
  vitest: { configFile: "bench/vitest.mutation.config.ts", related: false },
  mutate: ["src/core/*.ts", "!src/core/*.test.ts"],
  coverageAnalysis: "perTest",
  // Stryker rewrites the sandbox's tsconfig with TypeScript's compiler API, which TypeScript 7 no
  // longer has (`ts.parseConfigFileTextToJson is not a function`). Nothing needs rewriting: no
  // extends or reference leaves the sandbox, and vitest does not type-check. Naming a file that is
  // not there turns the rewrite off; there are no checker plugins that would read it.
  tsconfigFile: "no-tsconfig-for-stryker-to-rewrite.json",
  // Build output and reports only slow the sandbox copy. Every folder with a tsconfig stays: vite's
  // transform follows the root tsconfig's references, and a missing one fails every test file.
  ignorePatterns: ["dist", "test-results", "reports", "docs"],
  // A busy 2-core machine: leave a core for the rest, and give a slow run time before calling it a hang.
  concurrency: 1,
  timeoutMS: 10_000,
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
};

export default config;
