import { bearerOf, getData } from "../support/api";
import {
  CERTIFICATE_PDF,
  giveEvidence,
  requirementNamed,
  reviewEvidence,
  workTypeNeeding,
} from "../support/compliance";
import { freshWorker } from "../support/crew";
import { DEMO, DEMO_ENTERPRISE_NAME, DEMO_PASSWORD } from "../support/demo-accounts";
import { act, draftInASectorOfItsOwn } from "../support/permit-api";
import { authorised, managersOf } from "../support/permit-journey";
import { DESKTOP_EN, expectNoHorizontalOverflow, expectNoSeriousAxeViolations, useScreen } from "../support/screens";
import { signInByApi } from "../support/session";
import { expect, type Locator, type Page, test } from "../support/test";

/** Picks `option` in the form's select labelled `label` (Mantine's: a text box that opens a list of options). */
async function choose(page: Page, form: Locator, label: string, option: string) {
  const choice = page.getByRole("option", { name: option, exact: true }).filter({ visible: true }).first();
  await expect(async () => {
    if (!(await choice.isVisible()))
      await form
        .getByRole("combobox", { name: label })
        .or(form.getByRole("textbox", { name: label }))
        .first()
        .click();
    await choice.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** The supplier gives evidence through its compliance screen's form; resolves once the list shows it pending. */
async function giveThroughScreen(
  page: Page,
  what: { requirement: string; worker?: string; cover?: string; reference: string },
) {
  // From the keyboard: the toast of the evidence given just before ("… was sent for review", top right) can lie over
  // the button, and a pointer moved onto a toast holds it open, so a click would wait on it (and then on the sticky
  // header once scrolled) until the test timed out.
  await page.getByRole("button", { name: "Give evidence" }).first().press("Enter");
  const dialog = page.getByRole("dialog", { name: "Give evidence" });
  const form = dialog.getByTestId("give-evidence-form");
  await choose(page, form, "Enterprise", DEMO_ENTERPRISE_NAME);
  await choose(page, form, "Requirement", what.requirement);
  if (what.worker) await choose(page, form, "Worker", what.worker);
  await form.getByRole("textbox", { name: "Issuer" }).fill("Refinery Training Centre");
  await form.getByRole("textbox", { name: "Reference" }).fill(what.reference);
  if (what.cover) await form.getByRole("textbox", { name: "Cover amount" }).fill(what.cover);
  await form
    .getByTestId("evidence-file")
    .setInputFiles({ name: `${what.reference}.pdf`, mimeType: "application/pdf", buffer: CERTIFICATE_PDF });
  await dialog.getByRole("button", { name: "Send for review" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("evidence-row").filter({ hasText: what.reference });
  await expect(row).toContainText("Awaiting review");
}

/**
 * Contractor compliance in the field (docs/safety.md, "Contractor compliance"): the contractor gives its insurance and
 * a worker's hot-work training, the enterprise accepts the one and refuses the other, the worker cannot join hot work
 * until a training is accepted, and their card then scans valid. The hot work is of a work type of the journey's own
 * that needs the demo's "Hot-work training" of every crew member, so no other journey's crew is held by it.
 */
test("a supplier gives its insurance and a worker's hot-work training; the enterprise accepts one and refuses the other; the worker cannot join the work until a training is accepted; their card then scans valid", async ({
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const supplier = await bearerOf(request, DEMO.supplier.email);
  const insurance = await requirementNamed(request, "Liability insurance");
  const training = await requirementNamed(request, "Hot-work training");
  const workType = await workTypeNeeding(request, training.id, "Hot work");
  const worker = await freshWorker(request, "Hana", { trained: false });

  // The supplier gives both on its compliance screen; the enterprise accepts the insurance and refuses the training.
  const supplierPage = await (await browser.newContext()).newPage();
  await useScreen(supplierPage, DESKTOP_EN);
  await signInByApi(supplierPage, DEMO.supplier.email, DEMO_PASSWORD);
  await supplierPage.goto("/supplier/compliance");
  const tag = worker.id.slice(0, 8);
  await giveThroughScreen(supplierPage, { requirement: insurance.name, cover: "10000000", reference: `POL-${tag}` });
  await giveThroughScreen(supplierPage, { requirement: training.name, worker: worker.name, reference: `HWT-${tag}` });
  // The enterprise reviews both on its review screen: the insurance accepted, the training refused with a reason.
  const reviewer = await (await browser.newContext()).newPage();
  await useScreen(reviewer, DESKTOP_EN);
  await signInByApi(reviewer, DEMO.enterprise.email, DEMO_PASSWORD);
  await reviewer.goto("/enterprise/compliance/review");
  const policyRow = reviewer.getByTestId("evidence-row").filter({ hasText: `POL-${tag}` });
  await expect(policyRow).toContainText("Waiting for review");
  await policyRow.getByRole("button", { name: /^Accept / }).click();
  const accept = reviewer.getByRole("dialog", { name: "Accept this evidence?" });
  await accept.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(accept).toBeHidden();
  await expect(policyRow).toHaveCount(0); // the pending list no longer holds it
  const certificateRow = reviewer.getByTestId("evidence-row").filter({ hasText: `HWT-${tag}` });
  await certificateRow.getByRole("button", { name: /^Refuse / }).click();
  const refuse = reviewer.getByRole("dialog", { name: "Refuse this evidence?" });
  await refuse.getByRole("textbox", { name: "Reason" }).fill("Not legible: upload a clear scan.");
  await refuse.getByRole("button", { name: "Refuse", exact: true }).click();
  await expect(refuse).toBeHidden();
  await expect(certificateRow).toHaveCount(0);
  // The supplier reads the refusal and its reason.
  await supplierPage.reload();
  const refusedRow = supplierPage.getByTestId("evidence-row").filter({ hasText: `HWT-${tag}` });
  await expect(refusedRow).toContainText("Refused");
  await expect(refusedRow).toContainText("Reason: Not legible: upload a clear scan.");
  const acceptedRow = supplierPage.getByTestId("evidence-row").filter({ hasText: `POL-${tag}` });
  await expect(acceptedRow).toContainText("Accepted");

  // A hot-work permit of that type, authorised: the worker cannot be signed on, so the work cannot start.
  const employee = await bearerOf(request, DEMO.employee.email);
  // In a sector of its own (no other journey's permit clashes with it, nor it with theirs); its checklist keeps the
  // original's other items, every one ticked, the new work type adding none.
  const { draft } = await draftInASectorOfItsOwn(request, employee, "Compliance", (original) => ({
    workTypeId: workType.id,
    checklist: original.checklist
      .filter((item) => item.source !== "workType")
      .map(({ source, sourceId, index }) => ({ source, sourceId, index, checked: true })),
  }));
  expect(draft.workType?.id).toBe(workType.id);
  const people = await managersOf(request, draft.division!.name, draft.sector!.name);
  await authorised(request, employee, draft.id, people, false);
  const named = await request.put(`/api/permits/${draft.id}/crew`, {
    headers: supplier,
    data: { workerIds: [worker.id] },
  });
  expect(named.status(), await named.text()).toBe(200);
  const signOn = () =>
    request.post(`/api/permits/${draft.id}/crew/${worker.id}/sign-on`, {
      headers: supplier,
      data: { declaration: true, language: "en" },
    });
  const refused = await signOn();
  expect(refused.status()).toBe(409);
  const { error } = await refused.json();
  expect(error.code).toBe("CREW_NOT_COMPLIANT");
  expect(error.gaps).toEqual([{ person: worker.name, requirement: "Hot-work training", standing: "refused" }]);
  // The start is a signed action: with its signature, it is still refused, nobody being signed on.
  const start = await request.post(`/api/permits/${draft.id}/start`, {
    headers: employee,
    data: { password: DEMO_PASSWORD, declaration: true, language: "en" },
  });
  expect(start.status()).toBe(400);
  expect((await start.json()).error.fields).toEqual({ crew: "crewNotSignedOn" });

  // A new certificate, accepted: the worker signs on and the work starts.
  const renewed = await giveEvidence(request, supplier, { requirementId: training.id, workerId: worker.id });
  await reviewEvidence(request, renewed.id, "accept");
  expect((await signOn()).status()).toBe(200);
  await act(request, employee, draft.id, "start");
  const started = await getData<{ status: string }>(request, `/api/permits/${draft.id}`, employee);
  expect(started.status).toBe("In_progress");

  // The supplier's card page shows the training valid; the card's QR page, opened signed out at the gate, clears them.
  const page = await (await browser.newContext()).newPage();
  await useScreen(page, DESKTOP_EN);
  await signInByApi(page, DEMO.supplier.email, DEMO_PASSWORD);
  await page.goto(`/supplier/employeelist/${worker.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Worker’s card: ${worker.name}` })).toBeVisible();
  await expect(page.getByTestId("worker-card-line").filter({ hasText: "Hot-work training" })).toContainText("Valid");
  const { checkPath } = await getData<{ checkPath: string }>(request, `/api/workers/${worker.id}/card`, supplier);
  const gate = await (await browser.newContext()).newPage();
  await useScreen(gate, { width: 360, language: "en" });
  await gate.goto(checkPath);
  await expect(gate.getByTestId("worker-card-name")).toHaveText(worker.name);
  await expect(gate.getByTestId("worker-card-cleared")).toContainText(
    `${DEMO_ENTERPRISE_NAME}: CLEARED FOR SITE TODAY`,
  );
  await expectNoSeriousAxeViolations(gate, "worker card check");
  await expectNoHorizontalOverflow(gate, "worker card check");
});
