import type { Browser, BrowserContext, BrowserContextOptions, Disposable, Page } from "@playwright/test";

/**
 * One browser context and one tab per test worker, handed to each of its tests in turn as the test's `context` and
 * `page`, and cleaned before each test to what a fresh context would be.
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
 * typing in it) is left anyway. Contexts a test opens itself (a second person) are its own, as before.
 */
/** A browser context's options, with the base URL the tab is cleaned from. */
export type TWarmOptions = BrowserContextOptions & { baseURL: string };

export class WarmTab {
  private context: BrowserContext | undefined;
  private page: Page | undefined;
  private readonly scripts: Disposable[] = [];

  /** The context options the warm tab was made with: the first test's. */
  private options: TWarmOptions | undefined;

  constructor(private readonly browser: Browser) {}

  /**
   * Whether a test's context options (the project's, and its own `test.use`) are the ones the warm tab was made with
   * (or none was made yet): a test that asks for others gets a fresh context instead (support/test.ts).
   */
  fits(asked: TWarmOptions): boolean {
    return !this.options || JSON.stringify(asked) === JSON.stringify(this.options);
  }

  /** The context and tab for the next test, clean; the first call makes them with `options`. */
  async next(options: TWarmOptions): Promise<{ context: BrowserContext; page: Page }> {
    if (!this.context) {
      const context = await this.browser.newContext(options);
      context.on("close", () => {
        if (this.context === context) this.context = this.page = undefined;
      });
      this.recordScripts(context);
      this.context = context;
      this.options = options;
    }
    if (!this.page || this.page.isClosed()) {
      this.page = await this.context.newPage();
      this.recordScripts(this.page);
    }
    await this.clean(this.context, this.page, this.options!);
    return { context: this.context, page: this.page };
  }

  async close() {
    await this.context?.close();
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

  private async clean(context: BrowserContext, page: Page, options: TWarmOptions) {
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
    await page.goto(new URL("/api/health", options.baseURL).href);
    page.off("dialog", leave);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    if (options.viewport) await page.setViewportSize(options.viewport);
    // The pointer where a new tab has it: left over a corner where toasts show, it would hold one open (hovered, its
    // timer stops) over the next test's button.
    await page.mouse.move(0, 0);
  }
}
