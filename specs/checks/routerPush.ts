/**
 * A client-side navigation as the app's router makes one, run in the page (Chromium's page.evaluate
 * and the engines' alike: it uses only its argument). Next.js's App Router renders nothing for a bare
 * pushState: its own router instance (window.next.router, set in production too) navigates as its
 * links do, and adds the app's basePath itself. React Router and most others listen to popstate and
 * read the location.
 */
export function routerPush({ path, basePath }: { path: string; basePath: string }): void {
  const next = (window as { next?: { router?: { push?: (href: string) => void } } }).next;
  if (typeof next?.router?.push === "function") {
    next.router.push(basePath !== "/" && path.startsWith(basePath) ? path.slice(basePath.length) || "/" : path);
    return;
  }
  history.pushState(null, "", path);
  window.dispatchEvent(new PopStateEvent("popstate"));
}
