import { permitPaths } from "@openpermit/shared";
import { bearerOf, getData } from "../support/api";
import { DEMO } from "../support/demo-accounts";
import { act, draftInASectorOfItsOwn } from "../support/permit-api";
import { authorised, escaped, MANAGER_PASSWORD, managersOf, permitInProgress } from "../support/permit-journey";
import { expectNoSeriousAxeViolations, openInApp } from "../support/screens";
import { signedIn, signedInAsDemo } from "../support/session";
import { expect, test } from "../support/test";

/**
 * Suspension and the emergency stop (docs/safety.md, "Suspension and emergency stop"). Each journey makes its own
 * permit (and, for the emergency, its own sector): the demo's permits are shared with the other specs. What a
 * suspension looks like to the holder, on the lists and the live map, and the signed resume are the hot-work
 * journey's (hot-work-journey.spec.ts: its failing gas re-test suspends it).
 */
const REASON = "H2S alarm on the personal gas detectors: everyone out";

test("a manager suspends the work in progress through the dialog, saying why", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { draft, people } = await permitInProgress(request);

  // The verifier stops the work, saying why: the permit says who stopped it and why.
  const manager = await signedIn(browser, "responsible", people.verifier.email, MANAGER_PASSWORD);
  await openInApp(manager, permitPaths("responsible").view(draft.id));
  await manager.getByTestId("permit-action-suspend").click();
  const dialog = manager.getByRole("dialog", { name: "Suspend the work?" });
  await dialog.getByTestId("permit-remark").fill(REASON);
  await dialog.getByRole("button", { name: "Suspend the work" }).click();
  await expect(manager.getByText("Permit suspended: the work is stopped").last()).toBeVisible();
  const banner = manager.getByTestId("permit-suspension");
  await expect(banner).toContainText("Suspended: the work is stopped");
  await expect(banner).toContainText("Vera Verifier");
  await expect(banner).toContainText(REASON);
  // Nothing of this journey stays stopped for the others' reading of the site (the resume: hot-work-journey).
  await act(request, people.approver.bearer, draft.id, "resume", { password: MANAGER_PASSWORD });
});

test("the enterprise declares an emergency stop for a sector: its accepted permit is held at once, then lifted", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const employee = await bearerOf(request, DEMO.employee.email);
  // A sector of its own in the draft's division, so that no other journey's permit is stopped.
  const { draft, sector } = await draftInASectorOfItsOwn(request, employee, "Emergency drill");
  const sectorName = sector.name;
  const people = await managersOf(request, draft.division!.name, sectorName);
  // Accepted, not started: its sector has no site plan, and other journeys read the demo's work in progress.
  await authorised(request, employee, draft.id, people, false);

  // The enterprise's dashboard: the stop asks where, why and a confirming tick.
  const page = await signedInAsDemo(browser, "enterprise");
  await page.getByTestId("emergency-declare").click();
  const dialog = page.getByRole("dialog", { name: "Declare an emergency stop?" });
  await dialog.getByTestId("emergency-division").click();
  await page.getByRole("option", { name: draft.division!.name, exact: true }).click();
  await dialog.getByTestId("emergency-place").click();
  await page.getByRole("option", { name: new RegExp(`${escaped(sectorName)}$`) }).click();
  await dialog.getByTestId("emergency-reason").fill("Gas release at the drill sector");
  const stop = dialog.getByRole("button", { name: "Stop all work" });
  await expect(stop).toBeDisabled();
  await dialog.getByTestId("emergency-understood").check();
  await expectNoSeriousAxeViolations(page, "emergency stop dialog", '[role="dialog"]');
  await stop.click();
  await expect(page.getByText("Emergency declared: 1 permit suspended").last()).toBeVisible();
  const inForce = page.getByTestId("emergency-in-force").filter({ hasText: sectorName });
  await expect(inForce).toContainText("Gas release at the drill sector");

  // The permit is held by it (it may not start), its history says so.
  const stopped = await getData<{ suspension: { emergencyId: string | null; reason: string } | null }>(
    request,
    `/api/permits/${draft.id}`,
    employee,
  );
  expect(stopped.suspension).toMatchObject({
    reason: "Gas release at the drill sector",
    emergencyId: expect.any(String),
  });
  const history = await getData<{ action: string }[]>(request, `/api/permits/${draft.id}/history`, employee);
  expect(history.map((e) => e.action)).toContain("emergencyStop");

  // Lifted: the permit stays suspended until a manager signs its resumption.
  await inForce.getByTestId("emergency-lift").click();
  await page
    .getByRole("dialog", { name: "Lift the emergency?" })
    .getByRole("button", { name: "Lift the emergency" })
    .click();
  await expect(inForce).toHaveCount(0);
  const after = await getData<{ suspension: unknown }>(request, `/api/permits/${draft.id}`, employee);
  expect(after.suspension).not.toBeNull();
  await act(request, people.approver.bearer, draft.id, "resume", { password: MANAGER_PASSWORD });
  // Nothing of this journey stays live.
  await act(request, employee, draft.id, "cancel");
});
