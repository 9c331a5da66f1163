import { AUTH_PATHS, authPath } from "@openpermit/shared";
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, useScreen } from "../support/screens";
import { expect, test } from "../support/test";

// One load of the page per language: the checks at the other width follow a resize of the same page (the layout
// answers the viewport, not the load).

test("the sign-in page in English: no serious axe violations at 1280 px; at 360 px it fits and works with the keyboard", async ({
  page,
}) => {
  await useScreen(page, { width: 1280, language: "en" });
  await page.goto(authPath(AUTH_PATHS.signInDefault));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "sign-in en 1280");
  await expectNoHorizontalOverflow(page, "sign-in en 1280");

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expectNoHorizontalOverflow(page, "sign-in en 360");
  const box = await page.getByRole("button", { name: "Sign in" }).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);

  // Keyboard only: the e-mail field is reachable with Tab and the form submits with Enter.
  await page.getByLabel("Email").focus();
  await page.keyboard.type("nobody@example.com");
  await page.keyboard.press("Tab");
  await page.keyboard.type("wrong-password");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Incorrect email address or password")).toBeVisible();
});

test("the sign-in page in French: no serious axe violations and no overflow at 1280 px and at 360 px", async ({
  page,
}) => {
  await useScreen(page, { width: 1280, language: "fr" });
  await page.goto(authPath(AUTH_PATHS.signInDefault));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expectNoSeriousAxeViolations(page, "sign-in fr 1280");
  await expectNoHorizontalOverflow(page, "sign-in fr 1280");

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "sign-in fr 360");
  await expectNoHorizontalOverflow(page, "sign-in fr 360");
});
