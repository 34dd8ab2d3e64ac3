/**
 * Property-based attacks on the control API and scenario files: thousands of generated malformed
 * bodies and files (testing/malformed.ts), each must get a 4xx with a message — never a 5xx, never
 * a crash — and leave the faults and the configuration exactly as they were. One server for all.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createApp, type MockApp } from "../createApp.ts";
import { FaultInput } from "../faults/faultSchema.ts";
import { ShellConfigPatch } from "../reference/shellConfigSchema.ts";
import { loadScenarioFile, ScenarioFileError } from "../scenarios/loadScenarioFile.ts";
import { Scenario } from "../scenarios/scenarioSchema.ts";
import { makeFakeDist } from "../testing/fakeDist.ts";
import { type Listening, listen } from "../testing/listen.ts";
import {
  malformedBody,
  malformedConfig,
  malformedFault,
  malformedScenario,
  notJsonText,
  validConfig,
  validFault,
  validScenario,
} from "../testing/malformed.ts";

/** The bar: at least 1000 generated inputs per property. */
const RUNS = 1_000;
/** 1000 requests take 2–4 s on a quiet 2-core machine; room for a busy one. */
const PROPERTY_TIMEOUT_MS = 60_000;

let mock: MockApp;
let server: Listening;
let dist: ReturnType<typeof makeFakeDist>;

beforeAll(async () => {
  dist = makeFakeDist();
  mock = createApp({ distDir: dist.distDir });
  server = await listen(mock.handler);
  // State worth protecting: faults with hits and a changed configuration.
  mock.faults.add({ path: "/app/pages/1", status: 404, representation: "any", times: 3 });
  mock.faults.add({ path: "/app/**", delayMs: 0, representation: "data" });
  mock.faults.take({ method: "GET", path: "/app/pages/1", representation: "document" });
  await fetch(`${server.origin}/__mock/config`, { method: "PUT", headers: { "content-type": "application/json" }, body: '{"networkTimeoutMs": 1234}' });
});

afterAll(async () => {
  agent.destroy();
  await server.close();
  rmSync(dist.root, { recursive: true, force: true });
});

/** node:http over one kept-alive connection: less work per request than fetch, over 3000 requests. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function send(method: string, path: string, { body, contentType }: Sent): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.origin}/__mock${path}`,
      { method, agent, headers: { "content-type": contentType, "content-length": Buffer.byteLength(body) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

interface Sent {
  readonly body: string;
  readonly contentType: string;
}

/** Malformed bodies as JSON, or well-formed ones under a content type the API refuses. */
const requests = (malformed: fc.Arbitrary<unknown>, valid: fc.Arbitrary<unknown>): fc.Arbitrary<Sent> =>
  fc.oneof(
    { weight: 9, arbitrary: malformedBody(malformed).map((body) => ({ body, contentType: "application/json" })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin2"))
        .map(([value, contentType]) => ({ body: JSON.stringify(value), contentType })),
    },
  );

async function expectRefusedAndUnchanged(method: string, path: string, sent: Sent): Promise<void> {
  const faultsBefore = structuredClone(mock.faults.list());
  const configBefore = mock.getConfig();
  const { status, text } = await send(method, path, sent);
  expect(status, text).toBeGreaterThanOrEqual(400);
  expect(status, text).toBeLessThan(500);
  const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
  expect(typeof message === "string" && message.startsWith("Failed to"), text).toBe(true);
  expect(mock.faults.list()).toEqual(faultsBefore);
  expect(mock.getConfig()).toBe(configBefore);
}

test(
  `POST /__mock/faults refuses ${RUNS} malformed bodies with a 4xx and changes nothing`,
  async () => {
    await fc.assert(
      fc.asyncProperty(requests(malformedFault, validFault), (sent) => expectRefusedAndUnchanged("POST", "/faults", sent)),
      { numRuns: RUNS },
    );
  },
  PROPERTY_TIMEOUT_MS,
);

test(
  `PUT /__mock/config refuses ${RUNS} malformed bodies with a 4xx and changes nothing`,
  async () => {
    await fc.assert(
      fc.asyncProperty(requests(malformedConfig, validConfig), (sent) => expectRefusedAndUnchanged("PUT", "/config", sent)),
      { numRuns: RUNS },
    );
  },
  PROPERTY_TIMEOUT_MS,
);

test(
  `PUT /__mock/scenario refuses ${RUNS} malformed scenarios with a 4xx and changes nothing`,
  async () => {
    await fc.assert(
      fc.asyncProperty(requests(malformedScenario, validScenario), (sent) => expectRefusedAndUnchanged("PUT", "/scenario", sent)),
      { numRuns: RUNS },
    );
    const answer = (await (await fetch(`${server.origin}/__mock/scenario`)).json()) as unknown;
    expect(answer).toEqual({ scenario: null });
  },
  PROPERTY_TIMEOUT_MS,
);

test(
  `loadScenarioFile refuses ${RUNS} malformed scenario files, each with at least one problem`,
  () => {
    const dir = mkdtempSync(join(tmpdir(), "pck-scenario-fuzz-"));
    const file = join(dir, "scenario.json");
    try {
      fc.assert(
        fc.property(
          fc.oneof(
            malformedScenario.map((value) => JSON.stringify(value, null, 2)),
            notJsonText,
          ),
          (text) => {
            writeFileSync(file, text);
            let thrown: unknown;
            try {
              loadScenarioFile(file);
            } catch (error) {
              thrown = error;
            }
            expect(thrown).toBeInstanceOf(ScenarioFileError);
            const { problems, message } = thrown as ScenarioFileError;
            expect(problems.length).toBeGreaterThan(0);
            expect(problems.every((problem) => problem.trim() !== "")).toBe(true);
            expect(message).toContain(`'${file}'`);
          },
        ),
        { numRuns: RUNS },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  PROPERTY_TIMEOUT_MS,
);

// The generators break a valid value in one place; these check the starting points are valid, so
// each refusal above is for the break and not for an accident in the generator.
test("the fault, config and scenario generators start from valid values", () => {
  fc.assert(fc.property(validFault, (fault) => FaultInput.safeParse(fault).success));
  fc.assert(fc.property(validConfig, (config) => ShellConfigPatch.safeParse(config).success));
  fc.assert(fc.property(validScenario, (scenario) => Scenario.safeParse(scenario).success));
});
