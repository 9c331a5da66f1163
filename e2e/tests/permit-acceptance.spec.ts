import { permitPaths } from "@openpermit/shared";
import { uniqueEmail } from "../support/accounts";
import { bearerOf, createPermitManager, getData } from "../support/api";
import { signOnCrewByApi } from "../support/crew";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { act, employeeDraft } from "../support/permit-api";
import { DESKTOP_EN, expectNoHorizontalOverflow, expectNoSeriousAxeViolations, useScreen } from "../support/screens";
import { signInByApi } from "../support/session";
import { expect, test } from "../support/test";

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The password of the two managers the journey makes (their signatures need it). */
const MANAGER_PASSWORD = "Validity-pass-1";

test("the holder reads the conditions, declares, accepts, starts inside the window after confirming; the check page says why", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const employee = await bearerOf(request, DEMO.employee.email);
  const draft = await employeeDraft(request, employee);
  // Two managers of its own on the draft's sector: one verifies, the other approves (four eyes).
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
  const verifier = await manager("Vera Verifier", "verifier");
  const approver = await manager("Abel Approver", "approver");
  await act(request, employee, draft.id, "send");
  await act(request, verifier, draft.id, "verify", { password: MANAGER_PASSWORD });
  const verified = await getData<{ status: string; checkPath: string }>(request, `/api/permits/${draft.id}`, employee);
  if (verified.status === "Confirmed")
    await act(request, approver, draft.id, "approve", { password: MANAGER_PASSWORD });

  // Approved, not accepted: the public check page says so.
  const check = await (await browser.newContext()).newPage();
  await check.goto(verified.checkPath);
  const validity = check.getByTestId("permit-check-validity");
  await expect(validity).toContainText("NOT VALID NOW");
  await expect(validity).toContainText("its holder has not accepted its conditions");

  // The employee (the holder's side) opens Accept: the conditions, then the declaration to tick.
  const page = await (await browser.newContext()).newPage();
  await useScreen(page, DESKTOP_EN);
  await signInByApi(page, DEMO.employee.email, DEMO_PASSWORD);
  await page.goto(permitPaths("employee").view(draft.id));
  await page.getByTestId("permit-action-accept").click();
  const accept = page.getByRole("dialog", { name: "Accept the conditions" });
  const conditions = accept.getByTestId("permit-conditions");
  await expect(conditions).toContainText("Checklist as answered");
  for (const item of [...draft.risks, ...draft.epis]) await expect(conditions).toContainText(item.name);
  await expect(accept.getByText("Tick the declaration to go on")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "the accept dialog");
  await expect(accept.getByRole("button", { name: "Accept the conditions" })).toBeDisabled();
  await accept.getByTestId("accept-declaration").check();
  await accept.getByRole("button", { name: "Accept the conditions" }).click();
  await expect(page.getByText("Permit accepted").last()).toBeVisible();
  await expect(page.getByTestId("permit-accepted-by")).toContainText("·");

  // Start: a confirmation that shows the window and the precautions; the start is inside the window (its grace).
  // A worker is signed on first (the start needs one: hot-work-journey.spec.ts shows how).
  await signOnCrewByApi(request, draft.id);
  await page.getByTestId("permit-action-start").click();
  const start = page.getByRole("dialog", { name: "Start the work?" });
  await expect(start.getByTestId("start-window")).toContainText("This permit is valid from");
  await expect(start).toContainText("every precaution of the permit is in place");
  await expectNoSeriousAxeViolations(page, "the start confirmation");
  await start.getByRole("button", { name: "Start the work" }).click();
  await expect(page.getByText("Work started").last()).toBeVisible();
  await expect(page.getByTestId("permit-action-start")).toBeHidden();

  // The check page now says VALID NOW, in progress (read on a phone, 360 px).
  await useScreen(check, { width: 360, language: "en" });
  await check.reload();
  await expect(validity).toContainText("VALID NOW");
  await expect(validity).not.toContainText("NOT VALID");
  await expect(validity).toContainText("in progress and within its period");
  await expectNoHorizontalOverflow(check, "the check page at 360 px");
});
