/**
 * The next test's controlled page, made ready while the current test runs. Most tests start from a
 * page the app's worker controls (`controlledPage`): a fresh browser context, the app loaded, its
 * worker installed and in control, 0.25 s on the second app and 0.7 s on the Next.js app, most of
 * it waiting on the browser. Each Playwright worker has two mock servers (runServers.ts); while a
 * test runs on one, the other is reset and a page is brought under control there, exactly as the
 * `controlledPage` fixture would do it after a reset, so the next test that asks for one takes it
 * as it is. The journal of its server then holds what bringing it under control asked, as before.
 *
 * Which test wants one is read from its own function's parameters (`testInfo.fn`, the function
 * Playwright itself reads fixture names from): a test that destructures `controlledPage` first is
 * bound to the prepared page's server; any other runs on the other server, reset for it, and the
 * prepared page waits for a test that wants it. A prepared page that went wrong, or was made with
 * other context options, is closed, and the test brings its own page under control as before.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page, TestInfo } from "@playwright/test";
import { bringUnderControl } from "../../kit/workerControl.ts";
import { CONTROL_TIMEOUT_MS } from "./installTime.ts";
import type { MockServer } from "./mockServerProcess.ts";

/** A page an activated worker controls, ready for a test, on `server`. */
export interface ControlledSession {
  readonly server: MockServer;
  readonly context: BrowserContext;
  readonly page: Page;
  /** The worker did not claim the page it was installed from, so the page was reloaded once. */
  readonly reloaded: boolean;
}

/** What a new context gets before its first page: the spy, routes (the fixtures' `context` set-up). */
export type SetUpContext = (context: BrowserContext, server: MockServer) => Promise<void>;

interface Preparation {
  readonly server: MockServer;
  /** The context options it was made with, as JSON: a test with others cannot use it. */
  readonly options: string;
  readonly ready: Promise<ControlledSession | Error>;
}

/** Where a test runs: its server, and the prepared page it may take there. */
export interface Binding {
  readonly server: MockServer;
  readonly prepared: Preparation | undefined;
}

const withoutBaseURL = (options: BrowserContextOptions): string => JSON.stringify({ ...options, baseURL: undefined });

/**
 * Whether the test's function destructures `controlledPage` as its first fixture: the suite's specs
 * all name it first, so it is set up before `context`, `page` or `baseURL` could pick a server.
 */
export function wantsControlledPage(testInfo: TestInfo): boolean {
  const params = /^\s*(?:async\s*)?(?:function\s*\w*\s*)?\(\s*\{\s*([\w$]+)/.exec(testInfo.fn.toString());
  return params?.[1] === "controlledPage";
}

export class PreparedPages {
  #next: Preparation | undefined;
  /** Off once a preparation found no worker taking control: the tests will say so themselves. */
  #preparing: boolean;

  constructor(
    private readonly servers: readonly MockServer[],
    private readonly browser: Browser,
    private readonly home: string,
    private readonly setUp: SetUpContext,
  ) {
    this.#preparing = servers.length > 1;
  }

  /**
   * The server for a test that is about to start: the prepared page's, kept as it is, for a test that
   * wants a controlled page; otherwise the other one, reset.
   */
  async bind(wantsControlled: boolean): Promise<Binding> {
    const next = this.#next;
    if (wantsControlled && next) return { server: next.server, prepared: next };
    const server = this.servers.find((candidate) => candidate !== next?.server) ?? (this.servers[0] as MockServer);
    await server.reset();
    return { server, prepared: undefined };
  }

  /**
   * The binding's prepared page, made with `options`; undefined (after closing it and resetting its
   * server) when it went wrong or was made for other options.
   */
  async take(binding: Binding, options: BrowserContextOptions): Promise<ControlledSession | undefined> {
    const prepared = binding.prepared;
    if (prepared === undefined || prepared !== this.#next) return undefined;
    this.#next = undefined;
    const session = await prepared.ready;
    if (!(session instanceof Error) && prepared.options === withoutBaseURL(options)) return session;
    if (session instanceof Error && session.name === "TimeoutError") this.#preparing = false;
    if (!(session instanceof Error)) await session.context.close();
    await prepared.server.reset();
    return undefined;
  }

  /**
   * Closes a prepared page a test was bound to but did not take (it asked for `context` before
   * `controlledPage`), and resets its server for the test.
   */
  async discard(binding: Binding): Promise<void> {
    if (binding.prepared === undefined || binding.prepared !== this.#next) return;
    this.#next = undefined;
    const session = await binding.prepared.ready;
    if (!(session instanceof Error)) await session.context.close();
    await binding.server.reset();
  }

  /** Starts preparing a page on the server the running test does not use, if none is prepared. */
  prepareBeside(inUse: MockServer, options: BrowserContextOptions): void {
    if (!this.#preparing || this.#next !== undefined) return;
    const server = this.servers.find((candidate) => candidate !== inUse);
    if (server === undefined) return;
    const ready = this.#prepare(server, options).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    this.#next = { server, options: withoutBaseURL(options), ready };
  }

  async #prepare(server: MockServer, options: BrowserContextOptions): Promise<ControlledSession> {
    await server.reset();
    const context = await this.browser.newContext({ ...options, baseURL: server.origin });
    try {
      await this.setUp(context, server);
      const page = await context.newPage();
      await page.goto(this.home);
      const reloaded = (await bringUnderControl(page, CONTROL_TIMEOUT_MS)) === "reloaded";
      return { server, context, page, reloaded };
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  /** Closes the prepared page, if any (the worker's end). */
  async close(): Promise<void> {
    const session = await this.#next?.ready;
    this.#next = undefined;
    if (session && !(session instanceof Error)) await session.context.close().catch(() => undefined);
  }
}
