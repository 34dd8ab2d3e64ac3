// Replaced at build time by vite.config.ts (shellWorker plugin): the app's hashed assets, relative to
// the scope, and a version derived from them so every new build is a new worker.
declare const __SHELL_PRECACHE__: readonly string[];
declare const __SHELL_VERSION__: string;
