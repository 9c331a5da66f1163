import { randomBytes } from "node:crypto";
import { permitPaths } from "@openpermit/shared";
import { uniqueEmail } from "../support/accounts";
import { bearerOf, createPermitManager, getData } from "../support/api";
import { sendFromForm } from "../support/clashes";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import { minutesFromNow, pickDateTime, pickOption } from "../support/permit-form";
import { expectThisScreenSound } from "../support/screens";
import { signedIn, signedInAsDemo } from "../support/session";
import { acceptAndStartThroughDialogs, closeOutThroughDialog, signThroughDialog } from "../support/sign";
import { expect, type Page, test } from "../support/test";

/**
 * The person is told without reloading, whatever the permit's number: by the live toast or, when that 2.5 s toast
 * came and went while the machine was busy (or the stream was being reopened and caught up), by the bell's
 * recent list, which the same stream fills.
 */
async function told(page: Page, text: RegExp) {
  const toast = page.getByText(text).first();
  const toasted = await toast.waitFor({ state: "visible", timeout: 20_000 }).then(
    () => true,
    () => false,
  );
  if (toasted) return;
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Notifications/ })
    .click();
  const notice = page.getByText(text).first();
  const recent = await notice.waitFor({ state: "visible", timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!recent) {
    // The journeys beside this one (an emergency stop above all) tell the same demo accounts a dozen things at once:
    // the notice may be older than the bell's ten latest. The whole feed has it, page by page.
    await page.getByRole("button", { name: "See all" }).click();
    const drawer = page.getByTestId("notifications-drawer").getByRole("dialog", { name: "Notifications" });
    const loadMore = drawer.getByRole("button", { name: "Load more" });
    for (let pages = 0; pages < 5 && !(await drawer.getByText(text).first().isVisible()); pages++) {
      if (!(await loadMore.isVisible())) break;
      await loadMore.click();
      await expect(loadMore.or(drawer.getByText(text).first()).first()).toBeVisible();
    }
    await expect(drawer.getByText(text).first()).toBeVisible({ timeout: 10_000 });
  }
  await page.keyboard.press("Escape");
}

/** A minimal valid PDF, as a method statement attached to the request. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

test("a permit goes from an employee's request through recheck, verification and approval to its close-out", async ({
  browser,
  request,
}) => {
  // Five browsers and a dozen steps: about a minute on a quiet machine, four on a loaded one.
  test.setTimeout(480_000);
  const title = `Replace flange gasket ${randomBytes(3).toString("hex")}`;
  const permitText = (what: string) => new RegExp(`${what} permit (PTW-\\d{4}-\\d{6} )?“${title}”`);
  const enterprise = await bearerOf(request, DEMO.enterprise.email);
  const approver = {
    name: "Ava Approver",
    email: uniqueEmail("approver"),
    password: "Approver-pass-1",
    division: "North Plant",
    sector: /Crude distillation unit/,
    role: "approver",
  };
  await createPermitManager(request, enterprise, approver);

  const employee = await signedInAsDemo(browser, "employee", areaPath("employee", "savedPermits"));
  const verifier = await signedInAsDemo(browser, "responsible");
  const approverPage = await signedIn(browser, "responsible", approver.email, approver.password);
  const supplier = await signedInAsDemo(browser, "supplier");

  // The employee fills the request, with a file, and sends it.
  await expectThisScreenSound(employee);
  await employee.getByRole("link", { name: "Create a request" }).first().click();
  await expect(employee.getByTestId("permit-principal")).toHaveValue("Rhône Refinery");
  await expect(employee).toHaveURL(/\/employee\/list-permis-saved\/new$/);
  // The empty request form, as it opens.
  await expectThisScreenSound(employee);
  await pickOption(employee, "permit-sector", /Crude distillation unit/);
  // The unit is divided into sub-sectors: the send gate needs the one where the work is done.
  await pickOption(employee, "permit-sub-sector", "Furnace F-101");
  await pickOption(employee, "permit-work-type", "Hot work");
  await expect(employee.getByTestId("permit-risks-fixed")).toContainText("Fire and explosion");
  await employee.getByTestId("permit-task-title").fill(title);
  await employee.getByTestId("permit-job-description").fill("Replace the gasket of the feed line flange.");
  // A window starting in ten minutes: the work may start inside its grace, before the scheduler starts it.
  const startAt = minutesFromNow(10);
  await pickDateTime(employee, "permit-start", startAt);
  await pickDateTime(employee, "permit-end", new Date(startAt.getTime() + 8 * 3_600_000));
  await pickOption(employee, "permit-probability", "Likely");
  await pickOption(employee, "permit-severity", "Major");
  await expect(employee.getByTestId("permit-criticality")).toContainText(/High|Critical/);
  await employee.getByTestId("permit-question-qualificationsAndTools").getByLabel("Yes").check();
  await employee.getByTestId("permit-question-newRiskPossible").getByLabel("No").check();
  // An unsafe answer and an unticked checklist: the form says why it cannot be sent, and Send sends nothing.
  await employee.getByTestId("permit-question-jsaComplete").getByLabel("No").check();
  const blockers = employee.getByTestId("send-blockers");
  await expect(blockers).toContainText("Complete the job safety analysis before sending");
  await expect(blockers).toContainText("Tick every checklist item before sending");
  await employee.getByTestId("permit-send").click();
  await expect(employee.getByText("Complete the job safety analysis before sending").first()).toBeVisible();
  await expect(employee).toHaveURL(/\/employee\/list-permis-saved\/[0-9a-f-]{36}$/);
  await employee.getByTestId("permit-question-jsaComplete").getByLabel("Yes").check();
  for (const item of await employee.getByTestId("permit-checklist").getByRole("checkbox").all()) await item.check();
  await expect(blockers).toBeHidden();
  await employee
    .getByTestId("permit-file-input")
    .setInputFiles({ name: "method-statement.pdf", mimeType: "application/pdf", buffer: PDF });
  await sendFromForm(employee);
  await expect(employee).toHaveURL(/\/employee\/list-permis-sent\/[0-9a-f-]{36}$/);
  const permitId = employee.url().split("/").at(-1)!;
  await expect(employee.getByText("method-statement.pdf")).toBeVisible();

  // The Verifier is told live, and asks for a recheck.
  await told(verifier, permitText("sent"));
  await expect(verifier.getByRole("button", { name: /Notifications, \d+ unread/ })).toBeVisible();
  await verifier.goto(permitPaths("responsible").view(permitId));
  await expectThisScreenSound(verifier, permitPaths("responsible").view("<a sent permit>"));
  await verifier.getByTestId("permit-action-recheck").click();
  const recheck = verifier.getByRole("dialog", { name: "Ask for a recheck?" });
  await recheck.getByLabel("Remark").fill("Add the hot work fire watch to the additional information.");
  await recheck.getByRole("button", { name: "Ask for a recheck" }).click();
  await expect(verifier.getByText("Recheck requested").last()).toBeVisible();

  // The employee is told, fixes the request and sends it again.
  await told(employee, permitText("asks for a recheck of"));
  await employee.goto(permitPaths("employee").edit(permitId));
  await employee.getByLabel("Additional information").fill("Fire watch: Walter Welder, 30 minutes after the work.");
  await sendFromForm(employee);

  // Verified by the Verifier, approved by another manager (the Approver).
  await told(verifier, permitText("sent"));
  await verifier.reload();
  await signThroughDialog(verifier, "verify", DEMO_PASSWORD);
  await expect(verifier.getByText("Permit verified").last()).toBeVisible();
  await told(approverPage, permitText("verified"));
  await approverPage.goto(permitPaths("responsible").view(permitId));
  await signThroughDialog(approverPage, "approve", approver.password);
  await expect(approverPage.getByText("Permit approved").last()).toBeVisible();

  // The supplier is told, accepts the conditions, starts the work and closes it out; the Verifier accepts the
  // hand-back.
  await told(supplier, permitText("approved"));
  await supplier.goto(permitPaths("supplier").view(permitId));
  await expectThisScreenSound(supplier, permitPaths("supplier").view("<an approved permit>"));
  // Accepting shows the conditions and needs the declaration; starting asks first (permit-acceptance.spec.ts).
  await acceptAndStartThroughDialogs(supplier, request);
  await closeOutThroughDialog(supplier);
  await verifier.goto(permitPaths("responsible").view(permitId));
  await signThroughDialog(verifier, "handBack", DEMO_PASSWORD);
  await expect(verifier.getByText("Hand-back accepted: permit ended").last()).toBeVisible();
  await supplier.reload();
  await expect(supplier.getByText("Ended").first()).toBeVisible();

  // The printable permit downloads, and its QR code's page says "Ended".
  const bearer = await bearerOf(request, DEMO.supplier.email);
  const pdf = await request.get(`/api/permits/${permitId}/pdf`, { headers: bearer });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const permit = await getData<{ checkPath: string; documentNumber: string }>(
    request,
    `/api/permits/${permitId}`,
    bearer,
  );
  const check = await (await browser.newContext()).newPage();
  await check.goto(permit.checkPath);
  await expect(check.getByText(permit.documentNumber)).toBeVisible();
  await expect(check.getByText("Ended").first()).toBeVisible();
  await expect(check.getByText("NOT VALID NOW")).toBeVisible();

  // The enterprise's filtered list finds it by status and text, and exports what it shows.
  const principal = await signedInAsDemo(
    browser,
    "enterprise",
    areaPath("enterprise", "filteredPermits", "status=Ended"),
  );
  await expect(principal.getByTestId("permit-active-filters")).toBeVisible();
  await principal.getByRole("searchbox", { name: "Search number, title, description" }).fill(title);
  const rows = principal.getByTestId("permit-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(permit.documentNumber);
  const [download] = await Promise.all([
    principal.waitForEvent("download"),
    principal.getByTestId("permit-export-csv").click(),
  ]);
  const csv = await (await import("node:fs/promises")).readFile((await download.path())!, "utf8");
  expect(csv).toContain(title);
  expect(csv).toContain(permit.documentNumber);
  await principal.goto(areaPath("enterprise", "filteredPermits", `status=Canceled&q=${encodeURIComponent(title)}`));
  await expect(principal.getByTestId("empty-state")).toBeVisible();

  // Duplicate and cancel both ask first.
  await supplier.getByTestId("permit-duplicate").click();
  await supplier
    .getByRole("dialog", { name: "Duplicate this permit?" })
    .getByRole("button", { name: "Duplicate" })
    .click();
  await expect(supplier).not.toHaveURL(new RegExp(permitId));
  await expect(supplier.getByTestId("permit-task-title").or(supplier.getByText(title).first())).toBeVisible();
  const copyId = supplier.url().split("/").at(-1)!;
  await supplier.goto(permitPaths("supplier").view(copyId));
  await supplier.getByTestId("permit-action-cancel").click();
  const cancel = supplier.getByRole("dialog", { name: "Cancel this permit?" });
  await expect(cancel).toContainText("cannot be undone");
  await cancel.getByRole("button", { name: "Cancel the permit" }).click();
  await expect(supplier.getByText("Cancelled").first()).toBeVisible();
});
