import { randomBytes } from "node:crypto";
import { inflateSync } from "node:zlib";
import { permitPaths } from "@openpermit/shared";
import { uniqueEmail } from "../support/accounts";
import { bearerOf, createPermitManager, getData } from "../support/api";
import { sendFromForm } from "../support/clashes";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import { minutesFromNow, pickDateTime, pickOption } from "../support/permit-form";
import { signedIn, signedInAsDemo } from "../support/session";
import {
  acceptAndStartThroughDialogs,
  closeOutThroughDialog,
  confirmSigning,
  signThroughDialog,
} from "../support/sign";
import { expect, test } from "../support/test";

/**
 * The text of a PDF's (compressed) content streams: pdfkit writes each line as hex strings in a TJ array, and each
 * stream as `stream\n` + its bytes + `\nendstream`. No `\r?` before `\nendstream`: a compressed stream whose last
 * byte is 0x0D (1 in 256, with the hash and times printed) lost that byte to it, failed to inflate and was skipped,
 * and with it the page of signatures (CI, 2026-11-28).
 */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString("latin1");
  const texts: string[] = [];
  for (const [, body] of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(body!, "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const [, array] of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      texts.push(
        [...array!.matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) => Buffer.from(hex!, "hex").toString("latin1")).join(""),
      );
    }
  }
  return texts.join("\n");
}

test("verify, approve and the hand-back are signed; the close-out and the signatures show on the permit, the PDF and the check page", async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  const title = `Signed gasket change ${randomBytes(3).toString("hex")}`;
  const approver = {
    name: "Sid Signer",
    email: uniqueEmail("signer"),
    password: "Signer-pass-1",
    division: "North Plant",
    sector: /Crude distillation unit/,
    role: "approver",
  };
  await createPermitManager(request, await bearerOf(request, DEMO.enterprise.email), approver);
  const employee = await signedInAsDemo(browser, "employee", areaPath("employee", "savedPermits"));

  // A safe request, sent.
  await employee.getByRole("link", { name: "Create a request" }).first().click();
  await pickOption(employee, "permit-sector", /Crude distillation unit/);
  await pickOption(employee, "permit-sub-sector", "Furnace F-101");
  await pickOption(employee, "permit-work-type", "Hot work");
  await employee.getByTestId("permit-task-title").fill(title);
  await employee.getByTestId("permit-job-description").fill("Change the gasket of the furnace outlet flange.");
  const startAt = minutesFromNow(10);
  await pickDateTime(employee, "permit-start", startAt);
  await pickDateTime(employee, "permit-end", new Date(startAt.getTime() + 6 * 3_600_000));
  await pickOption(employee, "permit-probability", "Likely");
  await pickOption(employee, "permit-severity", "Major");
  for (const [question, answer] of [
    ["qualificationsAndTools", "Yes"],
    ["jsaComplete", "Yes"],
    ["newRiskPossible", "No"],
  ] as const) {
    await employee.getByTestId(`permit-question-${question}`).getByLabel(answer).check();
  }
  for (const item of await employee.getByTestId("permit-checklist").getByRole("checkbox").all()) await item.check();
  await sendFromForm(employee);
  await expect(employee).toHaveURL(/\/employee\/list-permis-sent\/[0-9a-f-]{36}$/);
  const permitId = employee.url().split("/").at(-1)!;
  const bearer = await bearerOf(request, DEMO.supplier.email);
  const { documentNumber, checkPath } = await getData<{ documentNumber: string; checkPath: string }>(
    request,
    `/api/permits/${permitId}`,
    bearer,
  );

  // The verifier signs: the dialog shows what is signed; a wrong password is refused in the dialog, nothing typed
  // is lost, and the right one signs.
  const verifier = await signedInAsDemo(browser, "responsible", permitPaths("responsible").view(permitId));
  const dialog = await signThroughDialog(verifier, "verify", "Not-my-password-1");
  await expect(dialog.getByTestId("sign-content")).toContainText(documentNumber);
  await expect(dialog.getByTestId("sign-content")).toContainText(title);
  await expect(dialog.getByRole("alert")).toContainText("This is not your password: nothing was signed.");
  await expect(dialog.getByTestId("sign-declaration")).toBeChecked();
  await expect(dialog.getByTestId("sign-password")).toHaveValue("Not-my-password-1");
  await dialog.getByTestId("sign-password").fill(DEMO_PASSWORD);
  await confirmSigning(dialog);
  await expect(verifier.getByText("Permit verified").last()).toBeVisible();
  await expect(verifier.getByTestId("permit-signature-verify")).toBeVisible();

  // The approver signs.
  const approverPage = await signedIn(
    browser,
    "responsible",
    approver.email,
    approver.password,
    permitPaths("responsible").view(permitId),
  );
  await signThroughDialog(approverPage, "approve", approver.password);
  await expect(approverPage.getByText("Permit approved").last()).toBeVisible();

  // The holder accepts, starts and closes out: the permit awaits its hand-back.
  const supplier = await signedInAsDemo(browser, "supplier", permitPaths("supplier").view(permitId));
  await acceptAndStartThroughDialogs(supplier, request);
  await closeOutThroughDialog(supplier);
  await expect(supplier.getByTestId("permit-awaiting-hand-back")).toBeVisible();
  await expect(supplier.getByTestId("permit-close-out")).toBeVisible();

  // The area manager accepts the hand-back, signed: the permit is ended.
  await verifier.goto(permitPaths("responsible").view(permitId));
  await expect(verifier.getByTestId("permit-awaiting-hand-back")).toBeVisible();
  await signThroughDialog(verifier, "handBack", DEMO_PASSWORD);
  await expect(verifier.getByText("Hand-back accepted: permit ended").last()).toBeVisible();
  await expect(verifier.getByTestId("permit-signature-handBack")).toBeVisible();

  // The PDF prints the signatures and the close-out.
  const pdf = await request.get(`/api/permits/${permitId}/pdf`, { headers: bearer });
  expect(pdf.status()).toBe(200);
  const printed = pdfText(await pdf.body());
  for (const expected of [
    "Verification signed by",
    "Approval signed by",
    "Hand-back signed by",
    "content hash",
    "Closed out by",
  ]) {
    expect(printed).toContain(expected);
  }

  // The public check page shows who signed, their role and the hash's start.
  const check = await (await browser.newContext()).newPage();
  await check.goto(checkPath);
  const signatures = check.getByTestId("permit-check-signature");
  await expect(signatures).toHaveCount(3);
  await expect(signatures.nth(0)).toContainText("Verification:");
  await expect(signatures.nth(0)).toContainText("(Permit manager)");
  await expect(signatures.nth(1)).toContainText("Approval: Sid Signer");
  await expect(signatures.nth(2)).toContainText("Hand-back:");
});
