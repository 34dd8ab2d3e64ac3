/**
 * Serves files from one folder and never from anywhere else. `express.static` refuses `..` but
 * follows symlinks, so a link inside `dist/assets` would serve any file the server can read, and its
 * errors show absolute paths and stacks. Here the request path is decoded once, refused if it holds
 * a dot segment, a backslash or a NUL byte, and the file's real path (symlinks resolved) must lie in
 * the folder's real path. The real path is what is sent; a swap between the check and the open is
 * out of scope for a mock server on a developer's machine.
 */
import { realpath, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import type { RequestHandler } from "express";
import { sendError } from "../http/httpError.ts";

export interface ConfinedStaticOptions {
  /** `Cache-Control: max-age` in milliseconds (express's `sendFile` unit). */
  readonly maxAgeMs: number;
  readonly immutable: boolean;
}

/** Why a decoded request path may not name a file, or null when it may. */
export function assetPathProblem(decoded: string): string | null {
  if (decoded.includes("\0")) return "it holds a NUL byte";
  if (decoded.includes("\\")) return "it holds a backslash";
  if (decoded.split("/").some((segment) => segment === "." || segment === "..")) return "it holds a '.' or '..' segment";
  return null;
}

function decoded(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** The file's real path when it is a file inside the root's real path, else null. */
export async function realFileWithin(root: string, relative: string): Promise<string | null> {
  try {
    const rootReal = await realpath(root);
    const real = await realpath(join(rootReal, relative));
    if (!real.startsWith(rootReal + sep)) return null;
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

export function confinedStatic(root: string, { maxAgeMs, immutable }: ConfinedStaticOptions): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const path = decoded(req.path);
    const problem = path === null ? "its percent-encoding is malformed" : assetPathProblem(path);
    if (path === null || problem !== null) {
      return sendError(res, "BAD_ASSET_PATH", `Failed to serve ${req.originalUrl}: ${problem}. Ask for an asset by the name the build gave it.`);
    }
    const file = await realFileWithin(root, path);
    const notFound = () =>
      sendError(res, "NO_SUCH_ASSET", `Failed to serve ${req.originalUrl}: the build has no such file. Rebuild with 'npm run build' or check the URL.`);
    if (file === null) return notFound();
    res.sendFile(file, { maxAge: maxAgeMs, immutable, dotfiles: "allow" }, (error) => {
      if (error && !res.headersSent) notFound();
    });
  };
}
