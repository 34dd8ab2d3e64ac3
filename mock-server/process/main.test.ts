/**
 * The entry as a process. These servers run in proxy mode (`--upstream`) so they need no build:
 * flag parsing, listening and shutdown in main.ts do not depend on what the app serves.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { get, type IncomingMessage } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, onTestFinished, test } from "vitest";
import { KIT_ROOT } from "../../kit/kitPaths.ts";
import { fakeDistForTest } from "../testing/fakeDist.ts";
import { listenForTest } from "../testing/listen.ts";
import { SPAWN_TEST_TIMEOUT_MS, spawnServer } from "../testing/spawnServer.ts";
import { USAGE } from "./cli.ts";
import { MAX_TLS_FILE_BYTES } from "./tlsCredentials.ts";

/** An upstream address nothing needs to answer at: these tests never reach it, or hold it open themselves. */
const NOWHERE = "http://127.0.0.1:9";

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function readBody(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      body += chunk;
    });
    response.on("end", () => resolve(body));
    response.on("error", reject);
  });
}

test(
  "--help prints the usage and exits 0",
  async () => {
    const server = spawnServer(["--help"]);
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toBe(USAGE);
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test(
  "--version prints the package's name and version and exits 0",
  async () => {
    const server = spawnServer(["--version"]);
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toBe(`pwa-conformance-kit ${JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version}\n`);
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test(
  "an unknown flag exits 2 with a message naming it, and starts nothing",
  async () => {
    const server = spawnServer(["--prot", "5000"]);
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toBe("mock-server: Unknown flag --prot. Run with --help for the list of flags.\n");
    expect(server.stdout()).toBe("");
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test(
  "a bad flag value exits 2 with a message naming the flag",
  async () => {
    const server = spawnServer(["--log-level", "loud"]);
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toContain("--log-level must be one of");
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test(
  "a non-loopback host without a control token exits 2 and says why",
  async () => {
    const server = spawnServer(["--host", "0.0.0.0", "--upstream", NOWHERE]);
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toMatch(/^mock-server: --host 0\.0\.0\.0 lets other machines reach the server, and without a control token/);
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test(
  "a bad scenario file exits 2 naming the file and every problem, and never listens",
  async () => {
    const { root } = fakeDistForTest();
    const file = join(root, "broken.json");
    writeFileSync(
      file,
      JSON.stringify({
        name: "broken",
        faults: [
          { path: "/a", status: 600 },
          { path: "b", drop: true },
        ],
      }),
    );
    const server = spawnServer(["--scenario", file, "--upstream", NOWHERE, "--port", "0"]);
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toBe(
      `mock-server: Failed to load scenario file '${file}': 2 problems. Fix the file and try again.\n  - faults[0].status: must be a whole number from 200 to 599\n  - faults[1].path: must start with '/'\n`,
    );
    expect(server.stdout()).toBe("");
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test(
  "a scenario file is in force from the start",
  async () => {
    const server = spawnServer(["--scenario", "mock-server/scenarios/server-errors.json", "--upstream", NOWHERE, "--port", "0"]);
    const origin = await server.listening;
    expect(server.stdout()).toContain("Scenario: server errors (mock-server/scenarios/server-errors.json)");
    const answer = (await (await fetch(`${origin}/__mock/scenario`)).json()) as { scenario: { name: string } };
    expect(answer.scenario.name).toBe("server errors");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test(
  "a port in use exits 2 with a message that says so and what to do",
  async () => {
    const taken = await listenForTest(() => {});
    const server = spawnServer(["--port", String(taken.port), "--upstream", NOWHERE]);
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toBe(
      `mock-server: Failed to listen on 127.0.0.1:${taken.port}: the port is in use. Pass --port 0 for any free port, or stop what is using it.\n`,
    );
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test.each(["SIGTERM", "SIGINT"] as const)(
  "on %s, stops listening at once, lets the in-flight request finish, then exits 0",
  async (signal) => {
    let release: () => void = () => {};
    let arrived: () => void = () => {};
    const upstreamHasIt = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const upstream = await listenForTest((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("started;");
      arrived();
      release = () => res.end("finished");
    });
    const server = spawnServer(["--port", "0", "--upstream", upstream.origin, "--log-level", "silent"]);
    const port = Number(new URL(await server.listening).port);
    const response = await new Promise<IncomingMessage>((resolve, reject) => get(`http://127.0.0.1:${port}/slow`, resolve).on("error", reject));
    const body = readBody(response);
    await upstreamHasIt;

    server.child.kill(signal);
    // The port is released while the request is still in flight: nothing new is accepted.
    await expect.poll(() => canConnect(port)).toBe(false);
    expect(server.child.exitCode).toBeNull();

    release();
    expect(await body).toBe("started;finished");
    expect(response.statusCode).toBe(200);
    expect(await server.exited).toBe(0);
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test(
  "mock-server/process/main.ts run directly under tsx exits 2 pointing at npm start, instead of serving a 500 on every page",
  async () => {
    const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./main.ts", import.meta.url)), "--port", "0"], {
      cwd: KIT_ROOT,
      env: { ...process.env, PCK_CONTROL_TOKEN: undefined, TSX_TSCONFIG_PATH: undefined },
      stdio: ["ignore", "pipe", "pipe"],
    });
    onTestFinished(() => void child.kill("SIGKILL"));
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const outcome = await new Promise<string>((resolve) => {
      child.stdout.once("data", () => resolve("listening"));
      child.once("exit", (code) => resolve(`exit ${code}`));
    });
    expect(outcome).toBe("exit 2");
    expect(stderr).toContain("Start the server with 'npm start -- …'");
  },
  SPAWN_TEST_TIMEOUT_MS,
);

test(
  "a --tls-cert that is no PEM file of a sane size exits 2 naming it, and leaves the --record file unwritten",
  async () => {
    const { root } = fakeDistForTest();
    const large = join(root, "large.pem");
    writeFileSync(large, "");
    truncateSync(large, 700_000_000);
    const record = join(root, "out.har");
    const server = spawnServer(["--upstream", NOWHERE, "--record", record, "--tls-cert", large, "--tls-key", large, "--port", "0"]);
    expect(await server.exited).toBe(2);
    expect(server.stderr()).toBe(
      `mock-server: Failed to read --tls-key '${large}': it is larger than the ${MAX_TLS_FILE_BYTES} bytes a PEM file may have. Give the path of a PEM file.\n`,
    );
    expect(existsSync(record)).toBe(false);
  },
  SPAWN_TEST_TIMEOUT_MS,
);
