import { expect, test } from "vitest";
import { chunkFailureAction } from "./chunkFailureAction.ts";

const NOTES = "http://127.0.0.1:4173/app/notes";

test("UPD-3 reloads at the URL of the failure when no reload was made, and notes that URL", () => {
  expect(chunkFailureAction(null, NOTES)).toStrictEqual({ kind: "reload", note: NOTES });
});

test("UPD-2 shows the error instead of reloading again when the failure follows a reload to the same URL", () => {
  expect(chunkFailureAction(NOTES, NOTES)).toStrictEqual({ kind: "show-error" });
});

test("UPD-3 reloads for a failure at another URL than the last reload's", () => {
  const other = "http://127.0.0.1:4173/app/notes?draft=1";
  expect(chunkFailureAction(NOTES, other)).toStrictEqual({ kind: "reload", note: other });
});

test("UPD-2 reloads at most once for failures repeated at one URL", () => {
  let note: string | null = null;
  let reloads = 0;
  for (let failure = 0; failure < 5; failure++) {
    const action = chunkFailureAction(note, NOTES);
    if (action.kind === "reload") {
      reloads += 1;
      note = action.note;
    }
  }
  expect(reloads).toBe(1);
});
