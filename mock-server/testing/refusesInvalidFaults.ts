/**
 * Test-only: one test per invalid fault body: `POST /__mock/faults` answers 400 `INVALID_FAULT` with
 * the field and rule in its message, and the fault list is what it was. Shared by the test files of
 * each part of the fault schema (control API, new fault kinds, matching).
 */
import { expect } from "vitest";
import { test } from "./testServer.ts";

export interface InvalidFault {
  /** Finishes the title "rejects a fault with …". */
  readonly what: string;
  readonly body: unknown;
  /** The message after "Failed to add the fault: ". */
  readonly rule: string;
}

export function refusesInvalidFaults(cases: readonly InvalidFault[]): void {
  for (const { what, body, rule } of cases) {
    test(`rejects a fault with ${what} (400 naming the field and rule) and keeps the fault list`, async ({ server }) => {
      await server.addFault({ path: "/app/pages/1", status: 404 });
      const before = await server.faults();
      const response = await server.control("POST", "/faults", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: "INVALID_FAULT", message: `Failed to add the fault: ${rule}.` } });
      expect(await server.faults()).toEqual(before);
    });
  }
}
