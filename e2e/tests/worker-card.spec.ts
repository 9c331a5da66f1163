import { DEMO, DEMO_CONTRACTORS, DEMO_ENTERPRISE_NAME, DEMO_PASSWORD } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import { DESKTOP_EN, expectNoHorizontalOverflow, expectNoSeriousAxeViolations, useScreen } from "../support/screens";
import { signInByApi } from "../support/session";
import { expect, test } from "../support/test";

test("the supplier opens its employee's card from the list; its QR page, opened signed out, says cleared today; the enterprise sees the badge", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The demo employee holds the refinery's site induction (apps/server/src/demo/worker-card.ts).
  const page = await (await browser.newContext()).newPage();
  await useScreen(page, DESKTOP_EN);
  await signInByApi(page, DEMO.supplier.email, DEMO_PASSWORD);
  await page.goto(areaPath("supplier", "employees"));
  await page.getByRole("link", { name: "Eric Employee" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Worker’s card: Eric Employee" })).toBeVisible();
  const cleared = page.getByTestId("worker-card-cleared");
  await expect(cleared).toContainText(`${DEMO_ENTERPRISE_NAME}: CLEARED FOR SITE TODAY`);
  await expect(page.getByTestId("worker-card-line").filter({ hasText: "Site induction" })).toContainText("Valid");
  await expect(page.getByRole("img", { name: "QR code of Eric Employee’s card" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "worker card");

  // What the QR code opens: the card's page, for a gatekeeper's phone that is not signed in.
  const { checkPath } = await page.evaluate(async (id) => {
    const token = localStorage.getItem("token");
    const response = await fetch(`/api/workers/${id}/card`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()).data as { checkPath: string };
  }, page.url().split("/").at(-1)!);
  const gate = await (await browser.newContext()).newPage();
  // A gatekeeper's phone: the narrowest screen.
  await useScreen(gate, { width: 360, language: "en" });
  await gate.goto(checkPath);
  await expect(gate.getByTestId("worker-card-name")).toHaveText("Eric Employee");
  await expect(gate.getByTestId("worker-card-cleared")).toContainText(
    `${DEMO_ENTERPRISE_NAME}: CLEARED FOR SITE TODAY`,
  );
  await expectNoSeriousAxeViolations(gate, "worker card check");

  // The enterprise sees its contractor's compliance badge in its list (what it says depends on the demo's documents).
  const enterprise = await (await browser.newContext()).newPage();
  await useScreen(enterprise, DESKTOP_EN);
  await signInByApi(enterprise, DEMO.enterprise.email, DEMO_PASSWORD);
  await enterprise.goto(areaPath("enterprise", "contractors"));
  const acme = enterprise.getByTestId("contractor-row").filter({ hasText: DEMO_CONTRACTORS.acme.name });
  await expect(acme.getByTestId("compliance-badge")).toHaveText(/^(Compliant|Expiring soon|Not compliant)/);
  await expectNoSeriousAxeViolations(enterprise, "contractors with compliance");
  await expectNoHorizontalOverflow(gate, "worker card check");
});
