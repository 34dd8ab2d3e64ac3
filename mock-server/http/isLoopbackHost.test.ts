import { expect, test } from "vitest";
import { isLoopbackHost } from "./isLoopbackHost.ts";

test.each(["127.0.0.1", "127.1.2.3", "127.255.255.254", "localhost", "LocalHost", "localhost.", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"])(
  "counts %s as loopback",
  (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  },
);

test.each(["0.0.0.0", "::", "192.168.1.10", "10.0.0.1", "128.0.0.1", "::2", "::ffff:10.0.0.1", "example.test", "localhost.example.test", "127.0.0.1.nip.io"])(
  "counts %s as reachable from elsewhere",
  (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  },
);
