// Runs the mock server's TypeScript entry under tsx. The tsconfig is named explicitly because tsx
// applies a tsconfig only to the files it includes, and the root tsconfig.json is a solution file
// that includes none (so the app's .tsx would compile with the classic JSX runtime).
import { fileURLToPath } from "node:url";

// React's development build made server rendering the mock server's main cost: 29% of its CPU
// under load went to renderToString, mostly dev-only element validation and owner stacks, and
// a page with a status fault answered about 1.7× slower than with the production build
// (docs/performance.md, bench:throughput). The browser gets Vite's production build already.
process.env.NODE_ENV ??= "production";
process.env.TSX_TSCONFIG_PATH ??= fileURLToPath(new URL("../../tsconfig.base.json", import.meta.url));
await import("tsx/esm");
await import("./main.ts");
