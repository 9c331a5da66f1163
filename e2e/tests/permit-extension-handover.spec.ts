import { permitPaths } from "@openpermit/shared";
import { expect, type Page, test } from "@playwright/test";
import { getData } from "../support/api";
import { freshWorker } from "../support/crew";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { MANAGER_PASSWORD, permitInProgress } from "../support/permit-journey";
import { DESKTOP_EN, expectNoHorizontalOverflow, expectNoSeriousAxeViolations, useScreen } from "../support/screens";
import { signedIn } from "../support/session";

/**
 * Extension and shift handover (docs/safety.md, "Extension and shift handover"), on a permit of the journey's own
 * brought to work in progress through the API: the holder asks two more hours, the sector's signer signs them and
 * the end moves; the holder hands the permit over to another employee, who signs from a phone and becomes the holder.
 */
interface TShiftRead {
  endAt: string;
  criticality: { flow: "verify" | "verify_and_approve" } | null;
  holder: { id: string; name: string } | null;
  extensions: { decision: string | null }[];
}

/** The `datetime-local` text of a time in the page's own time zone (what the field reads). */
const localInput = (page: Page, iso: string) =>
  page.evaluate((at) => {
    const date = new Date(at);
    return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }, iso);

/** Ticks the shift dialog's declaration, types the password and confirms with `confirm`. */
async function signShiftDialog(page: Page, password: string, confirm: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("sign-declaration").check();
  await dialog.getByTestId("sign-password").fill(password);
  await dialog.getByTestId(confirm).click();
  await expect(dialog).toBeHidden();
}

test("the holder asks an extension that the approver signs, then hands over to another employee who signs", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { employee, draft, people } = await permitInProgress(request);
  const before = await getData<TShiftRead>(request, `/api/permits/${draft.id}`, employee);
  // Two more hours: the window (eight hours) stays within the work type's maximum validity.
  const newEnd = new Date(new Date(before.endAt).getTime() + 2 * 3_600_000);

  // The holder asks the extension, saying why.
  const holder = await signedIn(browser, "employee", DEMO.employee.email, DEMO_PASSWORD);
  await useScreen(holder, DESKTOP_EN);
  await holder.goto(permitPaths("employee").view(draft.id));
  await holder.getByTestId("extension-ask").click();
  const ask = holder.getByRole("dialog", { name: "Ask to extend the permit" });
  await ask.getByTestId("extension-new-end").fill(await localInput(holder, newEnd.toISOString()));
  await ask.getByTestId("extension-reason").fill("The flange needs a second welding pass");
  await ask.getByTestId("extension-ask-confirm").click();
  await expect(holder.getByTestId("permit-extension")).toContainText("Waiting for signature");

  // The sector's signer (the approver, or the verifier of a level without approval) signs it: the end moves.
  const signer = before.criticality?.flow === "verify" ? people.verifier : people.approver;
  const manager = await signedIn(browser, "responsible", signer.email, MANAGER_PASSWORD);
  await useScreen(manager, DESKTOP_EN);
  await manager.goto(permitPaths("responsible").view(draft.id));
  await expect(manager.getByTestId("permit-extension")).toContainText("The flange needs a second welding pass");
  await manager.getByTestId("extension-sign").click();
  await signShiftDialog(manager, MANAGER_PASSWORD, "extension-sign-confirm");
  await expect(manager.getByTestId("permit-extension")).toContainText("Signed");
  const extended = await getData<TShiftRead>(request, `/api/permits/${draft.id}`, employee);
  expect(new Date(extended.endAt).getTime()).toBe(newEnd.getTime() - (newEnd.getTime() % 60_000));
  expect(extended.extensions.map((x) => x.decision)).toEqual(["signed"]);

  // The holder hands over to another employee of the contractor, with a note, signed.
  const incoming = await freshWorker(request, "Ines");
  await holder.reload();
  await holder.getByTestId("handover-start").click();
  const handOver = holder.getByTestId("handover-dialog");
  await handOver.getByTestId("handover-incoming").click();
  await holder.getByRole("option", { name: incoming.name }).click();
  await handOver.getByTestId("handover-note").fill("Root pass done; fire watch in place until 18:00");
  await signShiftDialog(holder, DEMO_PASSWORD, "handover-confirm");
  await expect(holder.getByTestId("permit-handover-open")).toContainText(incoming.name);

  // The incoming holder signs from a phone, and becomes the holder.
  const phone = await signedIn(browser, "employee", incoming.email, incoming.password);
  await useScreen(phone, { width: 360, language: "en" });
  await phone.goto(permitPaths("employee").view(draft.id));
  await phone.getByTestId("handover-accept").click();
  await expect(phone.getByRole("dialog")).toContainText("Root pass done");
  await expectNoSeriousAxeViolations(phone, "handover acceptance (phone)");
  await signShiftDialog(phone, incoming.password, "handover-accept-confirm");
  await expect(phone.getByTestId("permit-holder")).toContainText(incoming.name);
  await expectNoHorizontalOverflow(phone, "permit after the handover (phone)");
  const handedOver = await getData<TShiftRead>(request, `/api/permits/${draft.id}`, employee);
  expect(handedOver.holder?.id).toBe(incoming.id);
});
