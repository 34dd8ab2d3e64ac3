/**
 * How to run the mock server as a process of its own: from a clone, `serve.mjs` (tsx with the
 * project's tsconfig); from the installed package, the compiled entry. React's production build
 * either way unless NODE_ENV says otherwise: the development build made server rendering about 1.7×
 * slower (docs/performance.md), and React picks its build when it is first imported.
 */
import { COMPILED, kitModule, kitPath } from "../../kit/kitPaths.ts";

export interface ServerEntry {
  readonly script: string;
  readonly execArgv: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

export function serverEntry(): ServerEntry {
  // execArgv stays empty: inheriting `--import tsx` from a parent would register tsx with the root
  // tsconfig, which includes no file, and the pages' JSX would compile with the classic runtime.
  return {
    script: COMPILED ? kitModule("mock-server/process/main.ts") : kitPath("mock-server", "process", "serve.mjs"),
    execArgv: [],
    env: { NODE_ENV: process.env.NODE_ENV ?? "production" },
  };
}
