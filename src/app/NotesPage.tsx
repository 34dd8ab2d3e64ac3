import type { PageData } from "../core/page.ts";

/**
 * The notes page: a field to type into, for UPD-2's unsaved input (an update must not reload it
 * away). Its code is a chunk of its own that the browser loads on the first visit (LazyNotesPage.ts),
 * for UPD-3: an open page of the old build asks for that chunk after a deploy.
 */
export function NotesPage({ page }: { page: PageData }) {
  return (
    <section data-page={page.kind}>
      <h1>{page.heading}</h1>
      {page.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <label htmlFor="notes-text">Your notes</label>
      <textarea id="notes-text" rows={8} cols={60} />
    </section>
  );
}
