/**
 * The update prompt vite-plugin-pwa's React guide describes: `useRegisterSW` registers the worker
 * (registerType 'prompt') and says when the app is ready offline or a new version waits.
 */
import { useRegisterSW } from "virtual:pwa-register/react";

export function ReloadPrompt() {
  const {
    offlineReady: [offlineReady, setOfflineReady],
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();

  if (!offlineReady && !needRefresh) return null;
  const close = () => {
    setOfflineReady(false);
    setNeedRefresh(false);
  };
  return (
    <div className="prompt" role="status">
      <p>{needRefresh ? "A new version is available: reload to use it." : "Ready to work offline."}</p>
      {needRefresh && (
        <button type="button" onClick={() => updateServiceWorker(true)}>
          Reload
        </button>
      )}
      <button type="button" onClick={close}>
        Close
      </button>
    </div>
  );
}
