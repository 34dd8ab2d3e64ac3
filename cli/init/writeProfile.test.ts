import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { loadProfile } from "../profile/loadProfile.ts";
import { notesFileFor, SCHEMA_FILE, schemaReference, writeProfile } from "./writeProfile.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const PROFILE = {
  version: 2 as const,
  name: "x",
  basePath: "/app",
  home: "/app/",
  worker: { script: "/app/sw.js", scope: "/app/" },
  pages: [
    { path: "/app/a", heading: "A" },
    { path: "/app/b", heading: "B" },
    { path: "/app/c", heading: "C" },
  ],
  navigate: "pushState" as const,
  outside: [],
  inside: ["/app"],
  fallbacks: { notFound: { path: "/app/x", text: "Not found" } },
  notApplicable: { "ERR-2": "no sign-in", "ERR-3": "no sign-in", "ERR-4": "static" },
};

describe("writeProfile", () => {
  test("names the kit's schema relative to the profile, and puts the notes beside it", () => {
    const dir = mkdtempSync(join(tmpdir(), "pck-write-"));
    dirs.push(dir);
    const file = join(dir, "app.profile.json");
    const written = writeProfile(file, PROFILE, (name) => `notes on ${name}\n`, false);
    expect(written).toEqual({ profile: file, notes: join(dir, "app.profile.md") });
    const json = JSON.parse(readFileSync(file, "utf8")) as { $schema: string };
    expect(join(dir, json.$schema)).toBe(SCHEMA_FILE);
    expect(Object.keys(json)[0]).toBe("$schema");
    expect(loadProfile(file).name).toBe("x");
    expect(readFileSync(written.notes, "utf8")).toBe("notes on app.profile.json\n");
  });

  test("overwrites only with force", () => {
    const dir = mkdtempSync(join(tmpdir(), "pck-write-"));
    dirs.push(dir);
    const file = join(dir, "p.json");
    writeFileSync(file, "{}");
    expect(() => writeProfile(file, PROFILE, () => "", false)).toThrow(/it exists\. Pass --force/);
    expect(readFileSync(file, "utf8")).toBe("{}");
    writeProfile(file, PROFILE, () => "", true);
    expect(loadProfile(file).name).toBe("x");
  });

  test("with force, a symbolic link at the profile's or the notes' name is replaced, and its target is untouched", () => {
    const dir = mkdtempSync(join(tmpdir(), "pck-write-"));
    dirs.push(dir);
    const mine = join(dir, "bashrc");
    writeFileSync(mine, "export PATH\n");
    const file = join(dir, "p.json");
    symlinkSync(mine, file);
    symlinkSync(mine, notesFileFor(file));
    writeProfile(file, PROFILE, () => "notes\n", true);
    expect(readFileSync(mine, "utf8")).toBe("export PATH\n");
    expect(lstatSync(file).isFile()).toBe(true);
    expect(loadProfile(file).name).toBe("x");
    expect(readFileSync(notesFileFor(file), "utf8")).toBe("notes\n");
    expect(readdirSync(dir).sort()).toEqual(["bashrc", "p.json", "p.md"]);
  });

  test("schemaReference starts with ./ or ../; notesFileFor swaps .json for .md", () => {
    expect(schemaReference("/kit/cli/profile/x.json", "/kit/cli/profile/profile.schema.json")).toBe("./profile.schema.json");
    expect(schemaReference("/kit/examples/a/p.json", "/kit/cli/profile/profile.schema.json")).toBe("../../cli/profile/profile.schema.json");
    expect(notesFileFor("/a/app.profile.json")).toBe("/a/app.profile.md");
    expect(notesFileFor("/a/profile")).toBe("/a/profile.md");
  });
});
