import { expect, test } from "vitest";
import { type FaultFormValues, faultFormBody } from "./faultFormBody.ts";

const form = (overrides: Partial<FaultFormValues>): FaultFormValues => ({
  path: "/app/**",
  response: "404",
  delayMs: "",
  times: "",
  representation: "any",
  ...overrides,
});

test("sends a status as a number and leaves empty optional fields out", () => {
  expect(faultFormBody(form({ response: "403" }))).toEqual({ path: "/app/**", status: 403, representation: "any" });
});

test.each([
  ["drop", { drop: true }],
  ["hang", { hang: true }],
  ["none", {}],
] as const)("sends %s as its flag", (response, flags) => {
  expect(faultFormBody(form({ response, delayMs: "250" }))).toEqual({ path: "/app/**", ...flags, delayMs: 250, representation: "any" });
});

test("sends delay, times and representation as typed", () => {
  expect(faultFormBody(form({ response: "500", delayMs: "1000", times: "2", representation: "data" }))).toEqual({
    path: "/app/**",
    status: 500,
    delayMs: 1000,
    times: 2,
    representation: "data",
  });
});

test("passes numbers the server refuses on to the server, which says why", () => {
  expect(faultFormBody(form({ delayMs: "-5", times: "1.5" }))).toMatchObject({ delayMs: -5, times: 1.5 });
});

test("trims the spaces pasted text brings along, and only those", () => {
  expect(faultFormBody(form({ path: "  /app/pages/1 \n" })).path).toBe("/app/pages/1");
  expect(faultFormBody(form({ path: "app/pages 1" })).path).toBe("app/pages 1");
});
