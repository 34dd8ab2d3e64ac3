/**
 * The example apps' records, each a stack the kit has been run on, as the checklist page shows them
 * (cli/report/checklistPage.ts): what the app is built with and where its hand-written verdicts
 * are. Every record in docs/ with a verdict table is here (stackRecords.test.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { StackVerdicts } from "../../cli/report/checklistPage.ts";
import { parseRecordedVerdicts } from "./recordedVerdicts.ts";

export const STACK_RECORDS = [
  { name: "Next.js + Serwist (configurator)", record: "docs/next-app.md" },
  { name: "Next.js + @serwist/next's webpack plugin", record: "docs/serwist-webpack-app.md" },
  { name: "Vite SPA + vite-plugin-pwa (Workbox NetworkFirst)", record: "docs/second-app.md" },
  { name: "vite-plugin-pwa's default (prompt) setup", record: "docs/prompt-app.md" },
  { name: "Angular's service worker (ngsw)", record: "docs/angular-app.md" },
  { name: "SvelteKit + @vite-pwa/sveltekit (autoUpdate, prerendered pages)", record: "docs/sveltekit-app.md" },
  { name: "The reference app, through the proxy", record: "docs/reference-through-proxy.md" },
] as const;

/** Each record's verdicts, read from the repository at `root`. */
export function stackVerdicts(root: string): StackVerdicts[] {
  return STACK_RECORDS.map(({ name, record }) => ({
    name,
    record,
    verdicts: parseRecordedVerdicts(readFileSync(join(root, record), "utf8"), record).verdicts,
  }));
}
