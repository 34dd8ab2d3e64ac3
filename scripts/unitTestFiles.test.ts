import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { MOCKING_TESTS } from "./unitTestFiles.ts";

const FOLDERS = ["src", "kit", "mock-server", "specs", "cli", "bench", "examples", "scripts"];

/** Every unit test file with its text. */
function testFiles(): { file: string; text: string }[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((name) => /\.test\.m?ts$/.test(name) && !/(^|\/)(node_modules|\.next)\//.test(name))
      .map((name) => ({ file: `${folder}/${name}`, text: readFileSync(`${folder}/${name}`, "utf8") })),
  );
}

test("every unit test file that vi.mocks a module runs in a module graph of its own", () => {
  const mocking = testFiles()
    .filter(({ text }) => /\bvi\.(do)?[mM]ock\(/.test(text))
    .map(({ file }) => file);
  expect(mocking.sort()).toEqual([...MOCKING_TESTS].sort());
});

test("no unit test stubs an environment variable with vi.stubEnv, which a shared module graph can leave set", () => {
  // vi.stubEnv writes through import.meta.env; Vitest's proxy of it has no delete, so putting back an
  // unset variable left it set for the file's later tests (PCK_OUTPUT=dots, 9 failures in CI).
  expect(
    testFiles()
      .filter(({ text }) => /\bvi\.stubEnv\(/.test(text))
      .map(({ file }) => file),
  ).toEqual([]);
});
