/**
 * Client-side navigation: push the URL, then fetch the page's data representation (same URL,
 * `Accept: application/json`). Back/forward loads the data for the restored URL.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { DataError } from "../core/fallbacks.ts";
import { DATA_ACCEPT, type PageData } from "../core/page.ts";

export type NavigationError = { readonly kind: "network" } | { readonly kind: "status"; readonly status: number; readonly digest?: string | undefined };

export interface ClientNavigation {
  readonly page: PageData;
  readonly error: NavigationError | null;
  readonly loading: boolean;
  readonly navigate: (href: string) => void;
}

/** ERR-4: a failed data request carries the server error's digest in its JSON body, when it has one. */
async function readDigest(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as Partial<DataError>;
    return typeof body.error?.digest === "string" ? body.error.digest : undefined;
  } catch {
    return undefined;
  }
}

export function useClientNavigation(initial: PageData): ClientNavigation {
  const [page, setPage] = useState(initial);
  const [error, setError] = useState<NavigationError | null>(null);
  const [loading, setLoading] = useState(false);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(async (href: string) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    try {
      const response = await fetch(href, { headers: { accept: DATA_ACCEPT }, signal: controller.signal });
      if (!response.ok) {
        setError({ kind: "status", status: response.status, digest: await readDigest(response) });
      } else {
        const body = (await response.json()) as { page: PageData };
        setError(null);
        setPage(body.page);
      }
    } catch (caught) {
      if (controller.signal.aborted) return;
      setError({ kind: "network" });
      void caught;
    } finally {
      if (inFlight.current === controller) setLoading(false);
    }
  }, []);

  const navigate = useCallback(
    (href: string) => {
      window.history.pushState(null, "", href);
      void load(window.location.href);
    },
    [load],
  );

  useEffect(() => {
    const onPopState = () => void load(window.location.href);
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [load]);

  useEffect(() => {
    document.title = error ? "Error" : page.title;
  }, [page, error]);

  return { page, error, loading, navigate };
}
