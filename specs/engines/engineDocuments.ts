/**
 * Counts a tab's documents from a moment on (a reload is one, a same-document navigation none), in
 * any engine, for UPD-2's reloads. Where a script runs before the page's own (Playwright's init
 * scripts, Firefox's BiDi preload scripts), each top-level document adds one to a count in
 * sessionStorage, which outlives the reload: the count is exact. WebKit's driver runs none, so there
 * each read marks the document it finds and counts one it finds unmarked: a lower bound, as a
 * document that lives less than one poll between two reads goes unseen (docs/engines.md, UPD-2).
 */
import { type BeforePage, beforePage, type EngineBrowser, type EnginePage } from "../../kit/engines/engine.ts";
import { expect } from "../harness/engineFixtures.ts";
import { readPage } from "./enginePages.ts";

/** How often a test that counts documents reads the page: a document of WebKit's that lives longer is seen. */
export const DOCUMENT_POLL_MS = 100;

const COUNT_KEY = "__pck_documents";
const MARK = "__pckCountedDocument";

function countDocumentInPage(key: string): void {
  // A same-origin frame shares the tab's sessionStorage: only the tab's own documents count.
  if (window !== window.top) return;
  sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? "0") + 1));
}

function readDocumentInPage({ key, mark }: { key: string; mark: string }): { unmarked: boolean; counted: number } {
  const marks = window as unknown as Record<string, unknown>;
  const unmarked = marks[mark] !== true;
  marks[mark] = true;
  return { unmarked, counted: Number(sessionStorage.getItem(key) ?? "0") };
}

/** A new page of `engine` whose documents can be counted exactly where the engine allows it. */
export function pageCountingDocuments(engine: EngineBrowser): Promise<EnginePage> {
  const counting: BeforePage[] = [beforePage(countDocumentInPage, COUNT_KEY)];
  return engine.newPage(engine.capabilities.scriptBeforePage ? { beforePage: counting } : {});
}

export interface DocumentCounter {
  /** Documents of the tab since countDocuments(), read now; the last reading while the page is between documents. */
  read(): Promise<number>;
  /** "counted" or "seen by polling every 100 ms (a lower bound)": for a failure message and the report. */
  readonly how: string;
}

/** Starts counting the documents of `page` (opened by pageCountingDocuments) that come after the current one. */
export async function countDocuments(page: EnginePage, engine: EngineBrowser): Promise<DocumentCounter> {
  const exact = engine.capabilities.scriptBeforePage;
  const arg = { key: COUNT_KEY, mark: MARK };
  const readNow = () => readPage(page, readDocumentInPage, arg).catch(() => null);
  // The page may be between documents (an app's own reload under way): the count starts in the next.
  const readings: { counted: number }[] = [];
  await expect
    .poll(
      async () => {
        const reading = await readNow();
        if (reading) readings.push(reading);
        return reading !== null;
      },
      { message: "the page's document, to count from" },
    )
    .toBe(true);
  const from = readings[0]?.counted ?? 0;
  let unmarked = 0;
  let last = 0;
  return {
    how: exact ? "counted by a script run before each document's own" : `seen by reading the page every ${DOCUMENT_POLL_MS} ms (a lower bound)`,
    async read() {
      const now = await readNow();
      if (now) {
        if (now.unmarked) unmarked += 1;
        last = exact ? now.counted - from : unmarked;
      }
      return last;
    },
  };
}
