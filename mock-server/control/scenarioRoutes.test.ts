import { expect, test } from "vitest";
import { DEFAULT_SHELL_CONFIG } from "../../src/core/shellConfig.ts";
import { MAX_SCENARIO_FAULTS, type Scenario } from "../scenarios/scenarioSchema.ts";
import { controlRequest } from "../testing/controlRequest.ts";
import { startMock } from "../testing/startMock.ts";
import { SCENARIO_BODY_LIMIT } from "./controlRoutes.ts";

const SLOW: Scenario = {
  name: "slow pages",
  description: "Page one is slow.",
  config: { networkTimeoutMs: 1000 },
  deploys: {},
  faults: [{ path: "/app/pages/1", delayMs: 5, representation: "any" }],
};

test("PUT /__mock/scenario replaces the faults and the configuration, and answers the new state", async () => {
  const { origin, mock } = await startMock({ config: { reloadOnOnline: false } });
  await controlRequest(origin, "POST", "/faults", { body: { path: "/app/old", status: 404 } });
  await controlRequest(origin, "PUT", "/config", { body: { cacheNavigations: false } });
  const answer = await controlRequest(origin, "PUT", "/scenario", { body: SLOW });
  expect(answer.status).toBe(200);
  expect(mock.faults.list().map((fault) => fault.path)).toEqual(["/app/pages/1"]);
  // The scenario's configuration lies over the one the server started with, not over later changes.
  expect(mock.getConfig()).toEqual({ ...DEFAULT_SHELL_CONFIG, reloadOnOnline: false, networkTimeoutMs: 1000 });
  expect(answer.body).toEqual({
    scenario: { name: "slow pages", description: "Page one is slow.", config: { networkTimeoutMs: 1000 }, faults: 1, deploys: null, replay: null },
    config: mock.getConfig(),
    faults: mock.faults.list(),
  });
});

test("PUT /__mock/scenario with an invalid scenario answers 400 naming each field, and changes nothing", async () => {
  const { origin, mock } = await startMock();
  await controlRequest(origin, "POST", "/faults", { body: { path: "/app/old", status: 404 } });
  const faultsBefore = mock.faults.list();
  const configBefore = mock.getConfig();
  const answer = await controlRequest(origin, "PUT", "/scenario", {
    body: {
      name: "x",
      config: { register: "yes" },
      faults: [
        { path: "/a", delayMs: 1 },
        { path: "/b", status: 600 },
      ],
    },
  });
  expect(answer.status).toBe(400);
  expect(answer.body.error).toEqual({
    code: "INVALID_SCENARIO",
    message: "Failed to apply the scenario: body.config.register: must be true or false; body.faults[1].status: must be a whole number from 200 to 599.",
  });
  expect(mock.faults.list()).toEqual(faultsBefore);
  expect(mock.getConfig()).toBe(configBefore);
});

test("GET /__mock/scenario names the scenario in force and what it set, null before any", async () => {
  const { origin } = await startMock();
  expect((await controlRequest(origin, "GET", "/scenario")).body).toEqual({ scenario: null });
  await controlRequest(origin, "PUT", "/scenario", { body: { name: "quiet" } });
  expect((await controlRequest(origin, "GET", "/scenario")).body).toEqual({
    scenario: { name: "quiet", description: null, config: {}, faults: 0, deploys: null, replay: null },
  });
  await controlRequest(origin, "PUT", "/scenario", { body: SLOW });
  // What the scenario set, not what is in force now: a later change of configuration does not show here.
  await controlRequest(origin, "PUT", "/config", { body: { networkTimeoutMs: 2000 } });
  expect((await controlRequest(origin, "GET", "/scenario")).body).toEqual({
    scenario: { name: "slow pages", description: "Page one is slow.", config: { networkTimeoutMs: 1000 }, faults: 1, deploys: null, replay: null },
  });
});

test("a scenario's status fault shapes the next matching response", async () => {
  const { origin } = await startMock();
  await controlRequest(origin, "PUT", "/scenario", { body: { name: "forbidden", faults: [{ path: "/app/pages/*", status: 403 }] } });
  const response = await fetch(`${origin}/app/pages/2`);
  expect(response.status).toBe(403);
});

test("POST /__mock/reset returns to the scenario the server started with", async () => {
  const { origin, mock } = await startMock({ scenario: SLOW });
  await controlRequest(origin, "PUT", "/scenario", { body: { name: "other", config: { register: false } } });
  expect((await controlRequest(origin, "POST", "/reset")).status).toBe(204);
  expect(mock.faults.list().map((fault) => fault.path)).toEqual(["/app/pages/1"]);
  expect(mock.getConfig().networkTimeoutMs).toBe(1000);
  expect(mock.getConfig().register).toBe(true);
  expect((await controlRequest(origin, "GET", "/scenario")).body.scenario.name).toBe("slow pages");
});

test("PUT /__mock/scenario takes a scenario as large as a file may hold: 200 named faults, over 16 kB", async () => {
  const { origin, mock } = await startMock();
  const scenario: Scenario = {
    name: "many",
    config: {},
    deploys: {},
    faults: Array.from({ length: MAX_SCENARIO_FAULTS }, (_, n) => ({ path: `/app/pages/${n}`, status: 404, representation: "any", name: "x".repeat(100) })),
  };
  expect(JSON.stringify(scenario).length).toBeGreaterThan(16 * 1024);
  const answer = await controlRequest(origin, "PUT", "/scenario", { body: scenario });
  expect(answer.status).toBe(200);
  expect(mock.faults.size).toBe(MAX_SCENARIO_FAULTS);
});

test("PUT /__mock/scenario over the scenario file limit gets 413 naming it", async () => {
  const { origin } = await startMock();
  const answer = await controlRequest(origin, "PUT", "/scenario", { body: { name: "big", description: "x".repeat(SCENARIO_BODY_LIMIT) } });
  expect(answer.status).toBe(413);
  expect(answer.body.error.message).toBe(`Failed to read the request body: it is larger than ${SCENARIO_BODY_LIMIT} bytes. Send a smaller body.`);
});
