/**
 * One observation of the probe, which must never end the probe on what the app does: its result, or,
 * when it threw, nothing and a note on the probe's test (the HTML report shows it). A fact not
 * learned leaves the tests that would read it to their full windows, the conservative road.
 */
import { test } from "@playwright/test";
import { SUITE_NOTE } from "../../../kit/outcomes.ts";

export async function learnedOrNoted<T>(what: string, learn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await learn();
  } catch (error) {
    const why = (error as Error).message.split("\n")[0] ?? String(error);
    test.info().annotations.push({ type: SUITE_NOTE, description: `the probe did not learn ${what}: ${why}` });
    return undefined;
  }
}
