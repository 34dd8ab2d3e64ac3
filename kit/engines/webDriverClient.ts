/**
 * The few W3C WebDriver (classic) commands the WebKit engine uses, over fetch: new session, navigate,
 * refresh, current URL, execute async script, delete session. Hand-written on purpose: the `webdriver`
 * package, the field's client, brings driver downloaders (geckodriver, edgedriver, safaridriver:
 * 80 MB here) that cannot run on a closed network and that WebKitWebDriver does not need.
 * https://www.w3.org/TR/webdriver2/
 */

/** How long one command may take: a navigation's load on a busy machine, or a script's wait. */
export const COMMAND_TIMEOUT_MS = 90_000;

export class WebDriverError extends Error {
  override name = "WebDriverError";
}

/** A command the driver did not answer in time: the driver may be stuck, not just the page. */
export class WebDriverTimeout extends WebDriverError {
  override name = "WebDriverTimeout";
}

/**
 * The driver's process ended under a command (WebKitWebDriver has crashed here now and then, a
 * segfault; upstream has fixed several around deleting a session): every session it ran is gone.
 */
export class WebDriverGone extends WebDriverError {
  override name = "WebDriverGone";
}

/** What the client can learn of the driver's process, to say why a connection failed. */
export interface DriverProcess {
  /** How the process ended ("signal SIGSEGV", "code 1"), or undefined while it runs. */
  readonly exited: () => string | undefined;
  /** Settles with how the process ended, once it has (its `exit` event). */
  readonly ended: Promise<string>;
  /** The end of what it wrote to stderr. */
  readonly output: () => string;
}

/** A process that crashed closes its sockets a moment before its parent hears of its exit. */
const EXIT_NOTICE_MS = 2_000;

interface Reply {
  readonly value: unknown;
}

export class WebDriverClient {
  constructor(
    private readonly origin: string,
    private readonly driver: DriverProcess = { exited: () => undefined, ended: new Promise(() => undefined), output: () => "" },
  ) {}

  async command(method: "GET" | "POST" | "DELETE", path: string, body?: unknown, timeoutMs = COMMAND_TIMEOUT_MS): Promise<unknown> {
    let text: string;
    let response: Response;
    try {
      response = await fetch(`${this.origin}${path}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json; charset=utf-8" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      if (error instanceof DOMException && error.name === "TimeoutError")
        throw new WebDriverTimeout(`WebKitWebDriver ${method} ${path}: no answer within ${timeoutMs} ms.`);
      throw await this.connectionFailed(method, path, error);
    }
    let reply: Reply;
    try {
      reply = JSON.parse(text) as Reply;
    } catch {
      throw new WebDriverError(`WebKitWebDriver ${method} ${path}: HTTP ${response.status} with a body that is not WebDriver's JSON: ${text.slice(0, 200)}`);
    }
    if (!response.ok) {
      const value = reply.value as { error?: string; message?: string } | undefined;
      throw new WebDriverError(`WebKitWebDriver ${method} ${path}: ${value?.error ?? response.status}: ${value?.message ?? ""}`.trim());
    }
    return reply.value;
  }

  /** Why a command got no answer at all: the driver's crash, named with its signal and last output, or a connection that failed while it ran. */
  private async connectionFailed(method: string, path: string, error: unknown): Promise<Error> {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const why = cause instanceof Error ? cause.message : String(cause);
    // Refused: nothing listens (a driver still starting, or one long gone). Otherwise wait for the exit to be heard.
    const refused = (cause as { code?: string } | undefined)?.code === "ECONNREFUSED";
    let notice: ReturnType<typeof setTimeout> | undefined;
    const ended =
      this.driver.exited() ??
      (refused
        ? undefined
        : await Promise.race([
            this.driver.ended,
            new Promise<undefined>((resolve) => {
              notice = setTimeout(() => resolve(undefined), EXIT_NOTICE_MS);
            }),
          ]));
    clearTimeout(notice);
    if (ended === undefined)
      return new WebDriverError(`WebKitWebDriver ${method} ${path}: no answer (${why}), though the driver is still running.`, { cause: error });
    const output = this.driver.output().trim();
    return new WebDriverGone(
      `WebKitWebDriver exited with ${ended} during ${method} ${path} (${why}): a crash of the driver, not of the page; every session it ran is gone.` +
        (output ? ` Its last output: ${output}` : " It wrote nothing to stderr."),
      { cause: error },
    );
  }

  /**
   * Resolves once the driver answers /status as ready; rejects after `timeoutMs`, or as soon as
   * the driver's process has ended. A poll, as cli/startApp.ts waits for an app: a driver
   * has no event for "listening", and /status may answer `ready: false` while it starts.
   */
  async ready(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown;
    while (Date.now() < deadline) {
      const ended = this.driver.exited();
      if (ended !== undefined) throw new WebDriverError(`WebKitWebDriver exited with ${ended} before it answered /status.`);
      try {
        const status = (await this.command("GET", "/status")) as { ready?: boolean };
        if (status.ready !== false) return;
      } catch (error) {
        last = error;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new WebDriverError(`WebKitWebDriver did not answer /status within ${timeoutMs} ms${last ? ` (${(last as Error).message})` : ""}.`);
  }

  async newSession(
    capabilities: Record<string, unknown>,
    timeoutMs = COMMAND_TIMEOUT_MS,
  ): Promise<{ sessionId: string; capabilities: Record<string, unknown> }> {
    return (await this.command("POST", "/session", { capabilities: { alwaysMatch: capabilities } }, timeoutMs)) as {
      sessionId: string;
      capabilities: Record<string, unknown>;
    };
  }

  /**
   * Runs `source` (an expression, awaited) in the session's page. A rejection in the page comes back
   * as a WebDriverError carrying the page's message, not as a driver timeout.
   */
  async evaluate(sessionId: string, source: string): Promise<unknown> {
    const script = `const done = arguments[arguments.length - 1];
Promise.resolve().then(() => ${source}).then((value) => done({ value }), (error) => done({ error: error instanceof Error ? \`\${error.name}: \${error.message}\` : String(error) }));`;
    const result = (await this.command("POST", `/session/${sessionId}/execute/async`, { script, args: [] })) as { value?: unknown; error?: string };
    if (result.error !== undefined) throw new WebDriverError(`in the page: ${result.error}`);
    return result.value;
  }
}
