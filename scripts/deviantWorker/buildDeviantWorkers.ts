/**
 * The self-check's global setup: builds each deviant worker exactly as `npm run build` builds the
 * reference one (vite.config.ts's shellWorkerBuild, the same precache list), from the source with the
 * deviant's edit; a `reference` deviant is the whole reference app built so (buildReferenceInto).
 */
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { build, type Plugin } from "vite";
import { kitPath } from "../../kit/kitPaths.ts";
import { buildReferenceInto, DIST_DIR, shellWorkerBuild } from "../../vite.config.ts";
import { DEVIANTS, deviantDist, deviantScript, type EditDeviant } from "./deviants.ts";

/** The edit as a Vite plugin, run before TypeScript is stripped, on the one file it names. */
function edit(deviant: EditDeviant, applied: { count: number }): Plugin {
  const target = resolve(kitPath(deviant.file));
  return {
    name: "pck:deviant-edit",
    enforce: "pre",
    transform(code, id) {
      if (resolve(id.split("?")[0] ?? id) !== target) return null;
      const found = code.split(deviant.remove).length - 1;
      // A reference deviant's file is built twice (builds a and b), each time from the unedited source.
      if (found !== 1) {
        throw new Error(
          `Failed to build the deviant worker '${deviant.name}': ${deviant.file} holds the text to remove ${found} times, not once. Update scripts/deviantWorker/deviants.ts to today's source.`,
        );
      }
      applied.count += 1;
      return code.replace(deviant.remove, deviant.with ?? "");
    },
  };
}

export async function buildDeviantWorker(deviant: EditDeviant): Promise<string> {
  const assetsDir = join(DIST_DIR, "assets");
  if (!existsSync(assetsDir)) throw new Error(`Failed to build the deviant worker '${deviant.name}': ${assetsDir} is missing. Run 'npm run build' first.`);
  // The files the shell's own build hands the worker (vite.config.ts): everything under assets/.
  const assets = readdirSync(assetsDir)
    .map((file) => `assets/${file}`)
    .sort();
  const script = deviantScript(deviant);
  const applied = { count: 0 };
  await build(shellWorkerBuild(assets, dirname(script), [edit(deviant, applied)]));
  if (applied.count !== 1)
    throw new Error(
      `Failed to build the deviant worker '${deviant.name}': the worker never imports ${deviant.file}. Update scripts/deviantWorker/deviants.ts.`,
    );
  return script;
}

/** Builds the whole reference app with the deviant's edit into deviantDist(): page and worker, both builds. */
export async function buildDeviantReference(deviant: EditDeviant): Promise<string> {
  const dist = deviantDist(deviant);
  const applied = { count: 0 };
  await buildReferenceInto(dist, [edit(deviant, applied)]);
  if (applied.count === 0)
    throw new Error(`Failed to build the deviant reference '${deviant.name}': no build imports ${deviant.file}. Update scripts/deviantWorker/deviants.ts.`);
  return dist;
}

export default async function buildDeviantWorkers(): Promise<void> {
  for (const deviant of DEVIANTS) {
    if (deviant.kind === "manifest") continue;
    if (deviant.kind === "reference") await buildDeviantReference(deviant);
    else await buildDeviantWorker(deviant);
  }
}
