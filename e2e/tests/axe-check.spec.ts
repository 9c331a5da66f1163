import { AXE_SOURCE, expectNoSeriousAxeViolations, RULES_BELOW_SERIOUS, seriousOf } from "../support/screens";
import { expect, test } from "../support/test";

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Seeded</title></head><body><main><h1>Seeded</h1>${body}</main></body></html>`;

/**
 * The accessibility check every screen spec relies on finds what it must: a serious violation in the page and one in
 * a same-origin frame, on the first check of a document (axe put into each frame) and on a later one (axe already
 * there). A page with none passes. The pages are served at the app's origin (a frame of about:blank is not
 * same-origin to axe).
 */
test("the axe check finds serious violations in the page and in its frames, first time and again", async ({
  page: tab,
}) => {
  const pages: Record<string, string> = {
    "/axe-check/seeded": page(
      `<button type="button" id="nameless"></button><iframe title="inner" src="/axe-check/frame"></iframe>`,
    ),
    "/axe-check/frame": page(`<img src="/axe-check/none.png" id="no-alt">`),
    "/axe-check/clean": page(""),
  };
  await tab.route("**/axe-check/**", (route) => {
    const body = pages[new URL(route.request().url()).pathname];
    return body ? route.fulfill({ body, contentType: "text/html" }) : route.fulfill({ status: 404 });
  });
  await tab.goto("/axe-check/seeded");
  await expect(tab.frameLocator("iframe").locator("#no-alt")).toBeAttached();
  for (const round of ["first", "again"]) {
    const failure = await expectNoSeriousAxeViolations(tab, `seeded (${round})`).then(
      () => "",
      (error: Error) => error.message,
    );
    expect(failure, round).toContain("button-name #nameless");
    expect(failure, round).toContain("image-alt iframe #no-alt");
  }
  await tab.goto("/axe-check/clean");
  await expectNoSeriousAxeViolations(tab, "clean");
});

/**
 * The check leaves out the rules whose findings are all minor or moderate, and the elements whose inline spacing
 * cannot fail `avoid-inline-spacing` (support/screens.ts): on a page seeded with violations of both kinds, a run of
 * every rule by axe as it ships finds the moderate ones, and its serious and critical findings are exactly the check's.
 */
test("the axe check's serious findings are those of a run of every rule", async ({ page: tab }) => {
  expect(RULES_BELOW_SERIOUS).toContain("region");
  expect(RULES_BELOW_SERIOUS).not.toContain("color-contrast");
  const seeded =
    `<!doctype html><html lang="en"><head><title>Seeded</title></head><body>` +
    // region, landmark-one-main, page-has-heading-one, empty-heading (minor and moderate)…
    `<p>Outside every landmark</p><h3>Skipped a level</h3><h4></h4>` +
    // …and serious or critical ones: a nameless button, contrast, an image without text, a duplicate ARIA id.
    `<button type="button" id="nameless"></button><p style="color:#ccc;background:#fff">Faint</p>` +
    `<img src="/axe-check/none.png" id="no-alt"><span id="twice">a</span><span id="twice">b</span>` +
    `<input aria-labelledby="twice">` +
    // Inline spacing a reader cannot override (serious), beside spacing that is not !important and passes.
    `<p id="tight" style="letter-spacing: 0.05em !important">Tight</p><p style="letter-spacing: 0.05em">Loose</p>` +
    `</body></html>`;
  await tab.route("**/axe-check/all-rules", (route) => route.fulfill({ body: seeded, contentType: "text/html" }));
  await tab.goto("/axe-check/all-rules");
  const failure = await expectNoSeriousAxeViolations(tab, "seeded").then(
    () => "",
    (error: Error) => error.message,
  );
  // The same page again, with axe as it ships (none of the check's changes to it): every rule, as axe runs by default.
  await tab.goto("/axe-check/all-rules");
  await tab.evaluate(AXE_SOURCE);
  type TViolations = Parameters<typeof seriousOf>[0];
  const everyRule: TViolations = await tab.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: { run(): Promise<{ violations: unknown }> } }).axe.run();
    return violations as TViolations;
  });
  const moderate = everyRule.filter((v) => v.impact === "minor" || v.impact === "moderate").map((v) => v.id);
  expect(moderate).toEqual(
    expect.arrayContaining(["region", "landmark-one-main", "page-has-heading-one", "empty-heading"]),
  );
  const serious = seriousOf(everyRule, "seeded");
  expect(serious.length).toBeGreaterThanOrEqual(3);
  expect(failure).toContain("avoid-inline-spacing #tight");
  for (const line of serious) expect(failure).toContain(line);
  expect(failure.match(/seeded: /g)?.length).toBe(serious.length);
});
