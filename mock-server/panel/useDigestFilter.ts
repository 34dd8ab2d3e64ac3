/**
 * The journal's digest filter, kept in the page URL (`/__mock/?digest=…`) so a filtered view can be
 * bookmarked or sent along with a bug report.
 */
import { useCallback, useState } from "react";

const PARAM = "digest";

export function useDigestFilter(): [string, (digest: string) => void] {
  const [digest, setDigest] = useState(() => new URLSearchParams(window.location.search).get(PARAM) ?? "");
  const change = useCallback((next: string) => {
    setDigest(next);
    const url = new URL(window.location.href);
    if (next.trim() === "") url.searchParams.delete(PARAM);
    else url.searchParams.set(PARAM, next.trim());
    window.history.replaceState(null, "", url);
  }, []);
  return [digest, change];
}
