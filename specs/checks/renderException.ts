/**
 * ERR-5's stimulus inside the app: a part of its own rendering throws while the page loads, as a
 * real bug in it does, and never its bootstrap: a script that throws before the framework runs (the
 * mock server's throwOnLoad fault) leaves any app blank, error handling or not, so it failed every
 * Next.js app (their webpack runtime or first Turbopack chunk is that script).
 *
 * On a React app: React announces each renderer and each commit to the DevTools hook
 * (`__REACT_DEVTOOLS_GLOBAL_HOOK__`), production builds too, whatever the bundler. At the first
 * commit, the deepest function component is given a function that throws in its place and is
 * rendered again by an update of its nearest ancestor with a plain object or array state (a copy:
 * equal for the app, new for React); if a component between them bails out (Next.js passes server
 * components down as `children`), the deepest component with a state of its own is swapped and
 * updated instead. The exception rises from that place in the tree to whatever error boundary the
 * app has above it (Next's error.js or global-error, React Router's route boundary, its own), or to
 * none, right after the first render, as the Next.js fixtures' `?when=load` page throws. The deepest,
 * because it sits in the page's content, where a page's own bug would.
 *
 * On an app React does not render: the first `h1` element its code creates (the page's heading,
 * made by Angular's renderer from a component's template, or by a plain router) throws from
 * `document.createElement`, inside that template or router, so the framework's own error path
 * (Angular's ErrorHandler) runs. An app that creates no heading element (server-rendered and
 * hydrated, or written as HTML text) is left alone; the caller then uses the throwOnLoad fault.
 */
import type { Page } from "@playwright/test";
import { PAGE_MODULE_MARK } from "./throwingExport.ts";

/** What the page's exception says; the spec confirms the stimulus by it. */
export const RENDER_EXCEPTION_MESSAGE = "Render exception injected by pwa-conformance-kit (a component of the app threw while rendering)";

/** What the page reports of the stimulus (window.__pwaKitRenderException). */
export interface RenderExceptionState {
  /** React announced a renderer: the page is a React app. */
  readonly react: boolean;
  /** The name of the component made to throw (minified in a production build), or `h1`, once chosen. */
  readonly component: string | null;
  /** It threw: React rendered the component again, or the app created its heading element. */
  readonly thrown: boolean;
  /** How it was made to render again: by its ancestor's state, by its own, or as the app created it (h1). */
  readonly how: "ancestor's state" | "own state" | "created" | null;
}

/** Installs the stimulus in every document the page loads from now on. */
export async function injectRenderException(page: Page): Promise<void> {
  await page.addInitScript(renderExceptionInPage, { message: RENDER_EXCEPTION_MESSAGE, pageModuleMark: PAGE_MODULE_MARK });
}

/** The stimulus's state in the page, or null when the page has not run it. */
export function renderExceptionState(page: Page): Promise<RenderExceptionState | null> {
  return page.evaluate(renderExceptionStateInPage);
}

/** renderExceptionState() in the page, for any engine's evaluate. */
export function renderExceptionStateInPage(): RenderExceptionState | null {
  return (window as unknown as { __pwaKitRenderException?: RenderExceptionState }).__pwaKitRenderException ?? null;
}

/** The fiber fields the stimulus reads: React's own, stable across React 16–19. */
interface Fiber {
  tag: number;
  type: unknown;
  elementType: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
  return: Fiber | null;
  memoizedState: unknown;
}

interface StateQueue {
  dispatch: (action: unknown) => void;
  lastRenderedReducer: (state: unknown, action: unknown) => unknown;
}

/**
 * Runs in the page before its scripts (serialized by addInitScript: it must stand alone). Exported
 * for its unit test only.
 */
export function renderExceptionInPage({ message, pageModuleMark }: { message: string; pageModuleMark: string }): void {
  const FUNCTION_COMPONENT = 0;
  const state: { react: boolean; component: string | null; thrown: boolean; how: "ancestor's state" | "own state" | "created" | null } = {
    react: false,
    component: null,
    thrown: false,
    how: null,
  };
  (window as unknown as { __pwaKitRenderException: typeof state }).__pwaKitRenderException = state;

  // useState's reducer (React's basicStateReducer): applies a function action, takes any other value.
  // An app's own useReducer reducer may ignore a foreign action and bail out of the update.
  const isStateReducer = (reducer: StateQueue["lastRenderedReducer"]): boolean => {
    try {
      return reducer(1, (n: number) => n + 1) === 2 && reducer(1, 5) === 5;
    } catch {
      return false;
    }
  };
  const stateQueueOf = (fiber: Fiber): StateQueue | null => {
    // A function component's memoizedState is its list of hooks; a state hook has a queue with dispatch.
    for (let hook = fiber.memoizedState as { queue?: Partial<StateQueue>; next?: unknown } | null; hook && typeof hook === "object"; ) {
      const queue = hook.queue;
      if (queue && typeof queue.dispatch === "function" && typeof queue.lastRenderedReducer === "function" && isStateReducer(queue.lastRenderedReducer))
        return queue as StateQueue;
      hook = (hook.next ?? null) as typeof hook;
    }
    return null;
  };
  /** Function components in the committed tree, deepest first (a page's own content is deepest). */
  const byDepth = (root: Fiber): Fiber[] => {
    const found: [Fiber, number][] = [];
    const pending: [Fiber, number][] = [[root, 0]];
    for (let next = pending.pop(); next; next = pending.pop()) {
      const [fiber, depth] = next;
      if (fiber.tag === FUNCTION_COMPONENT && typeof fiber.type === "function") found.push([fiber, depth]);
      for (let child = fiber.child; child; child = child.sibling) pending.push([child, depth + 1]);
    }
    return found.sort((a, b) => b[1] - a[1]).map(([fiber]) => fiber);
  };
  // A copy of a plain object or array state: equal for the app, new for React, which renders again.
  const renewable = (queue: StateQueue & { lastRenderedState?: unknown }): boolean => {
    const value = queue.lastRenderedState;
    return Array.isArray(value) || (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype);
  };
  const renew = (value: unknown): unknown => (Array.isArray(value) ? [...value] : { ...(value as object) });

  // Called by React in the component's place; the page's own function, so not a module-level component.
  function throwInRender(): never {
    state.thrown = true;
    throw new Error(message);
  }
  const swapped: { fiber: Fiber; type: unknown }[] = [];
  const swap = (fiber: Fiber, alsoElementType: boolean): void => {
    // Both copies React keeps of the fiber: the update renders from either.
    for (const copy of [fiber, fiber.alternate]) {
      if (!copy) continue;
      swapped.push({ fiber: copy, type: copy.type });
      copy.type = throwInRender;
      if (alsoElementType) copy.elementType = throwInRender;
    }
  };
  const nameOf = (fiber: Fiber): string => (fiber.type as { name?: string }).name || "(anonymous)";

  /**
   * First try: the deepest function component throws when its nearest ancestor (or itself) with a
   * plain object or array state renders again with a copy of it. Its element type stays, so the
   * parent's render keeps the fiber and renders it with the thrower. A component between them that
   * bails out (one passed as `children`, as Next.js's server components are) stops that render.
   */
  const throwDeepest = (root: Fiber): boolean => {
    const deepest = byDepth(root)[0];
    for (let fiber: Fiber | null | undefined = deepest; fiber; fiber = fiber.return) {
      const queue = fiber.tag === FUNCTION_COMPONENT && typeof fiber.type === "function" ? stateQueueOf(fiber) : null;
      if (!deepest || !queue || !renewable(queue)) continue;
      state.component = nameOf(deepest);
      state.how = "ancestor's state";
      swap(deepest, false);
      queue.dispatch(renew((queue as { lastRenderedState?: unknown }).lastRenderedState));
      return true;
    }
    return false;
  };
  /** Else: the deepest component with state throws in its own place, made to render by an update of its state. */
  const throwDeepestWithState = (root: Fiber): boolean => {
    for (const fiber of byDepth(root)) {
      const queue = stateQueueOf(fiber);
      if (!queue) continue;
      state.component = nameOf(fiber);
      state.how = "own state";
      swap(fiber, true);
      queue.dispatch({});
      return true;
    }
    return false;
  };
  let tried = 0;

  const renderers = new Map<number, unknown>();
  const hook = {
    renderers,
    supportsFiber: true,
    isDisabled: false,
    inject(internals: unknown): number {
      state.react = true;
      renderers.set(renderers.size + 1, internals);
      return renderers.size;
    },
    onCommitFiberRoot(_renderer: number, root: { current: Fiber }): void {
      if (state.thrown || tried === 2) return;
      if (tried === 1) {
        // The first try's update has committed without the thrower rendering: undo it.
        for (const { fiber, type } of swapped.splice(0)) fiber.type = type;
        tried = 2;
        if (!throwDeepestWithState(root.current)) {
          state.component = null;
          state.how = null;
        }
        return;
      }
      if (throwDeepest(root.current)) tried = 1;
      else if (throwDeepestWithState(root.current)) tried = 2;
    },
    onPostCommitFiberRoot(): void {},
    onCommitFiberUnmount(): void {},
    onScheduleFiberRoot(): void {},
    setStrictMode(): void {},
    checkDCE(): void {},
  };
  Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", { value: hook, configurable: true });

  // Not React (it announces itself before it renders anything): the first heading element throws.
  // Not once a page module threw (pageModuleException.ts): the heading is then the app's error page's.
  const createElement = Document.prototype.createElement;
  const pageModuleThrew = () => (window as unknown as Record<string, unknown>)[pageModuleMark] === true;
  Document.prototype.createElement = function (this: Document, ...args: Parameters<Document["createElement"]>): HTMLElement {
    if (state.react || state.thrown || pageModuleThrew() || String(args[0]).toLowerCase() !== "h1") return createElement.apply(this, args);
    Document.prototype.createElement = createElement;
    state.component = "h1";
    state.how = "created";
    state.thrown = true;
    throw new Error(message);
  } as Document["createElement"];
}
