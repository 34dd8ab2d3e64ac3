/** A mock server for one test: a fake build, `createApp(options)`, listening on 127.0.0.1:0. */
import { type AppOptions, createApp, type MockApp } from "../createApp.ts";
import { fakeDistForTest } from "./fakeDist.ts";
import { listenForTest } from "./listen.ts";

export interface StartedMock {
  readonly mock: MockApp;
  readonly origin: string;
  /** The folder holding the fake `dist/`, for files a test plants beside it. */
  readonly root: string;
  readonly distDir: string;
}

export async function startMock(options: AppOptions = {}): Promise<StartedMock> {
  const { root, distDir } = fakeDistForTest();
  const mock = createApp({ distDir, ...options });
  const { origin } = await listenForTest(mock.handler);
  return { mock, origin, root, distDir };
}
