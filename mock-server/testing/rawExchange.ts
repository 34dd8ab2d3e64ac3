/**
 * Test-only: one HTTP/1.1 request over a bare TCP socket, and every byte that comes back until the
 * connection ends, with how it ended: a clean end of stream (FIN) or an error such as ECONNRESET
 * (RST). What no HTTP client shows: garbage, an empty close, a reset; and what no HTTP client sends:
 * a Host header that is not a host, a request line as written.
 */
import { connect } from "node:net";

export interface RawExchange {
  readonly bytes: Buffer;
  /** `fin`: the server closed cleanly; otherwise the socket error's code, e.g. `ECONNRESET`. */
  readonly end: "fin" | string;
}

/** Sends `request` as it is (request line, headers and the blank line) and reads until the connection ends. */
export function rawRequest(origin: string, request: string): Promise<RawExchange> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let end: string | undefined;
    const socket = connect(Number(port), hostname, () => socket.write(request));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => {
      end ??= "fin";
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      end ??= error.code ?? error.message;
    });
    socket.on("close", () => resolve({ bytes: Buffer.concat(chunks), end: end ?? "fin" }));
  });
}

export function rawExchange(origin: string, path: string, headers: Record<string, string> = {}): Promise<RawExchange> {
  const { host } = new URL(origin);
  const lines = [`GET ${path} HTTP/1.1`, `Host: ${host}`, "Connection: close", ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return rawRequest(origin, `${lines.join("\r\n")}\r\n\r\n`);
}
