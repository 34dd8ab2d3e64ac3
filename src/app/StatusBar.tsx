import { useSyncExternalStore } from "react";
import type { StatusStore } from "./statusStore.ts";

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** The visible network and worker status; the server renders "checking" so hydration matches. */
export function StatusBar({ status }: { status: StatusStore }) {
  const online = useSyncExternalStore<boolean | null>(
    subscribeOnline,
    () => navigator.onLine,
    () => null,
  );
  const worker = useSyncExternalStore(status.subscribe, status.get, () => "waiting" as const);
  return (
    <p className="status" role="status" aria-live="polite">
      <span data-network={online === null ? "checking" : online ? "online" : "offline"}>
        Network: {online === null ? "checking" : online ? "online" : "offline"}
      </span>
      <span data-worker={worker}>Worker: {worker}</span>
    </p>
  );
}
