/**
 * Which files `vitest run` runs, and which of them need a module graph of their own: vite.config.ts
 * runs most files in one shared graph per worker (much faster), and those that vi.mock a module apart.
 */
export const UNIT_TESTS = ["{src,kit,mock-server,specs,cli,bench,examples,scripts}/**/*.test.ts", "scripts/*.test.mjs"];

export const NOT_UNIT_TESTS = ["**/node_modules/**", "examples/next-app/.next/**", "examples/serwist-webpack-app/.next/**"];

/**
 * Test files that vi.mock a module: the mock replaces it only for a file that imports it first, so
 * these cannot share a graph. unitTestFiles.test.ts fails when a file that mocks is missing here.
 */
export const MOCKING_TESTS = ["mock-server/replay/harRecorderWriteFailure.test.ts"];
