import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { freePort } from "../kit/freePort.ts";
import { StartAppError, startApp } from "./startApp.ts";
import { running, treeCommand, treePids } from "./testing/processTree.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pck-start-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const serve = (port: number) => `"${process.execPath}" -e "require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')"`;

const refused = async (url: string) =>
  fetch(url).then(
    () => false,
    () => true,
  );

describe("startApp", () => {
  test("resolves once the app answers, and stop() ends it", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const app = await startApp(serve(port), url, 20_000, process.cwd());
    expect(await (await fetch(url)).text()).toBe("ok");
    await app.stop();
    expect(await refused(url)).toBe(true);
  });

  test("says the command exited before the app answered", async () => {
    const port = await freePort();
    await expect(startApp("exit 3", `http://127.0.0.1:${port}/`, 20_000, process.cwd())).rejects.toThrow(
      new StartAppError(`Failed to start the app: 'exit 3' exited with code 3 before http://127.0.0.1:${port}/ answered. Run it by hand to see why.`),
    );
  });

  test("gives up after the timeout, names the last problem, and stops the command", async () => {
    const port = await freePort();
    const command = `"${process.execPath}" -e "setTimeout(() => {}, 60000)"`;
    await expect(startApp(command, `http://127.0.0.1:${port}/`, 600, process.cwd())).rejects.toThrow(/did not answer within 600 ms .*\(last: ECONNREFUSED\)/);
  });

  test("stops the whole process tree when it gives up after the timeout", async () => {
    const port = await freePort();
    const pidFile = join(dir, "pids");
    const rejected = expect(startApp(treeCommand(pidFile), `http://127.0.0.1:${port}/`, 1_500, process.cwd())).rejects.toThrow(/did not answer within 1500 ms/);
    const pids = await treePids(pidFile);
    await rejected;
    expect(pids.filter(running)).toEqual([]);
  });

  test("stops what the command left running when the command itself exits early", async () => {
    const port = await freePort();
    const pidFile = join(dir, "pids");
    // The tree goes on in the background; its shell exits once the tree has written its pids.
    const command = `${treeCommand(pidFile)} & until [ -f "${pidFile}" ]; do sleep 0.01; done; exit 3`;
    const rejected = expect(startApp(command, `http://127.0.0.1:${port}/`, 20_000, process.cwd())).rejects.toThrow(/exited with code 3 before/);
    const pids = await treePids(pidFile);
    await rejected;
    expect(pids.filter(running)).toEqual([]);
  });

  test("gives up at once when aborted, and stops the whole process tree", async () => {
    const port = await freePort();
    const pidFile = join(dir, "pids");
    const abort = new AbortController();
    const started = startApp(treeCommand(pidFile), `http://127.0.0.1:${port}/`, 60_000, process.cwd(), { signal: abort.signal });
    const pids = await treePids(pidFile);
    abort.abort("SIGINT");
    await expect(started).rejects.toThrow(new StartAppError("Stopped starting the app: the kit received SIGINT."));
    expect(pids.filter(running)).toEqual([]);
  });

  test("stop() ends every process the command started, not only the shell", async () => {
    const port = await freePort();
    const pidFile = join(dir, "pids");
    const app = await startApp(`${treeCommand(pidFile)} & ${serve(port)}`, `http://127.0.0.1:${port}/`, 20_000, process.cwd());
    const pids = await treePids(pidFile);
    expect(pids.filter(running)).toHaveLength(3);
    await app.stop();
    expect(pids.filter(running)).toEqual([]);
    expect(await refused(`http://127.0.0.1:${port}/`)).toBe(true);
  });
});
