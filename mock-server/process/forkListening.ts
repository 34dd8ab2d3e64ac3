/**
 * The one "start a server and wait until it listens" handshake of this repository: the child (the
 * mock server, the fixture apps, the benchmarks' baseline servers) calls `announceListening` once it
 * listens; the parent's `forkListening` resolves with the origin it sent. The child sees `disconnect`
 * and stops when the parent goes away, so a crashed parent leaves no server behind.
 */
import { type ChildProcess, fork } from "node:child_process";

export interface ListeningMessage {
  readonly type: "listening";
  /** `http://host:port` */
  readonly origin: string;
  /** The app's own address, when it lies under a base path. */
  readonly url?: string;
}

/** In the child: tells the parent (if it was forked with IPC) where the server listens. */
export function announceListening(origin: string, url?: string): void {
  process.send?.({ type: "listening", origin, ...(url === undefined ? {} : { url }) } satisfies ListeningMessage);
}

export interface Listening {
  readonly child: ChildProcess;
  readonly origin: string;
  readonly url: string | undefined;
  /** What the child wrote to stderr so far (only when forked `quiet`). */
  readonly stderr: () => string;
  /** Stops the server and resolves once it has exited. */
  readonly stop: () => Promise<void>;
}

export interface ForkOptions {
  /** Names the server in errors: "the mock server", "the second app". */
  readonly name: string;
  readonly timeoutMs: number;
  /** Node flags for the child; by default `--import tsx` for a .ts script and none otherwise. */
  readonly execArgv?: readonly string[];
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Discard stdout and keep stderr for error messages instead of passing both through. */
  readonly quiet?: boolean;
}

function isListening(message: unknown): message is ListeningMessage {
  const candidate = message as Partial<ListeningMessage> | null;
  return candidate?.type === "listening" && typeof candidate.origin === "string";
}

export function forkListening(script: string, args: readonly string[], options: ForkOptions): Promise<Listening> {
  const execArgv = options.execArgv ?? (script.endsWith(".ts") ? ["--import", "tsx"] : []);
  const child = fork(script, [...args], {
    execArgv: [...execArgv],
    env: { ...process.env, ...options.env },
    stdio: options.quiet ? ["ignore", "ignore", "pipe", "ipc"] : ["ignore", "inherit", "inherit", "ipc"],
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  const said = () => (stderr === "" ? "" : `\n${stderr}`);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${options.name} did not start within ${options.timeoutMs} ms.${said()}`));
    }, options.timeoutMs);
    child.on("message", (message) => {
      if (!isListening(message)) return;
      clearTimeout(timer);
      resolve({ child, origin: message.origin, url: message.url, stderr: () => stderr, stop });
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${options.name} exited with ${signal ?? `code ${code}`} before listening.${said()}`));
    });
  });
}
