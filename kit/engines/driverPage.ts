/**
 * The EnginePage of a driver whose page object already navigates and evaluates as Playwright's does:
 * Playwright's own (Chromium) and puppeteer-core's (Firefox over BiDi) share these four methods.
 */
import { callSource, type EnginePage, type InPage } from "./engine.ts";

/** What both drivers' pages offer, structurally. */
export interface DriverPageLike {
  goto(url: string, options: { waitUntil: "load" }): Promise<unknown>;
  reload(options: { waitUntil: "load" }): Promise<unknown>;
  url(): string;
  evaluate(source: string): Promise<unknown>;
}

export class DriverPage implements EnginePage {
  constructor(
    private readonly page: DriverPageLike,
    /** Closes the page (a tab) or its private context with every tab of it (the page newPage() opened). */
    private readonly closePage: () => Promise<void>,
    /** A new tab of the same private context, as a DriverPage. */
    private readonly openTab: () => Promise<EnginePage>,
  ) {}

  newTab(): Promise<EnginePage> {
    return this.openTab();
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: "load" });
  }

  async reload(): Promise<void> {
    await this.page.reload({ waitUntil: "load" });
  }

  async url(): Promise<string> {
    return this.page.url();
  }

  async evaluate<A, R>(fn: InPage<A, R>, arg: A): Promise<R> {
    return (await this.page.evaluate(callSource(fn, arg))) as R;
  }

  close(): Promise<void> {
    return this.closePage();
  }
}
