/** The in-page stimulus (renderException.ts) on fake React fibers and a fake document. */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { renderExceptionInPage } from "./renderException.ts";
import { PAGE_MODULE_MARK } from "./throwingExport.ts";

const MESSAGE = "injected";
const FUNCTION_COMPONENT = 0;
const CLASS_COMPONENT = 1;
const HOST_ROOT = 3;

interface FakeFiber {
  tag: number;
  type: unknown;
  elementType: unknown;
  child: FakeFiber | null;
  sibling: FakeFiber | null;
  alternate: FakeFiber | null;
  return: FakeFiber | null;
  memoizedState: unknown;
}

const basicStateReducer = (state: unknown, action: unknown) => (typeof action === "function" ? (action as (s: unknown) => unknown)(state) : action);

/** A hook list with one state hook, as React keeps it on a function component's fiber. */
function stateHook(state: unknown, reducer = basicStateReducer) {
  const dispatch = vi.fn();
  return { hooks: { memoizedState: state, queue: { dispatch, lastRenderedReducer: reducer, lastRenderedState: state }, next: null }, dispatch };
}

function fiber(tag: number, type: unknown, children: FakeFiber[] = [], memoizedState: unknown = null): FakeFiber {
  const made: FakeFiber = { tag, type, elementType: type, child: children[0] ?? null, sibling: null, alternate: null, return: null, memoizedState };
  children.forEach((child, i) => {
    child.return = made;
    child.sibling = children[i + 1] ?? null;
  });
  return made;
}

// Components as React would call them; their bodies never run.
function Leaf() {}
function Page() {}
function App() {}

class FakeDocument {
  createElement(tag: string): { tag: string } {
    return { tag };
  }
}

interface Page {
  __REACT_DEVTOOLS_GLOBAL_HOOK__: { inject(internals: unknown): number; onCommitFiberRoot(id: number, root: { current: FakeFiber }): void };
  __pwaKitRenderException: { react: boolean; component: string | null; thrown: boolean; how: string | null };
}

let page: Page;
beforeEach(() => {
  vi.stubGlobal("window", {});
  vi.stubGlobal("Document", class extends FakeDocument {});
  renderExceptionInPage({ message: MESSAGE, pageModuleMark: PAGE_MODULE_MARK });
  page = (globalThis as unknown as { window: Page }).window;
});
afterEach(() => vi.unstubAllGlobals());

describe("on a React app", () => {
  function app() {
    const appState = stateHook({ page: "/" });
    const leaf = fiber(FUNCTION_COMPONENT, Leaf);
    const view = fiber(FUNCTION_COMPONENT, Page, [leaf]);
    const boundary = fiber(CLASS_COMPONENT, class Boundary {}, [view]);
    const root = fiber(HOST_ROOT, null, [fiber(FUNCTION_COMPONENT, App, [boundary], appState.hooks)]);
    return { root, leaf, appFiber: root.child as FakeFiber, appState };
  }

  test("the deepest component throws in place, rendered again by a copy of its stateful ancestor's state", () => {
    const { root, leaf, appState } = app();
    page.__REACT_DEVTOOLS_GLOBAL_HOOK__.inject({});
    page.__REACT_DEVTOOLS_GLOBAL_HOOK__.onCommitFiberRoot(1, { current: root });
    expect(page.__pwaKitRenderException).toMatchObject({ react: true, component: "Leaf", thrown: false, how: "ancestor's state" });
    expect(leaf.type).not.toBe(Leaf);
    expect(leaf.elementType, "kept, so the parent's render keeps the fiber").toBe(Leaf);
    const [copy] = appState.dispatch.mock.calls[0] ?? [];
    expect(copy).toEqual({ page: "/" });
    expect(copy).not.toBe(appState.hooks.memoizedState);
    expect(() => (leaf.type as () => void)()).toThrow(MESSAGE);
    expect(page.__pwaKitRenderException.thrown).toBe(true);
  });

  test("when the update did not reach it, the deepest component with state of its own throws instead", () => {
    const { root, leaf, appFiber, appState } = app();
    page.__REACT_DEVTOOLS_GLOBAL_HOOK__.inject({});
    page.__REACT_DEVTOOLS_GLOBAL_HOOK__.onCommitFiberRoot(1, { current: root });
    page.__REACT_DEVTOOLS_GLOBAL_HOOK__.onCommitFiberRoot(1, { current: root });
    expect(leaf.type, "restored").toBe(Leaf);
    expect(appFiber.type).not.toBe(App);
    expect(appFiber.elementType).toBe(appFiber.type);
    expect(appState.dispatch).toHaveBeenCalledTimes(2);
    expect(page.__pwaKitRenderException).toMatchObject({ component: "App", how: "own state" });
  });

  test("a reducer of the app's own is no state it can update: nothing is chosen", () => {
    const own = stateHook({ count: 1 }, (state) => state);
    const root = fiber(HOST_ROOT, null, [fiber(FUNCTION_COMPONENT, App, [], own.hooks)]);
    page.__REACT_DEVTOOLS_GLOBAL_HOOK__.inject({});
    page.__REACT_DEVTOOLS_GLOBAL_HOOK__.onCommitFiberRoot(1, { current: root });
    expect(own.dispatch).not.toHaveBeenCalled();
    expect(page.__pwaKitRenderException.component).toBeNull();
  });

  test("leaves the document's elements alone", () => {
    page.__REACT_DEVTOOLS_GLOBAL_HOOK__.inject({});
    expect(new Document().createElement("h1")).toEqual({ tag: "h1" });
  });
});

describe("on an app React does not render", () => {
  test("no h1 throws once a page module's component threw: that heading is the app's error page's", () => {
    const document = new Document();
    (page as unknown as Record<string, unknown>)[PAGE_MODULE_MARK] = true;
    expect(document.createElement("h1")).toEqual({ tag: "h1" });
    expect(page.__pwaKitRenderException).toMatchObject({ thrown: false });
  });

  test("the first h1 the app creates throws, once; other elements are made as usual", () => {
    const document = new Document();
    expect(document.createElement("div")).toEqual({ tag: "div" });
    expect(() => document.createElement("H1")).toThrow(MESSAGE);
    expect(page.__pwaKitRenderException).toMatchObject({ react: false, component: "h1", thrown: true, how: "created" });
    expect(document.createElement("h1")).toEqual({ tag: "h1" });
  });
});
