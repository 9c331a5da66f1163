import { randomBytes } from "node:crypto";
import { permitPaths } from "@openpermit/shared";
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "../support/accounts";
import { bearerOf, createPermitManager, getData } from "../support/api";
import { acknowledgeClashesIn } from "../support/clashes";
import { DEMO } from "../support/demo-accounts";
import { act, employeeDraft } from "../support/permit-api";
import { expectDialogSound } from "../support/screens";
import { signedIn } from "../support/session";

const PASSWORD = "Clash-pass-1";

test("two permits at one place and time: the second's approving signer sees the clash and must acknowledge it before signing", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const employee = await bearerOf(request, DEMO.employee.email);
  const enterprise = await bearerOf(request, DEMO.enterprise.email);
  // Two copies of one demo permit: same sub-sector, windows from now (set-up through the API).
  const first = await employeeDraft(request, employee);
  const second = await employeeDraft(request, employee);
  expect(second.subSector?.id).toBe(first.subSector?.id);
  const signer = async (role: "verifier" | "approver") => {
    const person = { name: `Clash ${role}`, email: uniqueEmail(role), password: PASSWORD, role };
    const sector = new RegExp(`^${first.sector!.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
    await createPermitManager(request, enterprise, { ...person, division: first.division!.name, sector });
    return person;
  };
  const verifier = await signer("verifier");
  const approver = await signer("approver");
  const verifierBearer = await bearerOf(request, verifier.email, PASSWORD);
  await act(request, employee, first.id, "send");
  await act(request, employee, second.id, "send");
  const { documentNumber: firstNumber } = await getData<{ documentNumber: string }>(
    request,
    `/api/permits/${first.id}`,
    employee,
  );

  // The second's approving signature: the approval, or the verification where its level needs no approval.
  const sent = await getData<{ criticality: { flow: string } }>(request, `/api/permits/${second.id}`, employee);
  let who = verifier;
  let action: "verify" | "approve" = "verify";
  if (sent.criticality.flow === "verify_and_approve") {
    await act(request, verifierBearer, second.id, "verify", { password: PASSWORD });
    who = approver;
    action = "approve";
  }
  const page = await signedIn(browser, "responsible", who.email, PASSWORD);
  await page.goto(permitPaths("responsible").view(second.id));
  const section = page.getByTestId("permit-clashes");
  await expect(section).toContainText(firstNumber);
  await expect(section).toContainText("Same place");

  await page.getByTestId(`permit-action-${action}`).click();
  const dialog = page.getByTestId("sign-dialog");
  const remark = dialog.getByTestId(`clash-remark-${firstNumber}`);
  await expect(remark).toBeVisible();
  await expectDialogSound(page, `the ${action} dialog with a clash`);
  await dialog.getByTestId("sign-declaration").check();
  await dialog.getByTestId("sign-password").fill(PASSWORD);
  // Without the remark nothing is signed.
  await dialog.getByTestId("sign-confirm").click();
  // (One error per clash: other journeys' permits may be at this place and time too.)
  await expect(dialog.getByText("Say how the work is coordinated with this permit").first()).toBeVisible();
  await expect(remark).toHaveAttribute("aria-invalid", "true");
  const said = `The other crew leaves the area before we start ${randomBytes(2).toString("hex")}`;
  // Keyboard: the remark is reached and typed like any field.
  await remark.focus();
  await page.keyboard.type(said);
  // The other clashes (other journeys' permits), acknowledged as a signer would; again if one appears meanwhile.
  await acknowledgeClashesIn(dialog);
  await dialog.getByTestId("sign-confirm").click();
  for (let attempt = 0; attempt < 3; attempt++) {
    await dialog.waitFor({ state: "hidden", timeout: 5_000 }).catch(() => undefined);
    if (!(await dialog.isVisible())) break;
    await acknowledgeClashesIn(dialog);
    await dialog.getByTestId("sign-confirm").click();
  }
  await expect(page.getByText(action === "approve" ? "Permit approved" : "Permit verified").last()).toBeVisible();
  await expect(page.getByTestId("permit-clash-acknowledgements")).toContainText(said);
  // (Among the history's acknowledgements: other journeys' permits may have clashed too.)
  await expect(page.getByTestId("permit-event-clash").filter({ hasText: firstNumber }).first()).toBeVisible();
});
