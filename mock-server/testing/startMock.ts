/**
 * A mock server for one test on a fake build (no `npm run build` needed): `startTestServer` with the
 * fake `dist/`, closed when the test finishes.
 */
import { onTestFinished } from "vitest";
import type { AppOptions, MockApp } from "../createApp.ts";
import { fakeDistForTest } from "./fakeDist.ts";
import { startTestServer } from "./testServer.ts";

export interface StartedMock {
  readonly mock: MockApp;
  readonly origin: string;
  /** The folder holding the fake `dist/`, for files a test plants beside it. */
  readonly root: string;
  readonly distDir: string;
}

export async function startMock(options: AppOptions = {}): Promise<StartedMock> {
  const { root, distDir } = fakeDistForTest();
  const server = await startTestServer({ distDir, ...options });
  onTestFinished(server.close);
  return { mock: server.app, origin: server.origin, root, distDir };
}
