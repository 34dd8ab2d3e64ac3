// Replaced at build time by vite.config.ts: which of the two builds this is ("a" in dist/, "b" in
// dist/next-build/, the build `POST /__mock/deploy` switches to).
declare const __PCK_BUILD__: "a" | "b";
