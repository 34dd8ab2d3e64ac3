// Runs the mock server's TypeScript entry under tsx. The tsconfig is named explicitly because tsx
// applies a tsconfig only to the files it includes, and the root tsconfig.json is a solution file
// that includes none (so the app's .tsx would compile with the classic JSX runtime).
import { fileURLToPath } from "node:url";

process.env.TSX_TSCONFIG_PATH ??= fileURLToPath(new URL("../../tsconfig.base.json", import.meta.url));
await import("tsx/esm");
await import("../main.ts");
