import { expect, test } from "vitest";
import { pageUrlProblem, parseUpstreamUrl } from "./upstreamUrl.ts";

test.each([
  ["http://127.0.0.1:3000", { origin: "http://127.0.0.1:3000", hostname: "127.0.0.1", port: 3000 }],
  ["http://127.0.0.1:3000/", { origin: "http://127.0.0.1:3000", hostname: "127.0.0.1", port: 3000 }],
  ["http://localhost", { origin: "http://localhost", hostname: "localhost", port: 80 }],
  ["http://[::1]:5173", { origin: "http://[::1]:5173", hostname: "::1", port: 5173 }],
])("accepts %s", (text, expected) => {
  expect(parseUpstreamUrl(text)).toEqual(expected);
});

test.each([
  ["127.0.0.1:3000", "it is not a URL; write it as http://host:port"],
  ["localhost:3000", "it is not a URL; write it as http://host:port"],
  ["localhost", "it is not a URL; write it as http://host:port"],
  ["https://127.0.0.1:3000", "it uses https, and only http:// upstreams are supported (run the app without TLS locally)"],
  ["ftp://127.0.0.1", "it uses ftp, and only http:// upstreams are supported (run the app without TLS locally)"],
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
