// @ts-check
import { describe, expect, test } from "vitest";
import { nodeSatisfies, staleReason, unlockedOptionals } from "./ensureDeps.mjs";

const manifest = { dependencies: { express: "^5.3.0" }, devDependencies: { vite: "^8.3.8" } };
const lock = {
  packages: {
    "": { ...manifest },
    "node_modules/express": { version: "5.3.0", integrity: "sha512-e" },
    "node_modules/vite": { version: "8.3.8", integrity: "sha512-v", dev: true },
    "node_modules/@esbuild/darwin-arm64": { version: "0.28.2", integrity: "sha512-d", optional: true },
  },
};
/** What npm leaves in node_modules/.package-lock.json on Linux: no root entry, no darwin binary. */
const installed = { packages: { "node_modules/express": lock.packages["node_modules/express"], "node_modules/vite": lock.packages["node_modules/vite"] } };
const everything = () => true;

describe("staleReason", () => {
  test("accepts node_modules that npm installed from this lockfile, optional packages for other platforms skipped", () => {
    expect(staleReason(manifest, lock, installed, everything)).toBeUndefined();
  });

  test("names a missing node_modules and a missing hidden lockfile apart", () => {
    expect(staleReason(manifest, lock, undefined, () => false)).toBe("node_modules is missing");
    expect(staleReason(manifest, lock, undefined, everything)).toBe("node_modules has no .package-lock.json");
  });

  test("sees a lockfile that moved on: another version, a new package", () => {
    const bumped = { packages: { ...lock.packages, "node_modules/express": { version: "5.4.0", integrity: "sha512-f" } } };
    expect(staleReason(manifest, bumped, installed, everything)).toBe("node_modules/express has version 5.3.0, package-lock.json wants 5.4.0");
    const added = { packages: { ...lock.packages, "node_modules/zod": { version: "4.6.7" } } };
    expect(staleReason(manifest, added, installed, everything)).toBe("node_modules/zod is not installed");
  });

  test("sees a package folder deleted by hand", () => {
    expect(staleReason(manifest, lock, installed, (path) => path !== "node_modules/vite")).toBe("node_modules/vite is missing");
  });

  test("sees package.json edited without updating the lockfile, so npm ci reports it", () => {
    const edited = { ...manifest, dependencies: { ...manifest.dependencies, zod: "^4" } };
    expect(staleReason(edited, lock, installed, everything)).toBe("package.json's dependencies differ from package-lock.json's");
  });
});

test("nodeSatisfies compares major and minor of a >= range", () => {
  expect([nodeSatisfies(">=20.19", "20.18.9"), nodeSatisfies(">=20.19", "20.19.0"), nodeSatisfies(">=20.19", "22.1.0")]).toEqual([false, true, true]);
});

test("nodeSatisfies reads ^ ranges joined by ||, as package.json's engines has them", () => {
  const engines = "^22.12 || >=24";
  const versions = ["20.20.0", "22.11.0", "22.12.0", "22.23.3", "23.11.1", "24.0.0", "26.12.1"];
  expect(versions.map((version) => nodeSatisfies(engines, version))).toEqual([false, false, true, true, false, true, true]);
});

test("nodeSatisfies leaves a range of another form to npm", () => {
  expect(nodeSatisfies("~20.1 || 22.x", "18.0.0")).toBe(true);
});

describe("unlockedOptionals", () => {
  const binaries = { "@esbuild/darwin-arm64": "0.28.2", "@esbuild/linux-x64": "0.28.2" };

  test("is empty when every optional dependency has an entry, at the root or nested", () => {
    const nested = {
      packages: {
        "": {},
        "node_modules/esbuild": { version: "0.28.2", optionalDependencies: binaries },
        "node_modules/esbuild/node_modules/@esbuild/darwin-arm64": { version: "0.28.2", optional: true },
        "node_modules/@esbuild/linux-x64": { version: "0.28.2", optional: true },
      },
    };
    expect(unlockedOptionals(nested)).toEqual([]);
  });

  test("names the binaries that npm ci would call missing", () => {
    const partial = {
      packages: {
        "": {},
        "node_modules/a/node_modules/esbuild": { version: "0.28.2", optionalDependencies: binaries },
        "node_modules/@esbuild/linux-x64": { version: "0.28.2", optional: true },
      },
    };
    expect(unlockedOptionals(partial)).toEqual(["@esbuild/darwin-arm64 (of node_modules/a/node_modules/esbuild)"]);
  });
});
