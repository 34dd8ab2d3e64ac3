/**
 * Where the package step (checkPackage.ts) leaves its check of the second app, recorded: the run
 * servers' HARs (`recordings/`) and the verdicts (`report/conformance.json`). npm test's replay step
 * (checkReplay.ts --from-package) checks the app again from those HARs instead of recording a run
 * of its own: one check of the second app fewer in CI.
 */
import { join } from "node:path";
import { KIT_ROOT } from "../kit/kitPaths.ts";

export const PACKAGE_RECORDING = join(KIT_ROOT, "test-results", "package", "second-app-recorded");
export const PACKAGE_RECORDINGS = join(PACKAGE_RECORDING, "recordings");
export const PACKAGE_VERDICTS = join(PACKAGE_RECORDING, "report", "conformance.json");
