import { describe, expect, test } from "vitest";
import { isInScope, isWithinBasePath, normalizeBasePath, scopePath } from "./basePath.ts";
import { ShellError } from "./errors.ts";
import { thrownBy } from "./testing/thrownBy.ts";

describe("normalizeBasePath", () => {
  test.each([
    ["", ""],
    ["/", ""],
    ["   ", ""],
    [" / ", ""],
    ["/app", "/app"],
    ["/app/", "/app"],
    ["/app//", "/app"],
    [" /app ", "/app"],
    ["/a/b", "/a/b"],
    ["/a/b/", "/a/b"],
    ["/my-app_v2.1~x", "/my-app_v2.1~x"],
    ["/%61pp", "/%61pp"],
  ])("REG-4 normalises base path '%s' to '%s'", (input, expected) => {
    expect(normalizeBasePath(input)).toBe(expected);
  });

  test.each(["", "/", "/app/", " /a/b// ", "/%61pp"])("REG-4 leaves the normalised form of '%s' unchanged", (input) => {
    const once = normalizeBasePath(input);
    expect(normalizeBasePath(once)).toBe(once);
  });

  test.each([
    ["app", "it must start with '/'"],
    ["app/", "it must start with '/'"],
    ["./app", "it must start with '/'"],
    ["\\app", "it must start with '/'"],
    ["https://app.test/app", "it must start with '/'"],
    ["/..", "it has an empty or dot segment '..'"],
    ["/app/..", "it has an empty or dot segment '..'"],
    ["/app/../b", "it has an empty or dot segment '..'"],
    ["/.", "it has an empty or dot segment '.'"],
    ["/app/./b", "it has an empty or dot segment '.'"],
    // https://url.spec.whatwg.org/#double-dot-path-segment: the URL parser reads these as dots too.
    ["/app/%2e%2e", "it has an empty or dot segment '%2e%2e'"],
    ["/app/.%2E", "it has an empty or dot segment '.%2E'"],
    ["/%2e", "it has an empty or dot segment '%2e'"],
    ["/a//b", "it has an empty or dot segment ''"],
    ["//app", "it has an empty or dot segment ''"],
    ["/app?x=1", "segment 'app?x=1' has a character a URL path cannot hold"],
    ["/app#top", "segment 'app#top' has a character a URL path cannot hold"],
    ["/a\\b", "segment 'a\\b' has a character a URL path cannot hold"],
    ["/my app", "segment 'my app' has a character a URL path cannot hold"],
    ["/café", "segment 'café' has a character a URL path cannot hold"],
  ])("REG-4 rejects base path '%s' because %s", (input, why) => {
    const error = thrownBy(() => normalizeBasePath(input));
    expect(error).toBeInstanceOf(ShellError);
    expect(error).toMatchObject({ code: "BASE_PATH_INVALID", details: { basePath: input, why } });
    expect(error).toHaveProperty("message", `Failed to use base path '${input}': ${why}. Use an absolute path such as '/app', or '/' for the site root.`);
  });
});

describe("scopePath", () => {
  test.each([
    ["/app", "/app/"],
    ["/a/b", "/a/b/"],
    ["", "/"],
  ])("NAV-1/NAV-3 puts the scope of base path '%s' at '%s'", (basePath, expected) => {
    expect(scopePath(basePath)).toBe(expected);
  });
});

describe("isWithinBasePath", () => {
  test.each(["/app", "/app/", "/app/x", "/app/x/y/", "/app/apple", "/app//x"])("REG-4 treats %s as inside base path /app", (pathname) => {
    expect(isWithinBasePath(pathname, "/app")).toBe(true);
  });

  test.each([
    ["/apple", "a longer segment is another path"],
    ["/app-old/", "a longer segment is another path"],
    ["/", "the root is above the base path"],
    ["", "an empty path is not a path"],
    ["/APP", "paths are case-sensitive"],
    ["/App/x", "paths are case-sensitive"],
    ["/%61pp/", "the browser's scope match does not percent-decode"],
    ["/app%2Fx", "an encoded slash does not end a segment"],
    ["/x/app/", "the base path must be a prefix"],
    ["app/x", "a relative path is not inside anything"],
  ])("REG-4 treats '%s' as outside base path /app: %s", (pathname) => {
    expect(isWithinBasePath(pathname, "/app")).toBe(false);
  });

  test.each(["/a/b", "/a/b/", "/a/b/c"])("REG-4 treats %s as inside the nested base path /a/b", (pathname) => {
    expect(isWithinBasePath(pathname, "/a/b")).toBe(true);
  });

  test.each(["/a", "/a/", "/a/bc", "/b/"])("REG-4 treats %s as outside the nested base path /a/b", (pathname) => {
    expect(isWithinBasePath(pathname, "/a/b")).toBe(false);
  });

  test.each(["/", "/app", "/apple", "/x/y/", "//x"])("REG-4 treats %s as inside the root base path", (pathname) => {
    expect(isWithinBasePath(pathname, "")).toBe(true);
  });

  test.each(["", "app", "x/"])("REG-4 treats the relative path '%s' as outside the root base path", (pathname) => {
    expect(isWithinBasePath(pathname, "")).toBe(false);
  });
});

describe("isInScope", () => {
  const scope = new URL("http://app.test/app/");

  test.each([
    "http://app.test/app/",
    "http://app.test/app/x/y",
    "http://app.test/app/?q=1",
    "http://app.test/app/#h",
    "http://app.test/app/x?q=1#h",
    "http://APP.TEST/app/",
    "http://app.test:80/app/",
    "http://app.test/app/x/../y",
  ])("NAV-1/NAV-3 treats %s as inside scope http://app.test/app/", (href) => {
    expect(isInScope(new URL(href), scope)).toBe(true);
  });

  test.each([
    ["http://app.test:8080/app/", "another port is another origin"],
    ["https://app.test/app/", "another scheme is another origin"],
    ["http://other.test/app/", "another host is another origin"],
    ["http://sub.app.test/app/", "a subdomain is another origin"],
    ["http://app.test/app", "the scope ends with a slash"],
    ["http://app.test/apple", "a longer segment is another path"],
    ["http://app.test/", "the root is above the scope"],
    ["http://app.test/APP/", "paths are case-sensitive"],
    ["http://app.test/%61pp/", "the scope match does not percent-decode"],
    ["http://app.test/app/../apple", "the URL parser resolves dot segments first"],
    ["http://app.test/app/%2e%2e/apple", "the URL parser resolves encoded dot segments first"],
  ])("NAV-1/NAV-3 treats %s as outside scope http://app.test/app/: %s", (href) => {
    expect(isInScope(new URL(href), scope)).toBe(false);
  });

  test("NAV-1/NAV-3 treats every path of the origin as inside the root scope", () => {
    expect(isInScope(new URL("http://app.test/anything/at/all?q"), new URL("http://app.test/"))).toBe(true);
  });

  test("NAV-1/NAV-3 treats another origin as outside the root scope", () => {
    expect(isInScope(new URL("http://other.test/"), new URL("http://app.test/"))).toBe(false);
  });
});
