/**
 * The next test's controlled page, made ready while the current test runs. Most tests start from a
 * page the app's worker controls: a fresh browser context, the app loaded, its worker installed and
 * in control (0.25 s on the second app, 0.7 s on the Next.js app, most of it the browser's). Each
 * Playwright worker has two mock servers (startRun.ts); while a test runs on one, a page is brought
 * under control on the other, reset, exactly as the `controlledPage` fixture would do it after a
 * reset, and the next test that asks for a controlled page takes it as it is.
 *
 * Which server a test runs on is decided by the first fixture that asks (a Binding): `controlledPage`
 * asks for the prepared page, and gets its server; `mock`, `baseURL` or `fullChromium` ask for a
 * server, and get the one without the prepared page, reset, leaving that page for a later test.
 * Playwright sets fixtures up in the order a test names them, so nothing here reads a test's source:
 * a test that names another fixture before `controlledPage` runs on the other server and brings its
 * own page under control, as it would without any preparation.
 *
 * Playwright records every context of the worker's browser for the running test: the prepared page's
 * context is made during the test before the one that takes it, so that test's trace holds its making,
 * and its failure screenshots (`only-on-failure`) hold one of it beside the test's own page. The
 * taking test's trace starts with the page already controlled.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { bringUnderControl } from "../../kit/workerControl.ts";
import type { MockServer } from "./mockServerProcess.ts";

/** A page an activated worker controls, ready for a test, on `server`. */
export interface ControlledSession {
  readonly server: MockServer;
  readonly context: BrowserContext;
  readonly page: Page;
  /** The worker did not claim the page it was installed from, so the page was reloaded once. */
  readonly reloaded: boolean;
}

/** What a new context gets before its first page: the spy, routes (harness/testContext.ts). */
export type SetUpContext = (context: BrowserContext, server: MockServer) => Promise<void>;

interface Preparation {
  readonly server: MockServer;
  /** The context options it was made with, as JSON: a test with others cannot use it. */
  readonly options: string;
  readonly ready: Promise<ControlledSession | Error>;
}

const withoutBaseURL = (options: BrowserContextOptions): string => JSON.stringify({ ...options, baseURL: undefined });

export class PreparedPages {
  #next: Preparation | undefined;

  constructor(
    private readonly servers: readonly MockServer[],
    private readonly browser: Browser,
    private readonly home: string,
    private readonly setUp: SetUpContext,
  ) {}

  /** A server for a test that does not take the prepared page: the other one, reset. */
  async freeServer(): Promise<MockServer> {
    const server = this.servers.find((candidate) => candidate !== this.#next?.server) ?? (this.servers[0] as MockServer);
    if (server === this.#next?.server) await this.#drop();
    await server.reset();
    return server;
  }

  /**
   * The prepared page, made with `options`, and its server; or, when there is none (or it went wrong,
   * or was made for other options), a free server, reset, for the test to bring its own page under control.
   */
  async take(options: BrowserContextOptions): Promise<{ server: MockServer; session?: ControlledSession }> {
    const next = this.#next;
    this.#next = undefined;
    if (next === undefined) return { server: await this.freeServer() };
    const session = await next.ready;
    if (!(session instanceof Error) && next.options === withoutBaseURL(options)) return { server: next.server, session };
    if (!(session instanceof Error)) await session.context.close();
    await next.server.reset();
    return { server: next.server };
  }

  /**
   * Starts preparing a page on the server the running test does not use, if none is prepared,
   * giving its worker `controlTimeoutMs` (the suite's budget for this app: harness/control.ts).
   */
  prepareBeside(inUse: MockServer, options: BrowserContextOptions, controlTimeoutMs: number): void {
    if (this.#next !== undefined) return;
    const server = this.servers.find((candidate) => candidate !== inUse);
    if (server === undefined) return;
    const ready = this.#prepare(server, options, controlTimeoutMs).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    this.#next = { server, options: withoutBaseURL(options), ready };
  }

  async #prepare(server: MockServer, options: BrowserContextOptions, controlTimeoutMs: number): Promise<ControlledSession> {
    await server.reset();
    const context = await this.browser.newContext({ ...options, baseURL: server.origin });
    try {
      await this.setUp(context, server);
      const page = await context.newPage();
      await page.goto(this.home);
      const reloaded = (await bringUnderControl(page, controlTimeoutMs)) === "reloaded";
      return { server, context, page, reloaded };
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  async #drop(): Promise<void> {
    const session = await this.#next?.ready;
    this.#next = undefined;
    if (session && !(session instanceof Error)) await session.context.close().catch(() => undefined);
  }

  /** Closes the prepared page, if any (the worker's end). */
  close(): Promise<void> {
    return this.#drop();
  }
}

/**
 * Where one test runs, decided by the first fixture that asks: `controlled()` for the prepared page
 * (controlledPage), `server()` for a server of its own (mock, baseURL, fullChromium). Later asks get
 * the same server.
 */
export class Binding {
  #server: Promise<MockServer> | undefined;

  constructor(private readonly pages: PreparedPages) {}

  server(): Promise<MockServer> {
    this.#server ??= this.pages.freeServer();
    return this.#server;
  }

  /** The prepared page, if this test is the first to ask and one is ready; else undefined (the server is still bound). */
  async controlled(options: BrowserContextOptions): Promise<ControlledSession | undefined> {
    if (this.#server !== undefined) return undefined;
    const taken = this.pages.take(options);
    this.#server = taken.then(({ server }) => server);
    return (await taken).session;
  }
}
