/**
 * Bundles one entry the way every size figure is taken, ours and the baselines' alike: esbuild,
 * bundle + minify, target es2022, production React, legal comments dropped, then gzip at level 9.
 */
import { gzipSync } from "node:zlib";
import { build, type Loader } from "esbuild";
import { KIT_ROOT } from "../../kit/kitPaths.ts";

export const ROOT = KIT_ROOT;

export interface BundleOptions {
  readonly entry: string;
  /** esm for page code (a module script), iife for a classic worker script. */
  readonly format: "esm" | "iife";
  readonly define?: Record<string, string>;
  /** Module specifiers to resolve elsewhere, e.g. a package's modern build instead of its `module` field. */
  readonly alias?: Record<string, string>;
  readonly loader?: Record<string, Loader>;
}

export interface Size {
  readonly minified: number;
  readonly gzipped: number;
}

export function gzipSize(code: Uint8Array): number {
  return gzipSync(code, { level: 9 }).length;
}

/** The bundled code of one entry, the way every size figure is taken. */
export async function bundle({ entry, format, define = {}, alias = {}, loader = {} }: BundleOptions): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    minify: true,
    target: "es2022",
    format,
    platform: "browser",
    write: false,
    legalComments: "none",
    logLevel: "error",
    define: { "process.env.NODE_ENV": '"production"', ...define },
    alias,
    loader,
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error(`Failed to bundle ${entry}: esbuild wrote no output.`);
  return code;
}

export async function bundleSize(options: BundleOptions): Promise<Size> {
  const code = await bundle(options);
  return { minified: code.length, gzipped: gzipSize(code) };
}
