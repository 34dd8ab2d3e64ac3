import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { controlRequest } from "../testing/controlRequest.ts";
import { startMock } from "../testing/startMock.ts";
import { loadScenarioFile } from "./loadScenarioFile.ts";
import { SCHEMA_FILE_NAME } from "./scenarioJsonSchema.ts";

const SCENARIOS_DIR = fileURLToPath(new URL(".", import.meta.url));
const READY = readdirSync(SCENARIOS_DIR).filter((file) => file.endsWith(".json") && file !== SCHEMA_FILE_NAME);

test("ships the four ready scenarios", () => {
  expect(READY.sort()).toEqual(["everything-forbidden.json", "flaky-network.json", "retries.json", "server-errors.json"]);
});

test.each(READY)("%s validates and loads at start with all its faults and its configuration", async (file) => {
  const scenario = loadScenarioFile(`${SCENARIOS_DIR}${file}`);
  const { origin } = await startMock({ scenario });
  const faults = await controlRequest(origin, "GET", "/faults");
  expect(faults.body.faults.map((fault: { path: string }) => fault.path)).toEqual(scenario.faults.map((fault) => fault.path));
  const config = await controlRequest(origin, "GET", "/config");
  expect(config.body).toMatchObject(scenario.config);
  expect((await controlRequest(origin, "GET", "/scenario")).body).toEqual({
    scenario: { name: scenario.name, description: scenario.description, config: scenario.config, faults: scenario.faults.length, deploys: null, replay: null },
  });
});
