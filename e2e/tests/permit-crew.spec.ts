import { permitPaths } from "@openpermit/shared";
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "../support/accounts";
import { bearerOf, createPermitManager, getData } from "../support/api";
import { freshWorker } from "../support/crew";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { act, employeeDraft } from "../support/permit-api";
import { DESKTOP_EN, expectNoHorizontalOverflow, expectNoSeriousAxeViolations, useScreen } from "../support/screens";
import { signInByApi } from "../support/session";

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const MANAGER_PASSWORD = "Crew-pass-2026";

test("the holder names a worker, the start is refused until the worker signs on from a 360 px phone, then it starts", async ({
  browser,
  request,
}) => {
  test.setTimeout(200_000);
  // An accepted permit of the demo employee, reviewed by two managers of its own (four eyes).
  const employee = await bearerOf(request, DEMO.employee.email);
  const draft = await employeeDraft(request, employee);
  const enterprise = await bearerOf(request, DEMO.enterprise.email);
  const manager = async (name: string, role: string) => {
    const person = {
      name,
      email: uniqueEmail(role),
      password: MANAGER_PASSWORD,
      division: draft.division!.name,
      sector: new RegExp(`^${escaped(draft.sector!.name)}$`),
      role,
    };
    await createPermitManager(request, enterprise, person);
    return bearerOf(request, person.email, person.password);
  };
  const verifier = await manager("Cora Crew-Verifier", "verifier");
  const approver = await manager("Aldo Crew-Approver", "approver");
  await act(request, employee, draft.id, "send");
  await act(request, verifier, draft.id, "verify", { password: MANAGER_PASSWORD });
  const verified = await getData<{ status: string }>(request, `/api/permits/${draft.id}`, employee);
  if (verified.status === "Confirmed")
    await act(request, approver, draft.id, "approve", { password: MANAGER_PASSWORD });
  await act(request, employee, draft.id, "accept");
  // A worker of its own: the journeys run side by side, and a worker is on one live permit at a time.
  const worker = await freshWorker(request);

  // The holder (the contractor's Supplier account), on a desktop, names the worker.
  const holder = await (await browser.newContext()).newPage();
  await useScreen(holder, DESKTOP_EN);
  await signInByApi(holder, DEMO.supplier.email, DEMO_PASSWORD);
  await holder.goto(permitPaths("supplier").view(draft.id));
  const crew = holder.getByTestId("permit-crew");
  await expect(crew.getByTestId("crew-empty")).toBeVisible();
  await crew.getByTestId("crew-change").click();
  const change = holder.getByRole("dialog", { name: "Change the crew" });
  await change.getByRole("combobox", { name: "Crew" }).click();
  await holder.getByRole("option", { name: worker.name, exact: true }).click();
  // The list stays open for more names: a click beside it closes it.
  await change.getByText(/^Name the workers/).click();
  await expectNoSeriousAxeViolations(holder, "the crew dialog");
  await change.getByRole("button", { name: "Save the crew" }).click();
  await expect(change).toBeHidden();
  await expect(crew.getByTestId(`crew-member-${worker.id}`)).toContainText("Not signed on");

  // Nobody signed on: the start is refused, and says why.
  await holder.getByTestId("permit-action-start").click();
  const start = holder.getByRole("dialog", { name: "Start the work?" });
  await expect(start.getByTestId("start-crew")).toContainText("No worker signed on yet");
  await start.getByRole("button", { name: "Start the work" }).click();
  await expect(start).toContainText("Sign on at least one crew member");
  await start.getByRole("button", { name: "Cancel" }).click();

  // The worker, on a 360 px phone, finds the permit, reads its conditions, declares and signs on.
  const phone = await (await browser.newContext()).newPage();
  await useScreen(phone, { width: 360, language: "en" });
  await signInByApi(phone, worker.email, worker.password);
  await phone.goto(permitPaths("employee").view(draft.id));
  const mine = phone.getByTestId(`crew-member-${worker.id}`);
  await mine.getByRole("button", { name: "Sign me on" }).click();
  const signOn = phone.getByTestId("crew-sign-on-dialog");
  await expect(signOn.getByTestId("permit-conditions")).toBeVisible();
  await expect(phone.getByRole("button", { name: "Sign on" })).toBeDisabled();
  await signOn.getByTestId("crew-sign-on-declaration").check();
  await expectNoHorizontalOverflow(phone, "the crew at 360 px");
  await expectNoSeriousAxeViolations(phone, "the sign-on dialog at 360 px");
  await phone.getByRole("button", { name: "Sign on" }).click();
  await expect(mine.getByTestId("crew-state")).toHaveText("Signed on");
  await expect(mine.getByRole("button", { name: "Sign me off" })).toBeVisible();
  await expectNoHorizontalOverflow(phone, "the crew at 360 px");

  // Now the holder starts the work.
  await holder.reload();
  await expect(crew.getByTestId(`crew-member-${worker.id}`).getByTestId("crew-state")).toHaveText("Signed on");
  await holder.getByTestId("permit-action-start").click();
  await holder.getByRole("dialog", { name: "Start the work?" }).getByRole("button", { name: "Start the work" }).click();
  await expect(holder.getByText("Work started").last()).toBeVisible();
  await expect(holder.getByTestId("permit-action-start")).toBeHidden();
});
