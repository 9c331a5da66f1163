import fs from "node:fs";
import { bearerOf } from "../support/api";
import { DEMO } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import { useScreen } from "../support/screens";
import { signInAsDemo } from "../support/session";
import { expect, type Page, test } from "../support/test";

// The enterprise's whole profile with its audit trail shown, at both extremes, is checked by enterprise-profile.

async function signIn(page: Page) {
  await signInAsDemo(page, "enterprise");
}

test("the demo enterprise finds a refusal it just met in its audit trail, filters it and exports it", async ({
  page,
}) => {
  await useScreen(page, { width: 1280, language: "en" });
  await signIn(page);
  // An act of its own the trail must show: asking for the admin's list of enterprises (403, recorded as a refusal).
  const headers = await bearerOf(page.request, DEMO.enterprise.email);
  expect((await page.request.get("/api/admin/enterprises", { headers })).status()).toBe(403);

  await page.goto(areaPath("enterprise", "profile"));
  const section = page.getByTestId("audit-trail-section");
  await expect(section.getByRole("heading", { name: "Audit trail" })).toBeVisible();
  await expect(section.getByTestId("audit-row").first()).toBeVisible();

  await section.getByTestId("audit-action").click();
  await page.getByRole("option", { name: "Access refused" }).click();
  const newest = section.getByTestId("audit-row").first();
  await expect(newest).toContainText("Access refused");
  await expect(newest).toContainText(`${DEMO.enterprise.email} (Enterprise)`);
  // Its facts in words, fields named (audit-entry-text.ts).
  await expect(newest).toContainText("Refusal: FORBIDDEN");
  await expect(newest).toContainText("Route: /api/admin/enterprises");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByTestId("audit-export-csv").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), "utf8");
  expect(csv.split("\n")[0]).toContain("Action");
  expect(csv).toContain("access.refused");
  expect(csv).not.toContain("auth.signIn,");
});
