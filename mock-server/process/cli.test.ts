import { describe, expect, test } from "vitest";
import { CliError, type CliOptions, parseCli, USAGE } from "./cli.ts";

const TOKEN = "0123456789abcdef0123456789abcdef";
const NO_ENV = {};

const DEFAULTS: CliOptions = {
  port: 4173,
  host: "127.0.0.1",
  basePath: "/app",
  scenario: undefined,
  upstream: undefined,
  upstreamConnection: {},
  record: undefined,
  force: false,
  replay: undefined,
  replayUnmatched: undefined,
  workerPath: undefined,
  dist: undefined,
  logLevel: "info",
  controlToken: undefined,
  https: undefined,
  help: false,
  version: false,
};

function parse(...argv: string[]): CliOptions {
  return parseCli(argv, NO_ENV);
}

/** The message of the CliError that parsing `argv` throws. */
function errorOf(argv: readonly string[], env: Record<string, string> = NO_ENV): string {
  try {
    parseCli(argv, env);
  } catch (error) {
    if (error instanceof CliError) return error.message;
    throw error;
  }
  throw new Error(`expected ${argv.join(" ")} to be refused`);
}

describe("defaults", () => {
  test("with no flags, binds 127.0.0.1:4173, serves /app, logs at info, needs no token", () => {
    expect(parse()).toEqual(DEFAULTS);
  });
});

describe("--help", () => {
  test.each([["--help"], ["-h"]])("%s asks for help", (flag) => {
    expect(parse(flag).help).toBe(true);
  });

  test("wins over other mistakes on the line", () => {
    expect(parse("--port", "x", "--host", "0.0.0.0", "--help").help).toBe(true);
  });

  test.each(["--port", "--host", "--base-path", "--scenario", "--upstream", "--worker-path", "--dist", "--log-level", "--control-token", "PCK_CONTROL_TOKEN"])(
    "the usage documents %s",
    (flag) => {
      expect(USAGE).toContain(flag);
    },
  );

  test.each([
    ["--nope", "--help"],
    ["-h", "--base_path", "/x"],
    ["--port", "--help"],
    ["--help", "stray"],
  ])("wins over a flag the parser refuses: %s %s", (...argv) => {
    expect(parse(...argv).help).toBe(true);
  });

  test("names the commands that run the server, the installed one first", () => {
    expect(USAGE).toMatch(/^Usage: pwa-conformance-kit serve \[options\] .*\n {7}npm start -- \[options\] .*\n {7}npm run serve -- \[options\] /);
  });

  test("takes no value", () => {
    expect(errorOf(["--help=yes"])).toBe("--help takes no value.");
  });
});

describe("--version", () => {
  test("asks for the version, before any check of the other flags", () => {
    expect(parse("--version", "--port", "x")).toMatchObject({ version: true, help: false });
  });

  test("gives way to --help", () => {
    expect(parse("--version", "--help")).toMatchObject({ version: false, help: true });
  });

  test("the usage documents it", () => {
    expect(USAGE).toContain("--version");
  });
});

describe("--port", () => {
  test.each([
    ["5000", 5000],
    ["0", 0],
    ["65535", 65535],
  ])("accepts %s", (text, port) => {
    expect(parse("--port", text).port).toBe(port);
  });

  test("accepts the --flag=value form", () => {
    expect(parse("--port=5000").port).toBe(5000);
  });

  test.each(["65536", "-1", "1.5", "abc", "", " 80", "0x50"])("refuses '%s'", (text) => {
    expect(errorOf([`--port=${text}`])).toBe(`--port must be a whole number from 0 to 65535, not '${text}'.`);
  });

  test("needs a value", () => {
    expect(errorOf(["--port"])).toBe("--port needs a value, e.g. --port <value> or --port=<value>.");
  });

  test("does not take the next flag as its value", () => {
    expect(errorOf(["--port", "--host", "::1"])).toBe("--port needs a value, e.g. --port <value> or --port=<value>.");
  });
});

describe("--host", () => {
  test.each(["::1", "localhost", "127.0.0.2"])("binds loopback %s without a token", (host) => {
    expect(parse("--host", host).host).toBe(host);
  });

  test.each(["0.0.0.0", "::", "192.168.1.20", "myhost.example.test"])("refuses non-loopback %s without a control token, saying why", (host) => {
    expect(errorOf(["--host", host])).toBe(
      `--host ${host} lets other machines reach the server, and without a control token anyone who can reach it could add faults and read the journal. Pass --control-token <token> (or set PCK_CONTROL_TOKEN), or bind a loopback address such as 127.0.0.1.`,
    );
  });

  test.each([
    ["[::1]", "::1"],
    ["[::ffff:127.0.0.1]", "::ffff:127.0.0.1"],
  ])("takes %s as a URL writes it, and binds %s without a token", (flag, host) => {
    expect(parse("--host", flag).host).toBe(host);
  });

  test("binds non-loopback with a control token", () => {
    expect(parse("--host", "0.0.0.0", "--control-token", TOKEN)).toMatchObject({ host: "0.0.0.0", controlToken: TOKEN });
  });

  test("binds non-loopback with a control token from PCK_CONTROL_TOKEN", () => {
    expect(parseCli(["--host", "0.0.0.0"], { PCK_CONTROL_TOKEN: TOKEN }).controlToken).toBe(TOKEN);
  });

  test("refuses an empty host", () => {
    expect(errorOf(["--host="])).toBe("--host must not be empty.");
  });
});

describe("--base-path", () => {
  test.each(["/", "/shop", "/a/b/"])("accepts %s", (path) => {
    expect(parse("--base-path", path).basePath).toBe(path);
  });

  test("refuses a relative path, naming the flag and the rule", () => {
    expect(errorOf(["--base-path", "app"])).toBe(
      "--base-path: Failed to use base path 'app': it must start with '/'. Use an absolute path such as '/app', or '/' for the site root.",
    );
  });

  test.each(["/__mock", "/__MOCK", "/__Mock/app", "/__mock/"])("refuses %s, the control API's prefix in any case", (path) => {
    expect(errorOf(["--base-path", path])).toBe(`--base-path ${path}: /__mock/ is the control API's, in any case. Use another path, e.g. /app.`);
  });

  test("takes a path that only starts like the control prefix", () => {
    expect(parse("--base-path", "/__mockup").basePath).toBe("/__mockup");
  });

  test("refuses a dot segment", () => {
    expect(errorOf(["--base-path", "/app/%2e%2e"])).toMatch(/^--base-path: Failed to use base path '\/app\/%2e%2e': it has an empty or dot segment/);
  });
});

describe("--scenario", () => {
  test("takes a file path (read at start, not while parsing)", () => {
    expect(parse("--scenario", "mock-server/scenarios/flaky-network.json").scenario).toBe("mock-server/scenarios/flaky-network.json");
  });

  test("refuses an empty path", () => {
    expect(errorOf(["--scenario="])).toBe("--scenario needs the path of a scenario file, e.g. mock-server/scenarios/flaky-network.json.");
  });
});

describe("--upstream", () => {
  test("takes an http:// or https:// origin", () => {
    expect(parse("--upstream", "http://127.0.0.1:3000").upstream).toBe("http://127.0.0.1:3000");
    expect(parse("--upstream", "https://127.0.0.1:5173").upstream).toBe("https://127.0.0.1:5173");
  });

  test("--upstream-http2 (h2c) for an http:// upstream, --upstream-insecure for an https:// one", () => {
    expect(parse("--upstream", "http://127.0.0.1:3000", "--upstream-http2").upstreamConnection).toEqual({ http2: true });
    expect(parse("--upstream", "https://127.0.0.1:5173", "--upstream-insecure").upstreamConnection).toEqual({ insecure: true });
    expect(parse("--upstream", "http://127.0.0.1:3000").upstreamConnection).toEqual({});
  });

  test.each([
    [["--upstream-http2"], "--upstream-http2 says how to reach the app of --upstream, and there is none: pass --upstream <url> too."],
    [["--upstream-insecure"], "--upstream-insecure says how to reach the app of --upstream, and there is none: pass --upstream <url> too."],
    [
      ["--upstream", "https://127.0.0.1:5173", "--upstream-http2"],
      "--upstream-http2 is for an http:// upstream (HTTP/2 without TLS); an https:// upstream speaks HTTP/2 by itself when its TLS offers it.",
    ],
    [
      ["--upstream", "http://127.0.0.1:3000", "--upstream-insecure"],
      "--upstream-insecure is for an https:// upstream's certificate; an http:// upstream has none.",
    ],
    [["--upstream", "http://127.0.0.1:3000", "--upstream-http2=yes"], "--upstream-http2 takes no value."],
  ])("refuses %j", (flags, message) => {
    expect(errorOf(flags)).toBe(message);
  });

  test.each([
    ["ws://127.0.0.1:3000", "it uses ws; give an http:// or https:// origin"],
    ["localhost:3000", "it is not a URL; write it as http://host:port"],
    ["http://127.0.0.1:3000/app", "it has a path, query or fragment; give only the origin, e.g. http://127.0.0.1:3000"],
  ])("refuses %s, naming the flag", (url, why) => {
    expect(errorOf(["--upstream", url])).toBe(`--upstream '${url}': ${why}.`);
  });

  test.each([
    ["http://127.0.0.1:4173", []],
    ["http://localhost:4173", []],
    ["http://[::1]:5000", ["--host", "127.0.0.1", "--port", "5000"]],
    ["http://127.0.0.1:5000", ["--host", "0.0.0.0", "--port", "5000", "--control-token", TOKEN]],
  ])("refuses %s as the server's own address %j", (url, flags) => {
    expect(errorOf(["--upstream", url, ...flags])).toMatch(new RegExp(`^--upstream '${url.replace(/[.[\]]/g, "\\$&")}' is this server's own address`));
  });

  test("takes the server's port on another host", () => {
    expect(parse("--upstream", "http://192.168.1.20:4173").upstream).toBe("http://192.168.1.20:4173");
  });
});

describe("--worker-path", () => {
  test("takes an absolute path", () => {
    expect(parse("--worker-path", "/service-worker.js").workerPath).toBe("/service-worker.js");
  });

  test.each([
    ["sw.js", "must start with '/'"],
    ["/sw.js?v=1", "may only hold URL path characters (no spaces, '?', '#' or '\\')"],
  ])("refuses %s", (path, why) => {
    expect(errorOf(["--worker-path", path])).toBe(`--worker-path '${path}' ${why}, e.g. /app/sw.js.`);
  });
});

describe("--dist", () => {
  test("takes a build folder", () => {
    expect(parse("--dist", "test-results/variant/dist").dist).toBe("test-results/variant/dist");
  });

  test("refuses an empty one", () => {
    expect(errorOf(["--dist", " "])).toBe("--dist needs the path of a build folder, e.g. dist.");
  });

  test("refuses it beside --upstream, which serves no reference app", () => {
    expect(errorOf(["--dist", "dist", "--upstream", "http://127.0.0.1:3000"])).toBe(
      "--dist names a build of the reference app, and with --upstream no reference app is served: pass one or the other.",
    );
  });
});

describe("--log-level", () => {
  test.each(["fatal", "error", "warn", "info", "debug", "trace", "silent"])("accepts %s", (level) => {
    expect(parse("--log-level", level).logLevel).toBe(level);
  });

  test.each(["loud", "INFO", ""])("refuses '%s', listing the levels", (level) => {
    expect(errorOf([`--log-level=${level}`])).toBe(`--log-level must be one of fatal, error, warn, info, debug, trace, silent, not '${level}'.`);
  });
});

describe("--control-token", () => {
  test("takes a token from the flag", () => {
    expect(parse("--control-token", TOKEN).controlToken).toBe(TOKEN);
  });

  test("takes a token from PCK_CONTROL_TOKEN", () => {
    expect(parseCli([], { PCK_CONTROL_TOKEN: TOKEN }).controlToken).toBe(TOKEN);
  });

  test("prefers the flag to PCK_CONTROL_TOKEN", () => {
    expect(parseCli(["--control-token", TOKEN], { PCK_CONTROL_TOKEN: "x".repeat(20) }).controlToken).toBe(TOKEN);
  });

  test("treats an empty PCK_CONTROL_TOKEN as unset", () => {
    expect(parseCli([], { PCK_CONTROL_TOKEN: "" }).controlToken).toBeUndefined();
  });

  test("refuses a short token from the flag", () => {
    expect(errorOf(["--control-token", "secret"])).toBe("--control-token: the token must be at least 16 characters long (try: openssl rand -hex 16).");
  });

  test("refuses a short token from PCK_CONTROL_TOKEN, naming the variable", () => {
    expect(errorOf([], { PCK_CONTROL_TOKEN: "secret" })).toBe("PCK_CONTROL_TOKEN: the token must be at least 16 characters long (try: openssl rand -hex 16).");
  });

  test("refuses characters that do not fit a bearer header", () => {
    expect(errorOf(["--control-token", "0123456789 abcdef!"])).toBe(
      "--control-token: the token may only hold letters, digits and - . _ ~ + / (then = padding).",
    );
  });
});

describe("mistakes on the line", () => {
  test.each(["--nope", "--Port", "-x", "--base_path"])("an unknown flag %s is named", (flag) => {
    expect(errorOf([flag])).toBe(`Unknown flag ${flag}. Run with --help for the list of flags.`);
  });

  test("a stray argument is named", () => {
    expect(errorOf(["serve"])).toBe("Unexpected argument 'serve': every option is a --flag. Run with --help for the list of flags.");
  });
});

describe("--https, --tls-cert, --tls-key", () => {
  test("--https asks for a certificate made at start; --tls-cert with --tls-key for the user's own", () => {
    expect(parse("--https").https).toEqual({});
    expect(parse("--tls-cert", "c.pem", "--tls-key", "k.pem").https).toEqual({ certFile: "c.pem", keyFile: "k.pem" });
    expect(parse("--https", "--tls-cert", "c.pem", "--tls-key", "k.pem").https).toEqual({ certFile: "c.pem", keyFile: "k.pem" });
    expect(parse().https).toBeUndefined();
  });

  test("TLS does not stand in for the control token: --host 0.0.0.0 --https still needs one", () => {
    expect(errorOf(["--host", "0.0.0.0", "--https"])).toContain("Pass --control-token <token>");
    expect(parse("--host", "0.0.0.0", "--https", "--control-token", TOKEN).https).toEqual({});
  });

  test.each([
    [["--tls-cert", "c.pem"], "--tls-cert needs --tls-key too: a certificate and its private key, both PEM files."],
    [["--tls-key", "k.pem"], "--tls-key needs --tls-cert too: a certificate and its private key, both PEM files."],
    [["--tls-cert", "", "--tls-key", "k.pem"], "--tls-cert and --tls-key need the paths of PEM files."],
  ])("refuses %j", (argv, message) => {
    expect(errorOf(argv)).toBe(message);
  });
});

describe("--record, --replay and --replay-unmatched", () => {
  const UPSTREAM = ["--upstream", "http://127.0.0.1:3000"];

  test("takes a recording file beside --upstream, and a HAR to replay with or without one", () => {
    expect(parse(...UPSTREAM, "--record", "out.har")).toMatchObject({ record: "out.har", replay: undefined, replayUnmatched: undefined });
    expect(parse("--replay", "in.har")).toMatchObject({ replay: "in.har", upstream: undefined, replayUnmatched: undefined });
    expect(parse(...UPSTREAM, "--replay", "in.har", "--replay-unmatched", "404")).toMatchObject({ replay: "in.har", replayUnmatched: "404" });
  });

  test("refuses --record without an upstream: there is nothing to record", () => {
    expect(errorOf(["--record", "out.har"])).toMatch(/^--record writes what the upstream app answers, and there is no upstream/);
    expect(errorOf(["--replay", "in.har", "--record", "out.har"])).toMatch(/^--record writes what the upstream app answers/);
  });

  test("refuses empty paths, and recording over the HAR being replayed", () => {
    expect(errorOf([...UPSTREAM, "--record", " "])).toMatch(/^--record needs the path of a HAR file/);
    expect(errorOf(["--replay", ""])).toMatch(/^--replay needs the path of a HAR file/);
    expect(errorOf([...UPSTREAM, "--record", "a.har", "--replay", "./a.har"])).toMatch(/^--record and --replay name the same file 'a.har'/);
  });

  test("takes upstream or 404 for unmatched requests, upstream only with an upstream", () => {
    expect(errorOf(["--replay", "in.har", "--replay-unmatched", "pass"])).toBe("--replay-unmatched must be upstream or 404, not 'pass'.");
    expect(errorOf(["--replay", "in.har", "--replay-unmatched", "upstream"])).toMatch(
      /^--replay-unmatched upstream sends unmatched requests to the upstream, and there is none/,
    );
    expect(errorOf(["--replay-unmatched", "404"])).toMatch(/^--replay-unmatched says what answers when a HAR has no entry/);
    expect(parse(...UPSTREAM, "--replay-unmatched", "404").replayUnmatched).toBe("404");
  });

  test("refuses --dist beside --replay, which serves no reference app", () => {
    expect(errorOf(["--dist", "dist", "--replay", "in.har"])).toBe(
      "--dist names a build of the reference app, and with --replay no reference app is served: pass one or the other.",
    );
  });

  test("takes --force beside --record only: it lets the recording replace a file the kit did not record", () => {
    expect(parse(...UPSTREAM, "--record", "out.har", "--force")).toMatchObject({ record: "out.har", force: true });
    expect(parse(...UPSTREAM, "--record", "out.har").force).toBe(false);
    expect(errorOf([...UPSTREAM, "--force"])).toBe(
      "--force lets --record replace an existing file, and there is no --record: pass --record <file.har> too, or leave --force out.",
    );
  });

  test("lists the flags in --help", () => {
    for (const flag of ["--record <file.har>", "--force", "--replay <file.har>", "--replay-unmatched <p>"]) expect(USAGE).toContain(flag);
  });
});
