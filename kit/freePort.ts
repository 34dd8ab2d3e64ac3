/**
 * A port nothing listens on now, for a server that cannot report a port it chose itself (`next
 * start`, a command line given to --start): bound to port 0 on `host`, then released. Another
 * process could take it in between; on a loopback address of a test machine that is rare enough.
 */
import { createServer } from "node:net";

export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
