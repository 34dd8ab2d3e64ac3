import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { MOCKING_TESTS } from "./unitTestFiles.ts";

const FOLDERS = ["src", "kit", "mock-server", "specs", "cli", "bench", "examples", "scripts"];

test("every unit test file that vi.mocks a module runs in a module graph of its own", () => {
  const mocking = FOLDERS.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((name) => /\.test\.m?ts$/.test(name) && !/(^|\/)(node_modules|\.next)\//.test(name))
      .map((name) => `${folder}/${name}`)
      .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, "utf8"))),
  );
  expect(mocking.sort()).toEqual([...MOCKING_TESTS].sort());
});
