/** A plain absolute URL path as a browser sends it: no query, fragment, spaces or backslashes. */
const URL_PATH = /^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/;

/** Why `path` is not a plain absolute URL path, or null when it is. */
export function urlPathProblem(path: string): string | null {
  if (!path.startsWith("/")) return "must start with '/'";
  if (!URL_PATH.test(path)) return "may only hold URL path characters (no spaces, '?', '#' or '\\')";
  return null;
}
