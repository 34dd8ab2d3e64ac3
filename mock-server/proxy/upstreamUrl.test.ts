import { expect, test } from "vitest";
import { pageUrlProblem, parseUpstreamUrl } from "./upstreamUrl.ts";

test.each([
  ["http://127.0.0.1:3000", { origin: "http://127.0.0.1:3000", tls: false, hostname: "127.0.0.1", port: 3000 }],
  ["http://127.0.0.1:3000/", { origin: "http://127.0.0.1:3000", tls: false, hostname: "127.0.0.1", port: 3000 }],
  ["http://localhost", { origin: "http://localhost", tls: false, hostname: "localhost", port: 80 }],
  ["https://127.0.0.1:5173", { origin: "https://127.0.0.1:5173", tls: true, hostname: "127.0.0.1", port: 5173 }],
  ["https://localhost", { origin: "https://localhost", tls: true, hostname: "localhost", port: 443 }],
  ["http://[::1]:5173", { origin: "http://[::1]:5173", tls: false, hostname: "::1", port: 5173 }],
])("accepts %s", (text, expected) => {
  expect(parseUpstreamUrl(text)).toEqual(expected);
});

test.each([
  ["127.0.0.1:3000", "it is not a URL; write it as http://host:port"],
  ["localhost:3000", "it is not a URL; write it as http://host:port"],
  ["localhost", "it is not a URL; write it as http://host:port"],
  ["ftp://127.0.0.1", "it uses ftp; give an http:// or https:// origin"],
  ["ws://127.0.0.1:3000", "it uses ws; give an http:// or https:// origin"],
  ["http://user:pw@127.0.0.1:3000", "it has a user name or password; the upstream must not need credentials in the URL"],
  ["http://127.0.0.1:3000/app", "it has a path, query or fragment; give only the origin, e.g. http://127.0.0.1:3000"],
  ["http://127.0.0.1:3000/?x=1", "it has a path, query or fragment; give only the origin, e.g. http://127.0.0.1:3000"],
  ["http://127.0.0.1:99999", "it is not a URL; write it as http://host:port"],
])("refuses %s because %s", (text, why) => {
  expect(() => parseUpstreamUrl(text)).toThrow(`Failed to use '${text}' as the upstream app: ${why}.`);
});

test.each([
  ["http://127.0.0.1:3000/app/", null],
  ["https://example.test/app/?x=1", null],
  ["127.0.0.1:3000/app/", "it is not a URL; write it as http://127.0.0.1:3000/app/"],
  ["ftp://127.0.0.1/", "it uses ftp; give an http:// or https:// URL"],
])("a page the browser opens (init --target) may be https and have a path: %s → %s", (text, problem) => {
  expect(pageUrlProblem(text)).toBe(problem);
});
