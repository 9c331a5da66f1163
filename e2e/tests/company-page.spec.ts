import { permitPaths } from "@openpermit/shared";
import { DEMO_ENTERPRISE_NAME } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import { signInAsDemo } from "../support/session";
import { expect, type Page, test } from "../support/test";

// The company page's preview and a supplier's read-only view, at both extremes, are checked by enterprise-profile.

/** A video of YouTube's own documentation, added by this spec (the demo page already holds another). */
const ADDED_VIDEO = "aqz-KE-bpKQ";

/** The read-only page in its dialog: what a contractor reads, never the enterprise's credits. */
async function expectReadOnlyPage(page: Page) {
  const dialog = page.getByRole("dialog", { name: `${DEMO_ENTERPRISE_NAME} — company page` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("How to get here")).toBeVisible();
  await expect(dialog.getByTestId("business-hours").getByRole("row", { name: /^Monday/ })).toBeVisible();
  await expect(dialog.locator("iframe").first()).toHaveAttribute(
    "src",
    /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
  );
  await expect(dialog.getByRole("heading", { name: "Useful links" })).toBeVisible();
  await expect(dialog.getByText(/credit|remaining|purchase/i)).toHaveCount(0);
  await expect(dialog.getByTestId("credit-summary")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
}

test("the enterprise edits its business hours and adds a YouTube video; a supplier reads the page without credits", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAsDemo(page, "enterprise");
  await page.goto(areaPath("enterprise", "profile"));
  const section = page.locator("#company-page");
  const form = section.getByRole("form", { name: "Company page" });
  await expect(form).toBeVisible();
  // The purchase summary lives in the company page section, once.
  await expect(section.getByTestId("credit-summary")).toHaveCount(1);
  await expect(page.getByTestId("credit-summary")).toHaveCount(1);

  // Sunday was closed in the demo: it opens for a morning.
  await form.getByRole("switch", { name: "Closed on Sunday" }).click();
  await form.getByLabel("Opens on Sunday").fill("09:00");
  await form.getByLabel("Closes on Sunday").fill("12:30");

  await form.getByRole("button", { name: "Add a video" }).click();
  const added = form.getByLabel("Video 2 URL");
  await added.fill("https://vimeo.com/76979871");
  await form.getByRole("button", { name: "Save the company page" }).click();
  await expect(form.getByText(/Only YouTube video URLs (are )?accepted/)).toBeVisible();
  // Nothing typed is lost.
  await expect(form.getByLabel("Opens on Sunday")).toHaveValue("09:00");

  await added.fill(`https://youtu.be/${ADDED_VIDEO}`);
  await form.getByRole("button", { name: "Save the company page" }).click();
  await expect(page.getByText("Company page saved")).toBeVisible();

  await page.reload();
  await expect(form.getByLabel("Opens on Sunday")).toHaveValue("09:00");
  await expect(form.getByLabel("Closes on Sunday")).toHaveValue("12:30");
  await expect(form.getByLabel("Video 2 URL")).toHaveValue(`https://www.youtube.com/watch?v=${ADDED_VIDEO}`);

  // The supplier, affiliated with the refinery, opens the page from its requests and from the permit form.
  const supplierContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const supplier = await supplierContext.newPage();
  await signInAsDemo(supplier, "supplier");
  await supplier.goto(areaPath("supplier", "supplierRequests", "view=all"));
  const approved = supplier
    .getByTestId("demand-row")
    .filter({ hasText: DEMO_ENTERPRISE_NAME })
    .filter({
      has: supplier.getByRole("button", { name: `Company page of ${DEMO_ENTERPRISE_NAME}` }),
    });
  await approved
    .first()
    .getByRole("button", { name: `Company page of ${DEMO_ENTERPRISE_NAME}` })
    .click();
  await expectReadOnlyPage(supplier);
  const dialog = supplier.getByRole("dialog");
  await supplier
    .getByRole("button", { name: `Company page of ${DEMO_ENTERPRISE_NAME}` })
    .first()
    .click();
  await expect(dialog.getByTestId("business-hours").getByRole("row", { name: /^Sunday/ })).toContainText(
    "09:00 – 12:30",
  );
  await expect(dialog.locator(`iframe[src="https://www.youtube-nocookie.com/embed/${ADDED_VIDEO}"]`)).toHaveAttribute(
    "title",
    `${DEMO_ENTERPRISE_NAME} — video 2`,
  );
  await dialog.getByRole("button", { name: "Close" }).click();

  await supplier.goto(permitPaths("supplier").newRequest);
  await supplier.getByRole("button", { name: `Company page of ${DEMO_ENTERPRISE_NAME}` }).click();
  await expectReadOnlyPage(supplier);
  await supplierContext.close();
});
