/**
 * Path patterns for faults: an exact path (`/app/pages/1`) or a glob where `*` matches within one
 * segment (`/app/pages/*`) and `**` across segments (`/app/**`). Matched against the raw request
 * path, without the query, as the browser sent it.
 */

const ALLOWED = /^\/[A-Za-z0-9._~!$&'()+,;=:@%*/-]*$/;

/** Why a pattern is not a valid path glob, or null when it is. */
export function globProblem(pattern: string): string | null {
  if (!pattern.startsWith("/")) return "must start with '/'";
  if (!ALLOWED.test(pattern)) return "may only hold URL path characters, '*' and '**' (no spaces, '?', '#', '[', '{' or '\\')";
  if (/\*{3,}/.test(pattern)) return "has '***'; use '*' within a segment or '**' across segments";
  if (/(^|\/)\.\.?(\/|$)/.test(pattern)) return "has a '.' or '..' segment, which never reaches the server";
  return null;
}

export function compileGlob(pattern: string): (path: string) => boolean {
  const source = pattern
    .split(/(\*\*|\*)/)
    .map((part) => (part === "**" ? ".*" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  const regex = new RegExp(`^${source}$`);
  return (path) => regex.test(path);
}
