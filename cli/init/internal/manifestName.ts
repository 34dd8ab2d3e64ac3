/** The app's name as its web app manifest gives it (`name`, else `short_name`), or null. */
import { readAppBody } from "../../../kit/readAppBody.ts";
import { LOAD_TIMEOUT_MS } from "./timeouts.ts";

/** Null for a manifest that cannot be read (too long, slow, not JSON): probeManifest.ts says why in the notes. */
export async function manifestName(url: string): Promise<string | null> {
  try {
    const { status, bytes } = await readAppBody(url, { timeoutMs: LOAD_TIMEOUT_MS });
    if (status < 200 || status >= 300) return null;
    const body = JSON.parse(bytes.toString("utf8")) as { name?: unknown; short_name?: unknown } | null;
    const name = typeof body?.name === "string" ? body.name : body?.short_name;
    return typeof name === "string" && name.trim() !== "" ? name.trim() : null;
  } catch {
    return null;
  }
}
