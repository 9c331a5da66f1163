import { expectNoSeriousAxeViolations } from "../support/screens";
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
