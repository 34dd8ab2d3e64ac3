import { expect, test } from "vitest";
import { controlRequest } from "../testing/controlRequest.ts";
import { startMock } from "../testing/startMock.ts";

test.each(["?after=1&after=2", "?after=0&after=0"])("refuses %s as a start, as it refuses ?after=abc", async (query) => {
  const { origin } = await startMock();
  const answer = await controlRequest(origin, "GET", `/journal/stream${query}`);
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe("INVALID_STREAM_START");
});
