import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { FAKE_SCRIPT, FAKE_SCRIPT_TEXT } from "../testing/fakeDist.ts";
import { rawGet } from "../testing/rawGet.ts";
import { type StartedMock, startMock } from "../testing/startMock.ts";

const SECRET = "TOP-SECRET-5f1c";

/** A server whose build folder has a secret file beside it and two symlinks inside dist/assets pointing out. */
async function startWithSecret(): Promise<StartedMock & { secretFile: string }> {
  const started = await startMock();
  const secretDir = join(started.root, "private");
  mkdirSync(secretDir);
  const secretFile = join(secretDir, "secret.txt");
  writeFileSync(secretFile, SECRET);
  symlinkSync(secretFile, join(started.distDir, "assets", "link.txt"));
  symlinkSync(secretDir, join(started.distDir, "assets", "linked-dir"));
  return { ...started, secretFile };
}

test("serves a built asset, immutable for a year", async () => {
  const { origin } = await startMock();
  const answer = await rawGet(origin, `/app/${FAKE_SCRIPT}`);
  expect(answer.status).toBe(200);
  expect(answer.body).toBe(FAKE_SCRIPT_TEXT);
  expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
});

// From dist/assets, ../../private/secret.txt is the secret.
test.each([
  ["plain dot segments", "/app/assets/../../private/secret.txt"],
  ["encoded dots (%2e%2e)", "/app/assets/%2e%2e/%2e%2e/private/secret.txt"],
  ["encoded dots and slashes", "/app/assets/%2e%2e%2f%2e%2e%2fprivate%2fsecret.txt"],
  ["dots with encoded slashes", "/app/assets/..%2f..%2fprivate%2fsecret.txt"],
  ["double-encoded dots (%252e%252e)", "/app/assets/%252e%252e/%252e%252e/private/secret.txt"],
  ["double-encoded slashes", "/app/assets/..%252f..%252fprivate%252fsecret.txt"],
  ["backslashes", "/app/assets/..\\..\\private\\secret.txt"],
  ["encoded backslashes (%5c)", "/app/assets/..%5c..%5cprivate%5csecret.txt"],
  ["a NUL byte", "/app/assets/main-test.js%00/../../../private/secret.txt"],
  ["a NUL byte before an extension", "/app/assets/link.txt%00.js"],
  ["an encoded absolute path", "/app/assets/%2e%2e%2f%2e%2e%2fprivate/secret.txt"],
  ["a symlink to a file outside", "/app/assets/link.txt"],
  ["a symlink to a folder outside", "/app/assets/linked-dir/secret.txt"],
  ["dots outside the assets folder", "/app/..%2f..%2fprivate%2fsecret.txt"],
])("refuses %s and never shows a file outside the build", async (_kind, path) => {
  const { origin } = await startWithSecret();
  const answer = await rawGet(origin, path);
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.body).not.toContain(SECRET);
});

test("refuses an absolute file path, as is and percent-encoded", async () => {
  const { origin, secretFile } = await startWithSecret();
  for (const path of [`/app/assets/${secretFile}`, `/app/assets/${encodeURIComponent(secretFile)}`, `/app/assets//${encodeURIComponent(secretFile)}`]) {
    const answer = await rawGet(origin, path);
    expect(answer.status, path).toBe(404);
    expect(answer.body, path).not.toContain(SECRET);
  }
});

test("answers a refused path with JSON that shows no file system path", async () => {
  const { origin, root } = await startWithSecret();
  const answer = await rawGet(origin, "/app/assets/link.txt");
  expect(answer.status).toBe(404);
  expect(JSON.parse(answer.body).error.code).toBe("NO_SUCH_ASSET");
  expect(answer.body).not.toContain(root);
});

test("answers a dot segment with 400 naming the problem", async () => {
  const { origin } = await startMock();
  const answer = await rawGet(origin, "/app/assets/%2e%2e/x.js");
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.body).error.message).toBe(
    "Failed to serve /app/assets/%2e%2e/x.js: it holds a '.' or '..' segment. Ask for an asset by the name the build gave it.",
  );
});

test("answers malformed percent-encoding with 400 and no stack trace", async () => {
  const { origin } = await startMock();
  for (const path of ["/app/assets/%E0%A4%A", "/app/%E0%A4%A"]) {
    const answer = await rawGet(origin, path);
    expect(answer.status, path).toBe(400);
    expect(answer.headers["content-type"], path).toMatch(/^application\/json/);
    expect(answer.body, path).not.toMatch(/node_modules|\s+at /);
  }
});

test("serves no worker script through a symlink that leads outside the build", async () => {
  const { origin, distDir, secretFile } = await startWithSecret();
  rmSync(join(distDir, "sw.js"));
  symlinkSync(secretFile, join(distDir, "sw.js"));
  const answer = await rawGet(origin, "/app/sw.js");
  expect(answer.status).toBe(404);
  expect(answer.body).not.toContain(SECRET);
});

test("serves no panel page through a symlink that leads outside the build", async () => {
  const { origin, distDir, secretFile } = await startWithSecret();
  rmSync(join(distDir, "panel", "index.html"));
  symlinkSync(secretFile, join(distDir, "panel", "index.html"));
  const answer = await rawGet(origin, "/__mock/");
  expect(answer.status).toBe(503);
  expect(answer.body).not.toContain(SECRET);
});
