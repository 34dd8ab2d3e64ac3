import { type ComponentType, lazy } from "react";
import type { PageData } from "../core/page.ts";
import { reloadOnChunkFailure } from "../shell/reloadOnChunkFailure.ts";

export type PageComponent = ComponentType<{ page: PageData }>;

/** The notes page as a chunk of its own, loaded when the page is first shown (UPD-3). */
export const LazyNotesPage: PageComponent = lazy(() =>
  reloadOnChunkFailure(window, () => import("./NotesPage.tsx")).then((chunk) => ({ default: chunk.NotesPage })),
);
