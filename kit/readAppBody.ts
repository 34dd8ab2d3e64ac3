/**
 * Every body init or check (the suite in specs/) reads from the app itself (its manifest, a page, its
 * worker script) comes through here, at most MAX_APP_BODY_BYTES of it within the caller's timeout: the
 * app is the one being checked, and an answer that never ends (a manifest route streaming forever took
 * init to 4 GB in 26 s, read whole by Playwright's request API) must end the read with a message, not
 * the process. A read that needs only the status and headers (readAppHead) reads no body at all.
 * Redirects are followed on the app's origin only, as init's browser contexts reach no other.
 */

/**
 * The most read of one answer: 17 times the largest file the five example apps serve (a 468 kB
 * script chunk; their manifests are 254–316 bytes), and a few tens of ms to read on loopback.
 */
export const MAX_APP_BODY_BYTES = 8 * 1024 * 1024;

/**
 * How long the suite gives one read of the app: a third of Playwright's default test timeout (30 s),
 * so a read that does not end fails with its own message before the test's timeout does. What the
 * suite reads (a worker script, a manifest, a build's old file) is a file the app has served before.
 */
export const SUITE_READ_TIMEOUT_MS = 10_000;

/** Redirects followed on the way, as many as a browser would for a trailing slash or a locale and then some. */
const MAX_REDIRECTS = 5;

const MESSAGES = {
  tooLarge: (url: string, maxBytes: number) =>
    `Failed to read ${url}: its body is longer than ${maxBytes} bytes, the most the kit reads of one answer of the app. Check what the app serves there; a manifest, a page or a worker script is far smaller.`,
  timedOut: (url: string, ms: number) =>
    `Failed to read ${url}: its answer did not end within ${ms} ms. Check that the app answers there with a body that ends.`,
  unreachable: (url: string, why: string) => `Failed to read ${url}: ${why}. Check that the app is running and answers there.`,
} as const;

export type AppBodyErrorCode = keyof typeof MESSAGES;

export class AppBodyError extends Error {
  readonly code: AppBodyErrorCode;

  constructor(code: AppBodyErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export interface AppBody {
  readonly status: number;
  readonly contentType: string | null;
  readonly bytes: Buffer;
}

export interface AppHead {
  readonly status: number;
  /** Lower-case names; a repeated header's values joined with ", ", as fetch's Headers gives them. */
  readonly headers: Readonly<Record<string, string>>;
}

export interface AppBodyOptions {
  /** How long the whole answer may take, head and body. */
  readonly timeoutMs: number;
  readonly maxBytes?: number;
}

/** What a failed read throws: the AppBodyError that says why. */
function failureOf(url: string, timeoutMs: number, timeout: AbortSignal): (error: unknown) => AppBodyError {
  return (error) => {
    if (error instanceof AppBodyError) return error;
    if (timeout.aborted) return new AppBodyError("timedOut", MESSAGES.timedOut(url, timeoutMs));
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return new AppBodyError("unreachable", MESSAGES.unreachable(url, cause?.code ?? cause?.message ?? (error as Error).message));
  };
}

/** The answer of GET `url` after redirects on its origin, its body not yet read. */
async function answerOf(url: string, timeout: AbortSignal, failed: (error: unknown) => AppBodyError): Promise<Response> {
  let at = new URL(url);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(at, { redirect: "manual", signal: timeout });
      const location = response.headers.get("location");
      const next = location === null ? null : new URL(location, at);
      if (response.status < 300 || response.status >= 400 || next === null || next.origin !== at.origin || redirects === MAX_REDIRECTS) return response;
      await response.body?.cancel();
      at = next;
    }
  } catch (error) {
    throw failed(error);
  }
}

/** The status and headers of GET `url`, its body never read; throws AppBodyError past the time, or without an answer. */
export async function readAppHead(url: string, { timeoutMs }: Pick<AppBodyOptions, "timeoutMs">): Promise<AppHead> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const response = await answerOf(url, timeout, failureOf(url, timeoutMs, timeout));
  // The head is what was asked for: a body that failed meanwhile changes nothing of it.
  await response.body?.cancel().catch(() => undefined);
  return { status: response.status, headers: Object.fromEntries(response.headers) };
}

/** The answer of GET `url`, its body whole; throws AppBodyError past the cap or the time, or without an answer. */
export async function readAppBody(url: string, { timeoutMs, maxBytes = MAX_APP_BODY_BYTES }: AppBodyOptions): Promise<AppBody> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const failed = failureOf(url, timeoutMs, timeout);
  const response = await answerOf(url, timeout, failed);
  const tooLarge = () => new AppBodyError("tooLarge", MESSAGES.tooLarge(url, maxBytes));
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    for (;;) {
      const read = await reader?.read();
      if (!read || read.done) break;
      size += read.value.byteLength;
      if (size > maxBytes) throw tooLarge();
      chunks.push(read.value);
    }
  } catch (error) {
    await reader?.cancel().catch(() => undefined);
    throw failed(error);
  }
  return { status: response.status, contentType: response.headers.get("content-type"), bytes: Buffer.concat(chunks) };
}
