import { describe, expect, test } from "vitest";
import { repositoryPath } from "./runMetadata.ts";

describe("repositoryPath", () => {
  test("a profile inside the repository is named from its root, with /", () => {
    expect(repositoryPath("/home/runner/work/app/app/conformance/profile.json", "/home/runner/work/app/app")).toBe("conformance/profile.json");
    expect(repositoryPath("/repo/..profiles/p.json", "/repo")).toBe("..profiles/p.json");
  });

  test("one outside it names no file of the repository", () => {
    expect(repositoryPath("/elsewhere/profile.json", "/repo")).toBeUndefined();
    expect(repositoryPath("/repo", "/repo")).toBeUndefined();
  });
});
