import { randomBytes } from "node:crypto";
import { createConfirmedAccount, uniqueEmail } from "../support/accounts";
import { DEMO_ENTERPRISE_NAME } from "../support/demo-accounts";
import { waitForLink } from "../support/outbox";
import { areaPath } from "../support/paths";
import { DESKTOP_EN, expectThisScreenSound, useScreen } from "../support/screens";
import { expectArea, signInAsDemo, signInByApi, signInThroughUi } from "../support/session";
import { type Browser, expect, type Page, test } from "../support/test";

/** Opens an invitation link in a fresh browser context and completes the account there. */
async function completeFromEmail(
  browser: Browser,
  email: string,
  person: { name: string; password: string; companyName?: string },
) {
  const link = await waitForLink(email);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  if (person.companyName) await page.getByLabel("Company name").fill(person.companyName);
  await page.getByLabel("Full name").fill(person.name);
  await page.getByLabel("Phone").fill("+33 6 55 44 33 22");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(person.password);
  await page.getByRole("textbox", { name: "Confirm password", exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Complete account" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\/default/);
  return { page, context };
}

/** The demo enterprise in a browser of its own, signed in through the API, at the wide extreme. */
async function demoEnterprisePage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await useScreen(page, DESKTOP_EN);
  await signInAsDemo(page, "enterprise");
  return page;
}

// The demo accounts' contractor screens these journeys open are checked where they open them, at the wide extreme
// (the narrow one, and the screens no journey opens, are role-screens-accessibility's).
test.beforeEach(async ({ page }) => {
  await useScreen(page, DESKTOP_EN);
});

test("an enterprise invites an unknown e-mail; the contractor completes its company, signs in and brings in an employee", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = randomBytes(3).toString("hex");
  const contractor = {
    email: uniqueEmail("contractor"),
    companyName: `Delta Insulation ${suffix}`,
    name: "Dana Delta",
    password: "Contractor-pass-1",
  };
  const employee = { email: uniqueEmail("insulator"), name: "Ivan Insulator", password: "Employee-pass-1" };

  await signInAsDemo(page, "enterprise");
  await page.goto(areaPath("enterprise", "contractors"));
  await expectThisScreenSound(page);
  await page.getByRole("button", { name: "Invite a contractor" }).click();
  const invite = page.getByRole("dialog", { name: "Invite a contractor" });
  await invite.getByLabel("Contractor email").fill(contractor.email);
  await invite.getByLabel("Company name (optional)").fill(`Delta ${suffix}`);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${contractor.email}`).last()).toBeVisible();

  // Inviting the same e-mail again is refused clearly.
  await page.getByRole("button", { name: "Invite a contractor" }).click();
  await invite.getByLabel("Contractor email").fill(contractor.email);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText(/already waiting for an answer/)).toBeVisible();
  await invite.getByRole("button", { name: "Cancel" }).click();

  // The contractor completes its company from the e-mail, and is then affiliated.
  const completed = await completeFromEmail(browser, contractor.email, contractor);
  const supplierPage = completed.page;
  await signInThroughUi(supplierPage, contractor.email, contractor.password);
  await expectArea(supplierPage, "supplier");
  await page.reload();
  const row = page.getByRole("link", { name: new RegExp(contractor.companyName) });
  await expect(row.first()).toBeVisible();

  // It invites an employee, who completes the account and lands on its own area.
  await supplierPage.goto(areaPath("supplier", "employees"));
  await expect(supplierPage.getByText("No employees yet — invite your first employee")).toBeVisible();
  await supplierPage.getByRole("button", { name: "Invite an employee" }).first().click();
  const employeeDialog = supplierPage.getByRole("dialog", { name: "Invite an employee" });
  await employeeDialog.getByLabel("Full name").fill(employee.name);
  await employeeDialog.getByLabel("Email").fill(employee.email);
  await employeeDialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(supplierPage.getByText("Employee created — an invitation e-mail was sent").last()).toBeVisible();
  await expect(supplierPage.getByTestId("employee-row").filter({ hasText: employee.name })).toBeVisible();

  const employeeSide = await completeFromEmail(browser, employee.email, employee);
  await signInThroughUi(employeeSide.page, employee.email, employee.password);
  await expectArea(employeeSide.page, "employee");
  await employeeSide.context.close();
  await completed.context.close();
});

test("a supplier asks to work for the demo enterprise, which approves and later detaches it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const supplier = await createConfirmedAccount(request, "Supplier");
  const me = await request.post("/api/auth/sign-in", { data: { email: supplier.email, password: supplier.password } });
  const token = (await me.json()).data.token as string;
  const companyName = (
    await (await request.get("/api/supplier-company", { headers: { authorization: `Bearer ${token}` } })).json()
  ).data.name as string;

  // The supplier finds the enterprise by name and sends its request.
  await signInByApi(page, supplier.email, supplier.password);
  await page.goto(areaPath("supplier", "supplierRequests"));
  await page.getByRole("button", { name: "Request to work for a company" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Request to work for a company" });
  await dialog.getByLabel("Company name").fill("no such company anywhere");
  await expect(dialog.getByText("Company not listed")).toBeVisible();
  await dialog.getByLabel("Company name").fill("Rhône");
  await dialog.getByRole("radio", { name: DEMO_ENTERPRISE_NAME }).check();
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Request registered").last()).toBeVisible();

  // The enterprise sees it waiting, with the count in the navigation, and approves it.
  const enterprise = await demoEnterprisePage(browser);
  await enterprise.goto(areaPath("enterprise", "requests"));
  await expectThisScreenSound(enterprise);
  await expect(enterprise.getByRole("link", { name: /Requests, \d+ waiting/ })).toBeVisible();
  const demand = enterprise.getByTestId("demand-row").filter({ hasText: companyName });
  await demand.getByRole("button", { name: "Approve" }).click();
  await expect(enterprise.getByText("Request approved").last()).toBeVisible();

  // Affiliated: in the contractors list; then detached from its profile, with the history kept.
  await enterprise.goto(areaPath("enterprise", "contractors"));
  await enterprise
    .getByRole("link", { name: new RegExp(companyName) })
    .first()
    .click();
  await expect(enterprise).toHaveURL(/\/enterprise\/suppliers\/profile\?id=/);
  await expect(enterprise.getByText("Affiliated").first()).toBeVisible();
  await enterprise.getByRole("button", { name: "Detach" }).click();
  const detach = enterprise.getByRole("dialog", { name: `Detach ${companyName}?` });
  await detach.getByLabel("Remark (optional)").fill("Contract ended");
  await detach.getByRole("button", { name: "Detach" }).click();
  await expect(enterprise.getByText("Contractor detached").last()).toBeVisible();
  await expect(enterprise.getByText("Detached").first()).toBeVisible();
  await expect(enterprise.getByTestId("affiliation-history")).toContainText("Contract ended");
  await expect(enterprise.getByRole("button", { name: "Re-affiliate" })).toBeVisible();

  // The supplier sees its request approved.
  await page.goto(areaPath("supplier", "supplierRequests"));
  await page.getByRole("radio", { name: "All" }).check({ force: true });
  await expect(page.getByTestId("demand-row").filter({ hasText: DEMO_ENTERPRISE_NAME }).first()).toContainText(
    "Approved",
  );
  await enterprise.context().close();
});

test("the admin disables a supplier, whose people can then no longer sign in", async ({ page, request, browser }) => {
  const supplier = await createConfirmedAccount(request, "Supplier");
  const signIn = await request.post("/api/auth/sign-in", {
    data: { email: supplier.email, password: supplier.password },
  });
  const token = (await signIn.json()).data.token as string;
  const companyName = (
    await (await request.get("/api/supplier-company", { headers: { authorization: `Bearer ${token}` } })).json()
  ).data.name as string;

  await signInAsDemo(page, "admin");
  await page.goto(areaPath("admin", "contractors"));
  await expectThisScreenSound(page);
  await page.getByLabel("Search by company name or email").fill(supplier.email);
  // The searched list first (a click on the unfiltered one's row is lost when the list re-renders under it).
  await expect(page.getByRole("button", { name: /^Disable / })).toHaveCount(1);
  await page.getByRole("button", { name: `Disable ${companyName}` }).click();
  await page
    .getByRole("dialog", { name: `Disable ${companyName}?` })
    .getByRole("button", { name: "Disable" })
    .click();
  await expect(page.getByText(`${companyName} disabled`).last()).toBeVisible();

  const refused = await (await browser.newContext()).newPage();
  await signInThroughUi(refused, supplier.email, supplier.password);
  await expect(refused.getByText("This account has been disabled. Contact your administrator.")).toBeVisible();
  await expect(refused).toHaveURL(/\/auth\/sign-in/);
});
