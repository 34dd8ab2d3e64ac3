import { describe, expect, test } from "vitest";
import { type FallbackKind, fallback, fallbackForStatus } from "./fallbacks.ts";

const KINDS: readonly FallbackKind[] = ["not-found", "forbidden", "unauthorized", "server-error", "client-error"];

describe("fallback", () => {
  test.each<[FallbackKind, number | null, string]>([
    ["not-found", 404, "Page not found"],
    ["forbidden", 403, "Forbidden"],
    ["unauthorized", 401, "Unauthorized"],
    ["server-error", 500, "Application error"],
    ["client-error", null, "Application error"],
  ])("ERR-1..5 describes the %s page with status %s and title '%s'", (kind, status, title) => {
    expect(fallback(kind)).toMatchObject({ kind, status, title });
  });

  test("ERR-4 and ERR-5 explain exceptions in Next.js's words, which users and tools recognise", () => {
    expect(fallback("server-error").explanation).toBe("Application error: a server-side exception has occurred.");
    expect(fallback("client-error").explanation).toBe("Application error: a client-side exception has occurred.");
  });

  test("ERR-1..3 give every page its own explanation", () => {
    const explanations = KINDS.map((kind) => fallback(kind).explanation);
    for (const explanation of explanations) expect(explanation.length).toBeGreaterThan(10);
    expect(new Set(explanations).size).toBe(KINDS.length);
  });
});

describe("fallbackForStatus", () => {
  test.each<[number, FallbackKind]>([
    [404, "not-found"],
    [410, "not-found"],
    [403, "forbidden"],
    [401, "unauthorized"],
    [500, "server-error"],
    [502, "server-error"],
    [503, "server-error"],
    [599, "server-error"],
  ])("ERR-1..4 shows status %i as the %s page", (status, kind) => {
    expect(fallbackForStatus(status)).toStrictEqual(fallback(kind));
  });

  test.each([200, 204, 302, 400, 402, 405, 418, 499])("ERR-1..4 has no fallback page for status %i", (status) => {
    expect(fallbackForStatus(status)).toBeUndefined();
  });
});
