import { describe, expect, test } from "vitest";
import { freePort } from "../kit/freePort.ts";
import { StartAppError, startApp } from "./startApp.ts";

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
});
