import type { Browser, BrowserContext, BrowserContextOptions, Disposable, Page } from "@playwright/test";

export type TWarmOptions = BrowserContextOptions & { baseURL: string };

/**
 * A browser context and its tab, kept by a test worker from one test to the next and cleaned before each to what a
 * fresh context would be.
 *
 * Why: a fresh context's first page runs in a new renderer process, which must compile the app's script and set up
 * its styles and fonts from nothing: ~2.7–2.9 CPU-seconds of Chromium for the dashboard on the CI machine, against
 * ~1.1 when the same tab moves to another page of the app (docs/performance.md, "What a test's first page costs").
 * The suite is bound by Chromium's CPU on two cores, and every test starts with such a load.
 *
 * What a test may leave behind, and what `next` clears: cookies and permissions (the context's); localStorage and
 * sessionStorage (the app's origin, from a page of it without the app); the init scripts the test added to the tab or
 * the context (signInByApi's token, useScreen's language); the tab's listeners and routes, and the context's routes;
 * other tabs the test opened in the context; the viewport; where the pointer rests. A page asking before it is left (the permit form with
 * typing in it) is left anyway.
 */
export class WarmTab {
  private context: BrowserContext | undefined;
  private page: Page | undefined;
  private readonly scripts: Disposable[] = [];
  /** The context's own `newPage` and `close` (WarmTabs.another lends the context out with its own). */
  private newPage: (() => Promise<Page>) | undefined;
  private closeContext: (() => Promise<void>) | undefined;

  constructor(
    private readonly browser: Browser,
    private readonly options: TWarmOptions,
  ) {}

  /** The context and tab for the next test, clean. */
  async next(): Promise<{ context: BrowserContext; page: Page }> {
    if (!this.context) {
      const context = await this.browser.newContext(this.options);
      context.on("close", () => {
        if (this.context === context) this.context = this.page = undefined;
      });
      this.newPage = context.newPage.bind(context);
      this.closeContext = context.close.bind(context);
      this.recordScripts(context);
      this.context = context;
    }
    if (!this.page || this.page.isClosed()) {
      this.page = await this.newPage!();
      this.recordScripts(this.page);
    }
    await this.clean(this.context, this.page);
    return { context: this.context, page: this.page };
  }

  /** A new tab of the context, as its own `newPage` makes it. */
  openTab(): Promise<Page> {
    return this.newPage!();
  }

  async close() {
    await this.closeContext?.();
  }

  /** Keeps what `addInitScript` returns, to take the script away before the next test. */
  private recordScripts(target: Page | BrowserContext) {
    const add = target.addInitScript.bind(target) as (...args: unknown[]) => Promise<Disposable>;
    (target as { addInitScript: unknown }).addInitScript = async (...args: unknown[]) => {
      const script = await add(...args);
      this.scripts.push(script);
      return script;
    };
  }

  private async clean(context: BrowserContext, page: Page) {
    for (const other of context.pages()) if (other !== page) await other.close();
    await Promise.all(this.scripts.splice(0).map((script) => script.dispose()));
    page.removeAllListeners();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.clearCookies();
    await context.clearPermissions();
    // A page of the app's origin without the app (the same site: the tab keeps its renderer process). A form that
    // asks before it is left is left: the question is the test's, not the next one's.
    const leave = (dialog: { type(): string; accept(): Promise<void> }) =>
      dialog.type() === "beforeunload" ? dialog.accept() : undefined;
    page.on("dialog", leave);
    await page.goto(new URL("/api/health", this.options.baseURL).href);
    page.off("dialog", leave);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    if (this.options.viewport) await page.setViewportSize(this.options.viewport);
    // The pointer where a new tab has it: left over a corner where toasts show, it held one open (hovered, its timer
    // stops) over the next test's button.
    await page.mouse.move(0, 0);
  }
}

/**
 * A test worker's warm tabs: the one each test gets as its `context` and `page`, and one for each other person a
 * test brings in with `browser.newContext()` (support/test.ts), the first, second… in the order it asks.
 */
export class WarmTabs {
  private readonly main: WarmTab;
  private readonly others: WarmTab[] = [];
  private othersLent = 0;

  constructor(
    private readonly browser: Browser,
    private readonly options: TWarmOptions,
  ) {
    this.main = new WarmTab(browser, options);
  }

  /** The test's own context and tab. */
  startTest() {
    this.othersLent = 0;
    return this.main.next();
  }

  /**
   * Another person's context for this test: clean, its first `newPage` the warm tab (later ones new tabs), and its
   * `close` only handing it back (the next test cleans it).
   */
  async another(): Promise<BrowserContext> {
    const index = this.othersLent++;
    this.others[index] ??= new WarmTab(this.browser, this.options);
    const tab = this.others[index]!;
    const { context, page } = await tab.next();
    let pageLent = false;
    context.newPage = async () => {
      if (pageLent || page.isClosed()) return tab.openTab();
      pageLent = true;
      return page;
    };
    context.close = async () => {};
    return context;
  }

  /** After a test: the other people's tabs leave the app (signed out, no stream open) until a test needs them. */
  async endTest() {
    await Promise.all(this.others.slice(0, this.othersLent).map((tab) => tab.next()));
  }

  async close() {
    await Promise.all([this.main, ...this.others].map((tab) => tab.close()));
  }
}
