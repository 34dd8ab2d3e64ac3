import type { Page } from "./routes.ts";

export function PageView({ page }: { page: Page }) {
  return (
    <article>
      <h1>{page.title}</h1>
      <p>{page.body}</p>
      {page.field && (
        <label>
          {page.field}
          <textarea name="report" rows={3} />
        </label>
      )}
    </article>
  );
}
