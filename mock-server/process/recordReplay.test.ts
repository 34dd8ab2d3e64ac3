/** `--record`, `--replay` and a scenario's `replay` in the entry as a process: what it loads, refuses and leaves on disk. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { fakeDistForTest } from "../testing/fakeDist.ts";
import { har, harEntry } from "../testing/harEntry.ts";
import { listenForTest } from "../testing/listen.ts";
import { SPAWN_TEST_TIMEOUT_MS, spawnServer } from "../testing/spawnServer.ts";

test(
  "a --replay file that is not a HAR exits 2 naming the file and the problem, and never listens",
  async () => {
    const file = join(fakeDistForTest().root, "notes.har");
    writeFileSync(file, JSON.stringify({ log: { version: "1.2", entries: {} } }));
    const server = spawnServer(["--replay", file, "--port", "0"]);
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toBe(
      `mock-server: Failed to load the HAR '${file}': 1 problem. Give a HAR 1.2 file, e.g. one --record wrote or a browser exported with content.\n  - log.entries: must be a list of entries\n`,
    );
    expect(server.stdout()).toBe("");
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test(
  "--record into a folder that does not exist exits 2 and says so",
  async () => {
    const server = spawnServer(["--upstream", "http://127.0.0.1:9", "--record", "/no/such/folder/out.har", "--port", "0"]);
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toBe(
      "mock-server: Failed to record to '/no/such/folder/out.har': its folder does not exist. Give the path of a file to write, in a folder that exists.\n",
    );
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test(
  "--record naming a file the kit did not record exits 2 and leaves it as it was; with --force the recording replaces it",
  async () => {
    const file = join(fakeDistForTest().root, "notes.txt");
    writeFileSync(file, "my notes\n");
    const refused = spawnServer(["--upstream", "http://127.0.0.1:9", "--record", file, "--port", "0"]);
    expect(await refused.exited).toBe(2);
    expect(refused.stderr()).toBe(
      `mock-server: Failed to record to '${file}': it exists and is not a HAR this kit recorded. Name a new file, or pass --force to replace it.\n`,
    );
    expect(readFileSync(file, "utf8")).toBe("my notes\n");
    const forced = spawnServer(["--upstream", "http://127.0.0.1:9", "--record", file, "--force", "--port", "0"]);
    await forced.listening;
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ log: { creator: { name: "pwa-conformance-kit" }, entries: [] } });
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test(
  "a scenario's replay, named relative to the scenario file, is in force from the start; --replay beside it exits 2",
  async () => {
    const { root } = fakeDistForTest();
    writeFileSync(join(root, "app.har"), JSON.stringify(har(harEntry("GET", "https://app.example/app/", { text: "replayed" }))));
    const scenario = join(root, "offline-app.json");
    writeFileSync(scenario, JSON.stringify({ name: "offline app", replay: "app.har" }));
    const server = spawnServer(["--scenario", scenario, "--port", "0"]);
    const origin = await server.listening;
    expect(server.stdout()).toContain("Replaying app.har: 1 of its 1 entries answer; unmatched requests: 404");
    expect(await (await fetch(`${origin}/app/`)).text()).toBe("replayed");
    expect(await (await fetch(`${origin}/__mock/scenario`)).json()).toMatchObject({ scenario: { name: "offline app", replay: "app.har" } });
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const both = spawnServer(["--scenario", scenario, "--replay", join(root, "app.har"), "--port", "0"]);
    expect(await both.exited).toBe(2);
    expect(both.stderr()).toBe("mock-server: --replay and the scenario's replay (app.har) both name a HAR: pass one or the other.\n");
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test(
  "a recording server killed with SIGKILL leaves a whole HAR holding every answer it finished",
  async () => {
    const upstream = await listenForTest((req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(`answer to ${req.url}`);
    });
    const file = join(fakeDistForTest().root, "out.har");
    const server = spawnServer(["--upstream", upstream.origin, "--record", file, "--port", "0"]);
    const origin = await server.listening;
    expect(server.stdout()).toContain(`Recording the upstream's answers to ${file}`);
    for (const path of ["/app/", "/app/a.js"]) expect(await (await fetch(`${origin}${path}`)).text()).toBe(`answer to ${path}`);
    const recorded = () => (JSON.parse(readFileSync(file, "utf8")) as ReturnType<typeof har>).log.entries.length;
    await expect.poll(recorded).toBe(2);
    server.child.kill("SIGKILL");
    await server.exited;
    const { log } = JSON.parse(readFileSync(file, "utf8")) as { log: { entries: { request: { url: string }; response: { content: { text: string } } }[] } };
    expect(log.entries.map((entry) => [new URL(entry.request.url).pathname, entry.response.content.text])).toEqual([
      ["/app/", "answer to /app/"],
      ["/app/a.js", "answer to /app/a.js"],
    ]);
  },
  SPAWN_TEST_TIMEOUT_MS,
);
