/**
 * The certificate `--https` serves: the user's own (`--tls-cert`, `--tls-key`), or one made at start
 * by `selfsigned` (webpack-dev-server's) for loopback, `localhost` and the addresses the server binds
 * (every interface's for 0.0.0.0 or ::), so a phone on the LAN can reach a secure context once the
 * certificate is trusted there. Never written to disk: a new one at every start.
 */

import { createPrivateKey, type KeyObject, X509Certificate } from "node:crypto";
import { isIP } from "node:net";
import { networkInterfaces } from "node:os";
import { generate } from "selfsigned";
import { readSmallFile, type SmallFile } from "../../kit/readSmallFile.ts";

export interface TlsCredentials {
  readonly key: string;
  readonly cert: string;
  /** SHA-256, colon-separated hex: what a person compares on the device that trusts it. */
  readonly fingerprint256: string;
  /** The names and addresses the certificate covers. */
  readonly covers: string;
}

/** The addresses a server bound to `host` answers on. */
function boundAddresses(host: string): string[] {
  if (host !== "0.0.0.0" && host !== "::") return [host];
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((info) => (info && (host === "::" || info.family === "IPv4") ? [info.address] : []));
}

async function generated(host: string): Promise<{ key: string; cert: string }> {
  const names = [...new Set(["localhost", "127.0.0.1", "::1", ...boundAddresses(host)])];
  // subjectAltName entries: 2 is a DNS name, 7 an IP address (RFC 5280 GeneralName).
  const altNames = names.map((name) => (isIP(name) ? { type: 7 as const, ip: name } : { type: 2 as const, value: name }));
  const pems = await generate([{ name: "commonName", value: "pwa-conformance-kit mock server" }], {
    // 30 days: long enough for a device that trusts it, short enough not to matter if it leaks.
    notAfterDate: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    keyType: "ec",
    extensions: [{ name: "subjectAltName", altNames }],
  });
  return { key: pems.private, cert: pems.cert };
}

/**
 * The most bytes a --tls-cert or --tls-key file may have: far above any PEM a server uses (mkcert's
 * certificate is 1.5 kB, a chain with its intermediates a few kB), as profiles and scenarios are
 * capped. `/dev/zero` was read to 3 GB in 3.6 s, a FIFO held the start forever, and 700 MB ended in
 * ERR_STRING_TOO_LONG.
 */
export const MAX_TLS_FILE_BYTES = 1_000_000;

const UNREADABLE = {
  directory: "it is a directory",
  "not a regular file": "it is not a regular file (a device, pipe or socket)",
  "too large": `it is larger than the ${MAX_TLS_FILE_BYTES} bytes a PEM file may have`,
} as const;

/** The file's text, its kind and size checked first (kit/readSmallFile.ts). */
function read(file: string, what: string): string {
  let read: SmallFile;
  try {
    read = readSmallFile(file, MAX_TLS_FILE_BYTES);
  } catch (error) {
    throw new Error(`Failed to read ${what} '${file}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  if ("problem" in read) throw new Error(`Failed to read ${what} '${file}': ${UNREADABLE[read.problem]}. Give the path of a PEM file.`);
  return read.text;
}

export async function tlsCredentials(https: { readonly certFile?: string; readonly keyFile?: string }, host: string): Promise<TlsCredentials> {
  const { key, cert } =
    https.certFile !== undefined && https.keyFile !== undefined
      ? { key: read(https.keyFile, "--tls-key"), cert: read(https.certFile, "--tls-cert") }
      : await generated(host);
  let parsed: X509Certificate;
  try {
    parsed = new X509Certificate(cert);
  } catch {
    throw new Error(`Failed to use --tls-cert '${https.certFile}': it is not a PEM certificate.`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new Error(`Failed to use --tls-key '${https.keyFile}': it is not an unencrypted PEM private key.`);
  }
  // Node's TLS would throw "key values mismatch" with a stack trace at the server's creation.
  if (!parsed.checkPrivateKey(privateKey))
    throw new Error(`Failed to use --tls-key '${https.keyFile}': it is not the private key of --tls-cert '${https.certFile}'.`);
  return { key, cert, fingerprint256: parsed.fingerprint256, covers: parsed.subjectAltName ?? parsed.subject };
}
