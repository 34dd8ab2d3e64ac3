/**
 * ONL-1: reload once when the browser comes back online, after a settle time in which
 * `navigator.onLine` must stay true (Chromium's stray `online` events during navigations; flapping
 * networks). Returns a function that stops listening.
 */
export function reloadOnOnline(win: Window, settleMs: number): () => void {
  let pending: number | undefined;
  let reloading = false;
  const onOnline = () => {
    if (reloading || pending !== undefined) return;
    pending = win.setTimeout(() => {
      pending = undefined;
      if (!win.navigator.onLine || reloading) return;
      reloading = true;
      win.location.reload();
    }, settleMs);
  };
  const onOffline = () => {
    if (pending !== undefined) win.clearTimeout(pending);
    pending = undefined;
  };
  win.addEventListener("online", onOnline);
  win.addEventListener("offline", onOffline);
  return () => {
    onOffline();
    win.removeEventListener("online", onOnline);
    win.removeEventListener("offline", onOffline);
  };
}
