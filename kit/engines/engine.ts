/**
 * One interface for the browser actions and observations a clause check needs in any engine, so a
 * check is written once and run in Chromium (Playwright), Firefox (puppeteer-core over WebDriver
 * BiDi) and WebKit (WebKitWebDriver). What an engine's driver cannot do is a capability, false, so
 * the check says "not checked in <engine>" with the reason instead of guessing. Observations of the
 * network come from the mock server's journal, never from the driver: Firefox's and WebKit's
 * drivers see the page's requests but not its worker's, and emulated offline lies in Firefox.
 */
import type { EngineName } from "./engineNames.ts";

/** A function run in the page: serialised as source, so it may use only its argument. */
export type InPage<A, R> = (arg: A) => R | Promise<R>;

export interface EngineCapabilities {
  /**
   * Whether a script can run in each new document before the page's own (Playwright's init
   * scripts, BiDi's preload scripts). Classic WebDriver (WebKitWebDriver) has no such command.
   */
  readonly scriptBeforePage: boolean;
  /**
   * Whether the page can tell its navigation's HTTP status (PerformanceNavigationTiming's
   * `responseStatus`: Chromium and Firefox; WebKitGTK 2.50 has none, and classic WebDriver gives none).
   */
  readonly navigationStatus: boolean;
  /**
   * Whether a navigation can be answered from the browser's HTTP cache, as a person's browser keeps
   * one (a permanent redirect, NAV-8). WebKitWebDriver's sessions are ephemeral: watched, WebKitGTK
   * replayed no redirect there, not even one sent with `max-age` of a year.
   */
  readonly httpCache: boolean;
}

export interface EnginePage {
  /** Navigates to an absolute URL; resolves once the document's load event has fired. */
  goto(url: string): Promise<void>;
  /** Reloads; resolves once the load event has fired again. */
  reload(): Promise<void>;
  /** The page's URL now. */
  url(): Promise<string>;
  /** Runs `fn(arg)` in the page, awaits it there, and resolves with its JSON-safe result. */
  evaluate<A, R>(fn: InPage<A, R>, arg: A): Promise<R>;
  /**
   * Opens a second tab of the same private context: its storage and service workers are this page's,
   * its sessionStorage its own, the same scripts run before its documents' own. For what happens
   * across an app's tabs (an update applied in one of them).
   */
  newTab(): Promise<EnginePage>;
  /** Closes the page and, for the page newPage() opened, the private context with every tab of it; a tab from newTab() closes alone. */
  close(): Promise<void>;
}

/** A script for each new document of a page, run before the page's own (made by beforePage()). */
export interface BeforePage {
  /** `(run)(arg)` as source: what the drivers take. */
  readonly source: string;
}

/** `run(arg)` before the page's own scripts, the argument checked against the function's. */
export function beforePage<A>(run: InPage<A, void>, arg: A): BeforePage {
  return { source: callSource(run, arg) };
}

export interface EngineBrowser {
  readonly engine: EngineName;
  /** What ran, for the report: e.g. "Firefox 153.7.0 (/usr/bin/firefox-esr, puppeteer-core over WebDriver BiDi)". */
  readonly version: string;
  readonly capabilities: EngineCapabilities;
  /**
   * A page in a fresh private context: no registrations, caches or cookies from any other.
   * `beforePage`'s scripts run in each of its documents, in order, before the page's own; only where
   * `capabilities.scriptBeforePage` holds (else the call rejects).
   */
  newPage(options?: { beforePage?: readonly BeforePage[] }): Promise<EnginePage>;
  close(): Promise<void>;
}

/** `(fn)(arg)` as an expression: how a function crosses into a driver that takes source. */
export function callSource<A, R>(fn: InPage<A, R>, arg: A): string {
  return `(${fn.toString()})(${JSON.stringify(arg ?? null)})`;
}
