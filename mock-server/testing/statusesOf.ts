/** Test-only: the statuses of `count` GETs of `path`, one after another, each body read to its end. */
import type { TestServer } from "./testServer.ts";

export async function statusesOf(server: TestServer, path: string, count: number): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await server.fetch(path);
    await response.arrayBuffer();
    seen.push(response.status);
  }
  return seen;
}
