/**
 * ERR-1..5: the generic fallback pages, one table for the server (documents it renders with the
 * status) and the page (client-side navigations whose data request fails with it).
 */

export type FallbackKind = "not-found" | "forbidden" | "unauthorized" | "server-error" | "client-error";

export interface Fallback {
  readonly kind: FallbackKind;
  readonly status: number | null;
  readonly title: string;
  readonly explanation: string;
}

const FALLBACKS: Readonly<Record<FallbackKind, Fallback>> = {
  "not-found": { kind: "not-found", status: 404, title: "Page not found", explanation: "There is no page at this address." },
  forbidden: { kind: "forbidden", status: 403, title: "Forbidden", explanation: "You do not have permission to see this page." },
  unauthorized: { kind: "unauthorized", status: 401, title: "Unauthorized", explanation: "You need to sign in to see this page." },
  "server-error": {
    kind: "server-error",
    status: 500,
    title: "Application error",
    explanation: "Application error: a server-side exception has occurred.",
  },
  "client-error": {
    kind: "client-error",
    status: null,
    title: "Application error",
    explanation: "Application error: a client-side exception has occurred.",
  },
};

export function fallback(kind: FallbackKind): Fallback {
  return FALLBACKS[kind];
}

/** The fallback for an HTTP status: 404/403/401 their own, every other 5xx the server-error page. */
export function fallbackForStatus(status: number): Fallback | undefined {
  if (status === 404 || status === 410) return FALLBACKS["not-found"];
  if (status === 403) return FALLBACKS.forbidden;
  if (status === 401) return FALLBACKS.unauthorized;
  if (status >= 500) return FALLBACKS["server-error"];
  return undefined;
}

/** The body of a failed data request: what a client-side navigation needs to show the fallback. */
export interface DataError {
  readonly error: { readonly status: number; readonly digest?: string };
}
