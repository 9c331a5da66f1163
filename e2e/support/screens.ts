import fs from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Request } from "@playwright/test";

/**
 * axe-core as its minified build (650 KB), from the copy @axe-core/playwright itself uses. Left to itself the builder
 * sends the readable build (1.5 MB) and, before a legacy run, sends it twice to the page's main frame, which runs the
 * whole script twice: on CI's two cores the renderer, the browser process and the test worker all paid for it at
 * every first check of a document. The rules and their results are the same build's.
 */
const requireFromAxeBuilder = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
export const AXE_SOURCE = fs.readFileSync(requireFromAxeBuilder.resolve("axe-core/axe.min.js"), "utf8");

/**
 * Put into each frame after axe: `avoid-inline-spacing` (serious) first works out the visible text of every element
 * with a `style` attribute (its `matches`), and Mantine gives many elements one for its CSS variables: 1.5 s of axe's
 * 10.8 on the enterprise's screens at 360 px. The rule's checks pass every element whose inline letter-spacing,
 * word-spacing or line-height is not `!important` (unless a check's `noImportant` option says otherwise), so such an
 * element is left out before that work: the same violations, read from the element's own parsed style as the checks
 * read it. Left as axe has it when the rule or its checks are not as described. tests/axe-check.spec.ts seeds one.
 */
const SKIP_UNIMPORTANT_INLINE_SPACING = `(() => {
  const rule = window.axe._audit.rules.find((r) => r.id === "avoid-inline-spacing");
  if (!rule) return;
  const checks = [...rule.all, ...rule.any, ...rule.none].map((c) => window.axe._audit.checks[c.id]);
  if (checks.length === 0 || checks.some((c) => !c || !c.options || !c.options.cssProperty || c.options.noImportant)) return;
  const properties = checks.map((c) => c.options.cssProperty);
  const matches = rule.matches;
  rule.matches = function (node, ...rest) {
    const style = node.style;
    return !!style && properties.some((p) => style.getPropertyPriority(p) === "important") && matches.call(this, node, ...rest);
  };
})();`;
const AXE_SCRIPT = `${AXE_SOURCE};\n${SKIP_UNIMPORTANT_INLINE_SPACING}`;

/**
 * The rules every finding of which is minor or moderate, left out of the check: axe gives each finding of a rule the
 * impact the rule declares (its `impact`, set on every check result when the results are finalised), so these rules
 * can never report the serious or critical violations the check looks for. On six of the app's busiest screens they
 * were a sixth of axe's time (2.9 → 2.4 s; `region`, which walks the whole page, the largest). A rule that declares
 * no impact is run. tests/axe-check.spec.ts compares the check with a run of every rule on a seeded page.
 */
export const RULES_BELOW_SERIOUS: readonly string[] = (
  requireFromAxeBuilder("axe-core") as { _audit: { rules: { id: string; impact?: string }[] } }
)._audit.rules
  .filter((rule) => rule.impact === "minor" || rule.impact === "moderate")
  .map((rule) => rule.id);

/**
 * Opens each path and checks what every screen must hold: a page heading, no serious or critical axe
 * violation, and no page-level horizontal overflow at the current viewport width. The first path is loaded; the
 * others are opened inside the app it loaded, as its links open them (see `openInApp`).
 */
export async function expectScreensSound(page: Page, paths: readonly string[]) {
  for (const [index, path] of paths.entries()) {
    if (index === 0) await openScreen(page, path);
    else await openInApp(page, path);
    await expectNoSeriousAxeViolations(page, path);
    await expectNoHorizontalOverflow(page, path);
  }
}

/**
 * The same checks on the screen a journey has just opened (by a link, a tab or `page.goto`), where it stands: the
 * journey's own load of the screen serves its checks, instead of a screens spec loading it once more. `label` names
 * it in a failure (its path, by default).
 */
export async function expectThisScreenSound(page: Page, label = new URL(page.url()).pathname) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectNoSeriousAxeViolations(page, label);
  await expectNoHorizontalOverflow(page, label);
}

/** An open dialog: axe on the dialog alone (the page behind it is its own screen's business), and no overflow. */
export async function expectDialogSound(page: Page, label: string) {
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectNoSeriousAxeViolations(page, label, "[role=dialog]");
  await expectNoHorizontalOverflow(page, label);
}

/**
 * Opens a screen and waits until it has loaded, without the whole-page checks: for a spec that checks one part of a
 * screen whose whole page another spec already checks (the enterprise's profile is checked in enterprise-profile).
 */
export async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
}

/**
 * Opens a screen inside the app the page has already loaded, the way its own links do (the router follows the
 * history), and waits as `openScreen` does: the heading shown and the network quiet for half a second (what
 * Playwright's `networkidle` means, which a load fires once and an in-app move never fires again). Loading the whole
 * app again for every screen took two to four seconds each on CI's shared cores; the screen is the same. The
 * viewport and the language stay as the loaded app has them.
 */
export async function openInApp(page: Page, path: string) {
  const quiet = quietNetwork(page);
  try {
    await page.evaluate((to) => {
      const index = (history.state as { idx?: number } | null)?.idx ?? 0;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, "", to);
      dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
    }, path);
    await quiet.settled();
    // Still there once it has loaded (not sent elsewhere); the screen may add its own query (a chosen sector).
    expect(new URL(page.url()).pathname, `${path} was left`).toBe(new URL(path, page.url()).pathname);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  } finally {
    quiet.stop();
  }
}

/** Playwright's network idle, for the page's main frame from now on: no request under way for `quietMs`. */
function quietNetwork(page: Page, quietMs = 500) {
  const pending = new Set<Request>();
  let lastChange = Date.now();
  const counts = (request: Request) => request.frame() === page.mainFrame() && request.resourceType() !== "eventsource";
  const started = (request: Request) => {
    if (!counts(request)) return;
    pending.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (pending.delete(request)) lastChange = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    settled: () =>
      expect
        .poll(() => pending.size === 0 && Date.now() - lastChange >= quietMs, {
          message: "the network never went quiet",
          timeout: 60_000,
          intervals: [100],
        })
        .toBe(true),
    stop: () => {
      page.off("request", started);
      page.off("requestfinished", ended);
      page.off("requestfailed", ended);
    },
  };
}

/** `include`: only this part of the page (e.g. an open dialog). */
export async function expectNoSeriousAxeViolations(page: Page, label: string, include?: string) {
  // Legacy mode runs axe.run() in the page (same-origin frames included) instead of axe.runPartial() per frame and
  // axe.finishRun() in a new blank page, and only violations are collected: three to four times faster, with the
  // same findings (checked on a page seeded with violations, a same-origin frame's included). What it leaves out is
  // cross-origin frames, which are others' content (the company page's YouTube player).
  // axe-core is put into each frame once, here (AXE_SCRIPT): a frame that already holds it (the same document,
  // checked before, the screens since opened in the app) is left alone, and the builder is given an empty script. A
  // frame that cannot take it (a cross-origin player, a frame going away) is skipped, as the builder skips it.
  await Promise.all(
    page.frames().map(async (frame) => {
      if (!(await frame.evaluate("!!window.axe").catch(() => true))) await frame.evaluate(AXE_SCRIPT).catch(() => {});
    }),
  );
  const builder = new AxeBuilder({ page, axeSource: ";" })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .disableRules([...RULES_BELOW_SERIOUS]);
  if (include) builder.include(include);
  const results = await builder.analyze();
  expect(seriousOf(results.violations, label)).toEqual([]);
}

type TViolation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** The serious and critical violations among axe's, one line each: the rule and where. */
export const seriousOf = (violations: readonly TViolation[], label: string) =>
  violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

export async function expectNoHorizontalOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  const width = page.viewportSize()?.width;
  // What sticks out, when something does: the innermost elements past the right edge, with their text, so that a
  // failure met once in CI (with the data of the journeys running beside) says what to mend.
  const culprits =
    overflow > 0
      ? await page.evaluate(() => {
          const edge = document.documentElement.clientWidth;
          const beyond = [...document.body.querySelectorAll<HTMLElement>("*")].filter(
            (element) => element.getBoundingClientRect().right > edge + 1,
          );
          return beyond
            .filter((element) => !beyond.some((other) => other !== element && element.contains(other)))
            .slice(0, 5)
            .map(
              (element) =>
                `<${element.tagName.toLowerCase()} class="${element.getAttribute("class")}"> ${element.textContent?.slice(0, 80)}`,
            );
        })
      : [];
  expect(overflow, `${label} overflows at ${width} px: ${culprits.join(" | ")}`).toBeLessThanOrEqual(0);
  // A button's or a badge's label never wraps (Mantine cuts it off instead): in a row too narrow for it, the reader
  // sees half a word ("Tout marquer comme", a standing "V…" at 360 px) and the page itself does not overflow.
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".mantine-Button-label, .mantine-Badge-label")]
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent),
  );
  expect(clipped, `${label}: button or badge labels cut off at ${width} px`).toEqual([]);
}

/** Sets the viewport and the stored language before the first page of a test loads. */
export async function useScreen(page: Page, options: { width: number; language: "en" | "fr" }) {
  await page.setViewportSize({ width: options.width, height: 800 });
  await page.addInitScript((lng) => localStorage.setItem("language", lng), options.language);
}

/**
 * The two screens every page is checked on when a role has many: the narrowest phone in the longer language (where
 * text overflows first) and a desktop in the default one. Both widths and both languages are covered.
 */
export const SCREEN_EXTREMES = [
  { width: 360, language: "fr" },
  { width: 1280, language: "en" },
] as const;
/** The narrow extreme: what a screens spec still checks when a journey checks the wide one. */
export const PHONE_FR = SCREEN_EXTREMES[0];
/**
 * The wide extreme, which the journeys run at (their steps read English labels): each screen a journey opens is
 * checked there, where it opens it, and its screens spec keeps only the narrow extreme.
 */
export const DESKTOP_EN = SCREEN_EXTREMES[1];
