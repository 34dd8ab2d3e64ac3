import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { describe, expect, test } from "vitest";
import type { MockServer } from "./mockServerProcess.ts";
import { PreparedPages, wantsControlledPage } from "./preparedPages.ts";

const fnOf = (fn: unknown) => ({ fn }) as unknown as TestInfo;

describe("wantsControlledPage", () => {
  test.each([
    ["an arrow function naming it first", async ({ controlledPage: page }: { controlledPage: Page }) => page, true],
    ["on lines of their own", "async ({\n    controlledPage: page,\n    mock,\n  }) => {}", true],
    ["a plain function", "async function ({ controlledPage, mock }) {}", true],
    ["named second", "async ({ page, controlledPage }) => {}", false],
    ["not named", "async ({ page, mock }) => {}", false],
    ["no fixtures", "async () => {}", false],
    ["a fixture whose name starts the same", "async ({ controlledPageOfMine }) => {}", false],
  ])("%s", (_, fn, wanted) => {
    expect(wantsControlledPage(fnOf(typeof fn === "string" ? { toString: () => fn } : fn))).toBe(wanted);
  });
});

/** A server that counts its resets, and a browser whose pages come under control at once. */
function fakes() {
  const resets: string[] = [];
  const server = (origin: string) => ({ origin, reset: async () => void resets.push(origin) }) as unknown as MockServer;
  const closed: string[] = [];
  const browser = {
    newContext: async ({ baseURL }: { baseURL: string }) =>
      ({
        close: async () => void closed.push(baseURL),
        newPage: async () =>
          ({
            goto: async () => null,
            waitForFunction: async () => ({ jsonValue: async () => "controlled" }),
          }) as unknown as Page,
      }) as unknown as BrowserContext,
  } as unknown as Browser;
  const servers = [server("http://a"), server("http://b")];
  return { resets, closed, servers, pages: new PreparedPages(servers, browser, "/app/", async () => undefined) };
}

const OPTIONS = { viewport: { width: 1280, height: 720 } };

describe("PreparedPages", () => {
  test("a test that wants a controlled page takes the one prepared beside the test before, on the other server", async () => {
    const { pages, resets } = fakes();
    const first = await pages.bind(true);
    expect(first.server.origin).toBe("http://a");
    expect(await pages.take(first, OPTIONS)).toBeUndefined();
    pages.prepareBeside(first.server, OPTIONS);
    const second = await pages.bind(true);
    expect(second.server.origin).toBe("http://b");
    const taken = await pages.take(second, OPTIONS);
    expect(taken?.server.origin).toBe("http://b");
    expect(resets).toEqual(["http://a", "http://b"]);
  });

  test("any other test runs on the other server, reset, and the prepared page waits for the next that wants one", async () => {
    const { pages, resets } = fakes();
    pages.prepareBeside((await pages.bind(false)).server, OPTIONS);
    const plain = await pages.bind(false);
    expect(plain.server.origin).toBe("http://a");
    expect(plain.prepared).toBeUndefined();
    const controlled = await pages.bind(true);
    expect((await pages.take(controlled, OPTIONS))?.server.origin).toBe("http://b");
    expect(resets).toEqual(["http://a", "http://b", "http://a"]);
  });

  test("a page prepared with other context options is closed and its server reset", async () => {
    const { pages, resets, closed } = fakes();
    pages.prepareBeside((await pages.bind(false)).server, OPTIONS);
    const binding = await pages.bind(true);
    expect(await pages.take(binding, { viewport: { width: 390, height: 844 } })).toBeUndefined();
    expect(closed).toEqual(["http://b"]);
    expect(resets.at(-1)).toBe("http://b");
  });

  test("a test that was bound to it and skipped leaves it for the next", async () => {
    const { pages } = fakes();
    pages.prepareBeside((await pages.bind(false)).server, OPTIONS);
    await pages.bind(true);
    const next = await pages.bind(true);
    expect((await pages.take(next, OPTIONS))?.server.origin).toBe("http://b");
  });

  test("one server: nothing is prepared", async () => {
    const { servers } = fakes();
    const pages = new PreparedPages(servers.slice(0, 1), {} as Browser, "/app/", async () => undefined);
    const binding = await pages.bind(true);
    pages.prepareBeside(binding.server, OPTIONS);
    expect((await pages.bind(true)).prepared).toBeUndefined();
  });
});
