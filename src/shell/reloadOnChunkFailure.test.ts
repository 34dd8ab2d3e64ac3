/**
 * UPD-3's guard against a reload loop rests on a note that must survive the reload: written where
 * the next document reads it. These tests keep one tab's storage across "documents" (each call is
 * a document's load of the lazy chunk) and check the whole round trip, so a guard that writes its
 * note to one storage and reads it from another, or never clears it, fails here.
 */
import { describe, expect, test } from "vitest";
import { CHUNK_RELOAD_KEY } from "../core/chunkFailureAction.ts";
import { reloadOnChunkFailure } from "./reloadOnChunkFailure.ts";

/** A tab: its sessionStorage outlives each document; `reloads` counts location.reload(). */
function tab(url: string, storage: Storage | "blocked" = mapStorage()) {
  const state = { reloads: 0 };
  const win = {
    location: {
      href: url,
      reload: () => {
        state.reloads += 1;
      },
    },
    get sessionStorage(): Storage {
      if (storage === "blocked") throw new DOMException("The operation is insecure.", "SecurityError");
      return storage;
    },
    // Another storage the guard must not use for its note: what it holds never reaches sessionStorage.
    localStorage: mapStorage(),
  } as unknown as Window;
  return { win, state };
}

function mapStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

const failing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
const loading = () => Promise.resolve("chunk");
/** A promise that has not settled after the microtasks queued so far. */
async function pending(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol("pending");
  return (await Promise.race([promise, Promise.resolve(marker)])) === marker;
}

describe("reloadOnChunkFailure", () => {
  test("the first failure reloads once and notes it in the tab's sessionStorage; the failure after that reload shows the error", async () => {
    const storage = mapStorage();
    const first = tab("https://app.test/app/notes", storage);
    const load = reloadOnChunkFailure(first.win, failing);
    expect(await pending(load), "the page keeps its loading state until the reload").toBe(true);
    expect(first.state.reloads).toBe(1);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe("https://app.test/app/notes");

    // The reloaded document, same tab: the chunk fails in the new build too.
    const second = tab("https://app.test/app/notes", storage);
    await expect(reloadOnChunkFailure(second.win, failing)).rejects.toThrow("dynamically imported module");
    expect(second.state.reloads, "no second reload: it would loop").toBe(0);
  });

  test("a chunk that loads clears the note, so the next deploy's failure reloads again", async () => {
    const storage = mapStorage();
    storage.setItem(CHUNK_RELOAD_KEY, "https://app.test/app/notes");
    await expect(reloadOnChunkFailure(tab("https://app.test/app/notes", storage).win, loading)).resolves.toBe("chunk");
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBeNull();

    const later = tab("https://app.test/app/notes", storage);
    void reloadOnChunkFailure(later.win, failing);
    await Promise.resolve();
    expect(later.state.reloads).toBe(1);
  });

  test("a failure at another URL than the noted one is a new failure, and reloads", async () => {
    const storage = mapStorage();
    storage.setItem(CHUNK_RELOAD_KEY, "https://app.test/app/notes");
    const other = tab("https://app.test/app/settings", storage);
    void reloadOnChunkFailure(other.win, failing);
    await Promise.resolve();
    expect(other.state.reloads).toBe(1);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe("https://app.test/app/settings");
  });

  test("where sessionStorage cannot be used, the failure shows the error instead of risking a loop", async () => {
    const blocked = tab("https://app.test/app/notes", "blocked");
    await expect(reloadOnChunkFailure(blocked.win, failing)).rejects.toThrow("dynamically imported module");
    expect(blocked.state.reloads).toBe(0);
  });
});
