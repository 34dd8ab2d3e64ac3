/** Runs `refresh` now and whenever the panel's tab becomes visible again: what changed meanwhile shows. */
import { useEffect } from "react";

export function useRefreshWhenVisible(refresh: () => Promise<void>): void {
  useEffect(() => {
    void refresh();
    const onVisible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [refresh]);
}
