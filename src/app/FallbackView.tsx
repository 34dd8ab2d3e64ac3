import { type Fallback, fallback } from "../core/fallbacks.ts";

/**
 * ERR-1..5: a generic page for what went wrong — its status code, one line of explanation, the digest
 * of a server-side error, and always a way back home (no dead ends).
 */
export function FallbackView({ page, digest, homeHref }: { page: Fallback; digest?: string | undefined; homeHref: string }) {
  return (
    <section data-page={page.kind} aria-labelledby="fallback-title">
      <h1 id="fallback-title">{page.status === null ? page.title : `${page.status}: ${page.title}`}</h1>
      <p>{page.explanation}</p>
      {digest !== undefined && (
        <p>
          Digest: <code data-digest>{digest}</code>
        </p>
      )}
      <p>
        <a href={homeHref}>Go to the home page</a>
      </p>
    </section>
  );
}

export function ClientErrorView({ homeHref }: { homeHref: string }) {
  return <FallbackView page={fallback("client-error")} homeHref={homeHref} />;
}
