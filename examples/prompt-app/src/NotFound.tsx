import { Link } from "react-router";

/** The catch-all route: any path under the base path that is not a page. */
export function NotFound() {
  return (
    <article>
      <h1>Page not found</h1>
      <p>
        There is no such page. <Link to="/">Back to the start</Link>
      </p>
    </article>
  );
}
