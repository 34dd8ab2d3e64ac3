/**
 * The checklist page (cli/report/checklistPage.ts) of this repository: docs/conformance.md and the
 * example apps' records. `npm run build` writes it to dist/checklist.html (vite.config.ts), which
 * the package ships, the mock server serves at /__mock/checklist and a report copies beside itself.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseChecklistDocument } from "../cli/report/checklistDocument.ts";
import { checklistPage } from "../cli/report/checklistPage.ts";
import { stackVerdicts } from "./exampleApps/stackRecords.ts";

export function checklistPageHtml(root: string): string {
  return checklistPage(parseChecklistDocument(readFileSync(join(root, "docs", "conformance.md"), "utf8")), stackVerdicts(root));
}
