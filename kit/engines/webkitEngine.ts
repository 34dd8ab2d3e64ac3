/**
 * WebKit through WebKitWebDriver and Debian's WebKitGTK (MiniBrowser), under Xvfb when there is no
 * display: Playwright's own WebKit build cannot be downloaded here, and WebKitWebDriver refuses BiDi.
 * Classic WebDriver has no private contexts and no script before the page's own, so each page is a
 * session of its own (a MiniBrowser with its own ephemeral storage, 2.5 s to start here), its tabs
 * the session's windows, and `scriptBeforePage` is false.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { freePort } from "../freePort.ts";
import { signalGroup } from "../stopProcessGroup.ts";
import { callSource, type EngineBrowser, type EnginePage, type InPage } from "./engine.ts";
import type { WebKitSetup } from "./findEngine.mjs";
import { WebDriverClient, WebDriverGone, WebDriverTimeout } from "./webDriverClient.ts";

/** Xvfb and the driver start in well under a second; generous for a busy CI machine. */
const START_TIMEOUT_MS = 30_000;

/** Starts Xvfb on a display it picks itself (-displayfd): resolves with ":<n>" once it accepts clients. */
function startXvfb(xvfb: string): Promise<{ display: string; process: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(xvfb, ["-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp"], { stdio: ["ignore", "ignore", "pipe", "pipe"] });
    let err = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-2_000);
    });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`Xvfb did not start within ${START_TIMEOUT_MS} ms: ${err.trim()}`));
    }, START_TIMEOUT_MS);
    const fd3 = child.stdio[3] as NodeJS.ReadableStream;
    fd3.once("data", (chunk: Buffer) => {
      clearTimeout(timer);
      resolve({ display: `:${chunk.toString().trim()}`, process: child });
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited with ${code}: ${err.trim()}`));
    });
  });
}

/**
 * One WebDriver session (one MiniBrowser, one ephemeral storage) and its tabs. Classic WebDriver acts
 * on one current window at a time, so each tab's command runs in turn, after switching to its window.
 */
class WebKitSession {
  private current: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly client: WebDriverClient,
    readonly id: string,
  ) {}

  /** Runs `command` with the window `handle` current, after every command queued before it. */
  on<T>(handle: string, command: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      if (this.current !== handle) {
        await this.client.command("POST", `/session/${this.id}/window`, { handle });
        this.current = handle;
      }
      return command();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Forgets the current window once it is closed: the next command switches to its own. */
  closed(): void {
    this.current = undefined;
  }
}

class WebKitPage implements EnginePage {
  constructor(
    private readonly session: WebKitSession,
    private readonly handle: string,
    /** The session's first window: closing it ends the session, every tab with it. */
    private readonly first: boolean,
  ) {}

  private command(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<unknown> {
    return this.session.on(this.handle, () => this.session.client.command(method, `/session/${this.session.id}${path}`, body));
  }

  async goto(url: string): Promise<void> {
    // The default page load strategy, "normal", returns once the document is complete: after load.
    await this.command("POST", "/url", { url });
  }

  async reload(): Promise<void> {
    await this.command("POST", "/refresh", {});
  }

  async url(): Promise<string> {
    return (await this.command("GET", "/url")) as string;
  }

  async evaluate<A, R>(fn: InPage<A, R>, arg: A): Promise<R> {
    return (await this.session.on(this.handle, () => this.session.client.evaluate(this.session.id, callSource(fn, arg)))) as R;
  }

  async newTab(): Promise<EnginePage> {
    const { handle } = (await this.command("POST", "/window/new", { type: "tab" })) as { handle: string };
    return new WebKitPage(this.session, handle, false);
  }

  async close(): Promise<void> {
    try {
      if (this.first) {
        await this.session.client.command("DELETE", `/session/${this.session.id}`);
        return;
      }
      await this.command("DELETE", "/window");
      this.session.closed();
    } catch (error) {
      // Closing ends the session; a driver that crashed has ended it (the next page starts a new
      // driver, and its MiniBrowsers are killed with it). What the page was for is over by now.
      if (!(error instanceof WebDriverGone)) throw error;
    }
  }
}

/**
 * A new session (a MiniBrowser) starts in about 2.5 s here. One that has not answered within this
 * has hung (seen once in a few hundred, on a loaded machine; WebKit's own WebDriver test runner
 * restarts a hung driver too): the driver is restarted, once. So is one that crashed.
 */
export const SESSION_START_TIMEOUT_MS = 15_000;

interface Driver {
  readonly client: WebDriverClient;
  /** Ends the driver; `hard`, a stuck or crashed one: SIGKILL to it and the MiniBrowsers it started. */
  readonly stop: (hard?: boolean) => void;
}

/** Enough of the driver's stderr to show a crash's last words. */
const OUTPUT_TAIL = 2_000;

async function startDriver(setup: WebKitSetup, display: string | undefined): Promise<Driver> {
  const port = await freePort();
  // A process group of its own: the MiniBrowsers it starts stay in it after a crash of the driver
  // orphans them, so one signal to the group ends them all.
  const driver = spawn(setup.driver, [`--port=${port}`, "--host=127.0.0.1"], {
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
    env: { ...process.env, ...(display ? { DISPLAY: display } : {}) },
  });
  let output = "";
  driver.stderr?.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL);
  });
  let driverEnded: string | undefined;
  const ended = new Promise<string>((resolve) =>
    driver.once("exit", (code, signal) => {
      driverEnded = signal ? `signal ${signal}` : `code ${code}`;
      resolve(driverEnded);
    }),
  );
  const signal = (name: NodeJS.Signals) => {
    if (driver.pid !== undefined) signalGroup(driver.pid, name);
  };
  const kill = () => signal("SIGTERM");
  // A test worker that ends without closing the engine (a crash, a timeout) leaves no driver behind.
  process.once("exit", kill);
  const stop = (hard = false) => {
    process.off("exit", kill);
    // A driver that is gone cannot end its browsers itself.
    signal(hard || driverEnded !== undefined ? "SIGKILL" : "SIGTERM");
  };
  const client = new WebDriverClient(`http://127.0.0.1:${port}`, { exited: () => driverEnded, ended, output: () => output });
  try {
    await client.ready(START_TIMEOUT_MS);
  } catch (error) {
    stop();
    throw error;
  }
  return { client, stop };
}

export async function launchWebKit(setup: WebKitSetup, sessionStartTimeoutMs = SESSION_START_TIMEOUT_MS): Promise<EngineBrowser> {
  const xvfb = setup.xvfb ? await startXvfb(setup.xvfb) : undefined;
  const stopXvfb = () => xvfb?.process.kill();
  process.once("exit", stopXvfb);
  const stopAll = () => {
    driver?.stop();
    process.off("exit", stopXvfb);
    stopXvfb();
  };
  let driver: Driver | undefined;
  try {
    driver = await startDriver(setup, xvfb?.display);
  } catch (error) {
    stopAll();
    throw error;
  }
  const capabilities = {
    "webkitgtk:browserOptions": { binary: setup.miniBrowser, args: ["--automation"] },
    timeouts: { script: 60_000, pageLoad: 60_000 },
  };
  const session = async (client: WebDriverClient) => {
    const started = await client.newSession(capabilities, sessionStartTimeoutMs);
    const handle = (await client.command("GET", `/session/${started.sessionId}/window`, undefined, sessionStartTimeoutMs)) as string;
    return {
      page: new WebKitPage(new WebKitSession(client, started.sessionId), handle, true),
      version: String(started.capabilities.browserVersion ?? "unknown"),
    };
  };
  const restart = async (): Promise<Driver> => {
    driver?.stop(true);
    driver = undefined;
    driver = await startDriver(setup, xvfb?.display);
    return driver;
  };
  const open = async () => {
    const current = driver ?? (await restart());
    try {
      return await session(current.client);
    } catch (error) {
      // A hung driver, or one that crashed under an earlier page (its connection refused): a new one.
      if (!(error instanceof WebDriverTimeout || error instanceof WebDriverGone)) throw error;
      return await session((await restart()).client);
    }
  };
  // The version comes with a session: the first one is kept for the first page.
  let first: EnginePage | undefined;
  let version: string;
  try {
    const opened = await open();
    first = opened.page;
    version = opened.version;
  } catch (error) {
    stopAll();
    throw error;
  }
  return {
    engine: "webkit",
    version: `WebKitGTK ${version} (MiniBrowser ${setup.miniBrowser}, WebKitWebDriver)`,
    capabilities: { scriptBeforePage: false, navigationStatus: false, httpCache: false },
    async newPage(options = {}) {
      if (options.beforePage?.length) throw new Error("WebKitWebDriver (classic WebDriver) cannot run a script before the page's own.");
      const page = first ?? (await open()).page;
      first = undefined;
      return page;
    },
    async close() {
      await first?.close().catch(() => undefined);
      stopAll();
    },
  };
}
