/**
 * Every body init or check reads from the app itself (its manifest, a page, its worker script) comes
 * through here, at most MAX_APP_BODY_BYTES and LOAD_TIMEOUT_MS of it: the app is the one being
 * checked, and an answer that never ends (a manifest route streaming forever took init to 4 GB in
 * 26 s, read whole by Playwright's request API) must end the read with a message, not the process.
 * Redirects are followed on the app's origin only, as init's browser contexts reach no other.
 */

/**
 * The most read of one answer: 17 times the largest file the five example apps serve (a 468 kB
 * script chunk; their manifests are 254–316 bytes), and a few tens of ms to read on loopback.
 */
export const MAX_APP_BODY_BYTES = 8 * 1024 * 1024;

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

export interface AppBodyOptions {
  /** How long the whole answer may take, head and body. */
  readonly timeoutMs: number;
  readonly maxBytes?: number;
}

/** The answer of GET `url`, its body whole; throws AppBodyError past the cap or the time, or without an answer. */
export async function readAppBody(url: string, { timeoutMs, maxBytes = MAX_APP_BODY_BYTES }: AppBodyOptions): Promise<AppBody> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const failed = (error: unknown): AppBodyError => {
    if (error instanceof AppBodyError) return error;
    if (timeout.aborted) return new AppBodyError("timedOut", MESSAGES.timedOut(url, timeoutMs));
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return new AppBodyError("unreachable", MESSAGES.unreachable(url, cause?.code ?? cause?.message ?? (error as Error).message));
  };
  let response: Response;
  let at = new URL(url);
  try {
    for (let redirects = 0; ; redirects++) {
      response = await fetch(at, { redirect: "manual", signal: timeout });
      const location = response.headers.get("location");
      const next = location === null ? null : new URL(location, at);
      if (response.status < 300 || response.status >= 400 || next === null || next.origin !== at.origin || redirects === MAX_REDIRECTS) break;
      await response.body?.cancel();
      at = next;
    }
  } catch (error) {
    throw failed(error);
  }
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
