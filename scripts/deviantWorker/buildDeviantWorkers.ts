/**
 * The self-check's global setup: builds each deviant worker exactly as `npm run build` builds the
 * reference one (vite.config.ts's shellWorkerBuild, the same precache list), from the source with the
 * deviant's edit; a `reference` deviant is the whole reference app built so (buildReferenceInto).
 * Two processes share the list, one per core.
 */
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "vite";
import { DIST_DIR, KIT_ROOT, kitPath } from "../../kit/kitPaths.ts";
import { replaceFile } from "../../kit/replaceFile.ts";
import { buildReferenceInto, shellWorkerBuild } from "../../vite.config.ts";
import { runCommand } from "../runCommand.mjs";
import { DEVIANTS, deviantDist, deviantScenario, deviantScript, type EditDeviant, editsOf, type HostDeviant, type TextEdit } from "./deviants.ts";

/** The deviant's edits as a Vite plugin, run before TypeScript is stripped, each on the one file it names. */
function edit(deviant: EditDeviant | HostDeviant, applied: Map<TextEdit, number>): Plugin {
  const edits = editsOf(deviant).map((one) => ({ one, target: resolve(kitPath(one.file)) }));
  return {
    name: "pck:deviant-edit",
    enforce: "pre",
    transform(code, id) {
      const file = resolve(id.split("?")[0] ?? id);
      let edited = code;
      for (const { one, target } of edits) {
        if (file !== target) continue;
        const found = edited.split(one.remove).length - 1;
        // A reference deviant's file is built twice (builds a and b), each time from the unedited source.
        if (found !== 1) {
          throw new Error(
            `Failed to build the deviant worker '${deviant.name}': ${one.file} holds the text to remove ${found} times, not once. Update scripts/deviantWorker/deviants.ts to today's source.`,
          );
        }
        applied.set(one, (applied.get(one) ?? 0) + 1);
        edited = edited.replace(one.remove, one.with ?? "");
      }
      return edited === code ? null : edited;
    },
  };
}

/** Fails unless every edit of the deviant was made (`exactly`: once each, for a worker built once). */
function checkApplied(deviant: EditDeviant | HostDeviant, applied: ReadonlyMap<TextEdit, number>, what: string, exactly: boolean): void {
  for (const one of editsOf(deviant)) {
    const count = applied.get(one) ?? 0;
    if (count === 0 || (exactly && count !== 1))
      throw new Error(`Failed to build the deviant ${what} '${deviant.name}': no build imports ${one.file}. Update scripts/deviantWorker/deviants.ts.`);
  }
}

export async function buildDeviantWorker(deviant: EditDeviant): Promise<string> {
  const assetsDir = join(DIST_DIR, "assets");
  if (!existsSync(assetsDir)) throw new Error(`Failed to build the deviant worker '${deviant.name}': ${assetsDir} is missing. Run 'npm run build' first.`);
  // The files the shell's own build hands the worker (vite.config.ts): everything under assets/.
  const assets = readdirSync(assetsDir)
    .map((file) => `assets/${file}`)
    .sort();
  const script = deviantScript(deviant);
  const applied = new Map<TextEdit, number>();
  await build(shellWorkerBuild(assets, dirname(script), [edit(deviant, applied)]));
  checkApplied(deviant, applied, "worker", true);
  return script;
}

/** Builds the whole reference app with the deviant's edit into deviantDist(): page and worker, both builds. */
export async function buildDeviantReference(deviant: EditDeviant | HostDeviant): Promise<string> {
  const dist = deviantDist(deviant);
  const applied = new Map<TextEdit, number>();
  await buildReferenceInto(dist, [edit(deviant, applied)]);
  checkApplied(deviant, applied, "reference", false);
  return dist;
}

/** A host deviant's faults as the scenario file its mock server starts with (a folder of the run's own, replaced each run). */
function writeHostScenario(deviant: HostDeviant): void {
  const file = deviantScenario(deviant);
  mkdirSync(dirname(file), { recursive: true });
  replaceFile(file, `${JSON.stringify(deviant.host, null, 2)}\n`);
}

/** Builds the deviants whose place in DEVIANTS is `part` modulo `parts`. */
export async function buildDeviantPart(part: number, parts: number): Promise<void> {
  for (const [index, deviant] of DEVIANTS.entries()) {
    if (index % parts !== part || deviant.kind === "manifest") continue;
    if (deviant.kind === "host") {
      writeHostScenario(deviant);
      if (editsOf(deviant).length > 0) await buildDeviantReference(deviant);
    } else if (deviant.kind === "reference") await buildDeviantReference(deviant);
    else await buildDeviantWorker(deviant);
  }
}

/** Parts built side by side: a Vite build keeps one core busy, and there are 30 of them (45 s on one core). */
const PARTS = Math.max(1, Math.min(2, availableParallelism()));

/** Each part in a process of its own (one Node process runs its builds' JavaScript on one core). */
export default async function buildDeviantWorkers(): Promise<void> {
  if (PARTS === 1) return buildDeviantPart(0, 1);
  const results = await Promise.all(
    Array.from({ length: PARTS }, (_, part) =>
      runCommand(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), `${part}/${PARTS}`], { cwd: KIT_ROOT, quiet: true }),
    ),
  );
  const failed = results.find((result) => result.code !== 0);
  if (failed) throw new Error(failed.output.trim() || `Failed to build the deviants: a build process exited with code ${failed.code}.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [part, parts] = (process.argv[2] ?? "").split("/").map(Number);
  if (part === undefined || parts === undefined || !Number.isInteger(part) || !Number.isInteger(parts) || part < 0 || part >= parts) {
    console.error("Usage: node --import tsx scripts/deviantWorker/buildDeviantWorkers.ts <part>/<parts>, e.g. 0/2");
    process.exit(2);
  }
  await buildDeviantPart(part, parts);
}
