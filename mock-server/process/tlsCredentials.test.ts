import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { MAX_TLS_FILE_BYTES, tlsCredentials } from "./tlsCredentials.ts";

test("a certificate made at start covers localhost, both loopback addresses and the bound one, and says its fingerprint", async () => {
  const tls = await tlsCredentials({}, "192.168.1.20");
  const cert = new X509Certificate(tls.cert);
  for (const name of ["DNS:localhost", "IP Address:127.0.0.1", "IP Address:192.168.1.20"]) expect(cert.subjectAltName).toContain(name);
  expect(tls.fingerprint256).toBe(cert.fingerprint256);
  expect(cert.checkPrivateKey((await import("node:crypto")).createPrivateKey(tls.key))).toBe(true);
  expect(new Date(cert.validTo).getTime() - Date.now()).toBeLessThanOrEqual(31 * 24 * 60 * 60 * 1000);
});

test("the user's own files are used as they are; a missing or non-PEM file is named", async () => {
  const made = await tlsCredentials({}, "127.0.0.1");
  const dir = mkdtempSync(join(tmpdir(), "pck-tls-"));
  writeFileSync(join(dir, "cert.pem"), made.cert);
  writeFileSync(join(dir, "key.pem"), made.key);
  writeFileSync(join(dir, "not.pem"), "hello");
  const own = await tlsCredentials({ certFile: join(dir, "cert.pem"), keyFile: join(dir, "key.pem") }, "127.0.0.1");
  expect(own.fingerprint256).toBe(made.fingerprint256);
  await expect(tlsCredentials({ certFile: join(dir, "gone.pem"), keyFile: join(dir, "key.pem") }, "127.0.0.1")).rejects.toThrow(
    /Failed to read --tls-cert '.*gone.pem': ENOENT/,
  );
  await expect(tlsCredentials({ certFile: join(dir, "not.pem"), keyFile: join(dir, "key.pem") }, "127.0.0.1")).rejects.toThrow(/not a PEM certificate/);
  await expect(tlsCredentials({ certFile: join(dir, "cert.pem"), keyFile: join(dir, "not.pem") }, "127.0.0.1")).rejects.toThrow(
    /'.*not.pem': it is not an unencrypted PEM private key/,
  );
  // Node's TLS threw "key values mismatch" with a stack trace when the server was created.
  writeFileSync(join(dir, "other-key.pem"), (await tlsCredentials({}, "127.0.0.1")).key);
  await expect(tlsCredentials({ certFile: join(dir, "cert.pem"), keyFile: join(dir, "other-key.pem") }, "127.0.0.1")).rejects.toThrow(
    /it is not the private key of --tls-cert/,
  );
});

test("a file over MAX_TLS_FILE_BYTES, a device or a FIFO as --tls-cert or --tls-key is refused without reading it, naming it", async () => {
  const made = await tlsCredentials({}, "127.0.0.1");
  const dir = mkdtempSync(join(tmpdir(), "pck-tls-"));
  const [cert, key, large, fifo] = ["cert.pem", "key.pem", "large.pem", "fifo.pem"].map((name) => join(dir, name)) as [string, string, string, string];
  writeFileSync(cert, made.cert);
  writeFileSync(key, made.key);
  // Sparse: 700 MB on the disk's books, none of it written.
  writeFileSync(large, "");
  truncateSync(large, 700_000_000);
  execFileSync("mkfifo", [fifo]);
  const refused = (files: { certFile: string; keyFile: string }) => tlsCredentials(files, "127.0.0.1");
  await expect(refused({ certFile: large, keyFile: key })).rejects.toThrow(
    new Error(`Failed to read --tls-cert '${large}': it is larger than the ${MAX_TLS_FILE_BYTES} bytes a PEM file may have. Give the path of a PEM file.`),
  );
  await expect(refused({ certFile: cert, keyFile: fifo })).rejects.toThrow(
    new Error(`Failed to read --tls-key '${fifo}': it is not a regular file (a device, pipe or socket). Give the path of a PEM file.`),
  );
  await expect(refused({ certFile: "/dev/zero", keyFile: key })).rejects.toThrow(
    new Error("Failed to read --tls-cert '/dev/zero': it is not a regular file (a device, pipe or socket). Give the path of a PEM file."),
  );
  await expect(refused({ certFile: dir, keyFile: key })).rejects.toThrow(/^Failed to read --tls-cert '.*': it is a directory\. Give the path of a PEM file\.$/);
});
