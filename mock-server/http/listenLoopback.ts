/** A server for the kit's own use (tests, init's probe): on 127.0.0.1, a free port, and a close that cuts open connections. */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Listening {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly port: number;
  readonly server: Server;
  /** Stops listening and cuts open connections (keep-alive ones included). */
  readonly close: () => Promise<void>;
}

export async function listen(handler: RequestListener): Promise<Listening> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { origin: `http://127.0.0.1:${port}`, port, server, close };
}
