import { randomBytes } from "node:crypto";
import { permitPaths } from "@openpermit/shared";
import { expect, test } from "@playwright/test";
import { bearerOf, getData } from "../support/api";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { act, employeeDraft } from "../support/permit-api";
import { authorised, escaped, MANAGER_PASSWORD, managersOf, permitInProgress } from "../support/permit-journey";
import { DESKTOP_EN, expectNoHorizontalOverflow, expectNoSeriousAxeViolations, useScreen } from "../support/screens";
import { signedIn } from "../support/session";
import { signThroughDialog } from "../support/sign";

/**
 * Suspension and the emergency stop (docs/safety.md, "Suspension and emergency stop"). Each journey makes its own
 * permit (and, for the emergency, its own sector): the demo's permits are shared with the other specs.
 */
const REASON = "H2S alarm on the personal gas detectors: everyone out";

test("a manager suspends the work in progress, the holder sees it stopped, a manager resumes it with a signature", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { employee, draft, people } = await permitInProgress(request);
  const { documentNumber } = await getData<{ documentNumber: string }>(request, `/api/permits/${draft.id}`, employee);

  // The approver watches the site from its dashboard: the permit is on the sector's live map, in progress.
  const watcher = await signedIn(browser, "responsible", people.approver.email, MANAGER_PASSWORD);
  await useScreen(watcher, DESKTOP_EN);
  await watcher.goto("/responsible/default");
  const onMap = watcher.getByTestId("site-permit").filter({ hasText: documentNumber });
  await expect(onMap).toHaveAttribute("data-status", "In_progress");
  await expect(onMap.getByTestId("permit-suspended")).toHaveCount(0);

  // The verifier stops the work, saying why.
  const manager = await signedIn(browser, "responsible", people.verifier.email, MANAGER_PASSWORD);
  await useScreen(manager, DESKTOP_EN);
  await manager.goto(permitPaths("responsible").view(draft.id));
  await manager.getByTestId("permit-action-suspend").click();
  const dialog = manager.getByRole("dialog", { name: "Suspend the work?" });
  await dialog.getByTestId("permit-remark").fill(REASON);
  await dialog.getByRole("button", { name: "Suspend the work" }).click();
  await expect(manager.getByText("Permit suspended: the work is stopped").last()).toBeVisible();
  await expect(manager.getByTestId("permit-suspension")).toContainText(REASON);
  // The watcher's map shows it stopped, without a reload (the notification stream's site event).
  await expect(onMap.getByTestId("permit-suspended")).toBeVisible();

  // The holder sees it stopped, and can neither resume it nor go on.
  const holder = await signedIn(browser, "employee", DEMO.employee.email, DEMO_PASSWORD);
  await holder.goto(permitPaths("employee").view(draft.id));
  const banner = holder.getByTestId("permit-suspension");
  await expect(banner).toContainText("Suspended: the work is stopped");
  await expect(banner).toContainText("Vera Verifier");
  await expect(banner).toContainText(REASON);
  await expect(holder.getByTestId("permit-suspended").first()).toBeVisible();
  await expect(holder.getByTestId("permit-action-resume")).toHaveCount(0);
  await expectNoSeriousAxeViolations(holder, "suspended permit (holder)");
  await expectNoHorizontalOverflow(holder, "suspended permit (holder)");
  // Its list marks it too (its row found by its number: copies share the title).
  await holder.goto("/employee/list-permis-sent");
  const row = holder.getByRole("row").filter({ hasText: documentNumber });
  await expect(row.getByTestId("permit-suspended")).toBeVisible();

  // The approver resumes it with a signature; the banner goes.
  const resumer = watcher;
  await resumer.goto(permitPaths("responsible").view(draft.id));
  await signThroughDialog(resumer, "resume", MANAGER_PASSWORD);
  await expect(resumer.getByText("Resumption signed: the work may go on").last()).toBeVisible();
  await expect(resumer.getByTestId("permit-suspension")).toHaveCount(0);
  const resumed = await getData<{ suspension: unknown; signatures: { kind: string }[] }>(
    request,
    `/api/permits/${draft.id}`,
    employee,
  );
  expect(resumed.suspension).toBeNull();
  expect(resumed.signatures.map((s) => s.kind)).toContain("resume");
});

test("the enterprise declares an emergency stop for a sector: its accepted permit is held at once, then lifted", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const enterprise = await bearerOf(request, DEMO.enterprise.email);
  const employee = await bearerOf(request, DEMO.employee.email);
  const draft = await employeeDraft(request, employee);
  // A sector of its own in the draft's division, so that no other journey's permit is stopped.
  const sectorName = `Emergency drill ${randomBytes(3).toString("hex")}`;
  const created = await request.post("/api/sectors", {
    headers: enterprise,
    data: {
      name: sectorName,
      divisionId: draft.division!.id,
      gatheringPoint: "Main gate",
      number: 70_000 + Math.floor(Math.random() * 20_000),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sectorId = (await created.json()).data.id as string;
  const people = await managersOf(request, draft.division!.name, sectorName);
  const moved = await request.patch(`/api/permits/${draft.id}`, {
    headers: employee,
    data: {
      enterpriseId: draft.enterprise.id,
      sectorId,
      subSectorId: null,
      workTypeId: draft.workType!.id,
      taskTitle: draft.taskTitle,
      jobDescription: draft.jobDescription,
      startAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      endAt: new Date(Date.now() + 6 * 3_600_000).toISOString(),
      probabilityId: draft.probability?.id ?? null,
      severityId: draft.severity?.id ?? null,
      riskIds: draft.risks.map((r) => r.id),
      specificRiskIds: draft.specificRisks.map((r) => r.id),
      epiIds: draft.epis.map((e) => e.id),
      answers: { qualificationsAndTools: true, jsaComplete: true, newRiskPossible: false },
      checklist: draft.checklist.map(({ source, sourceId, index }) => ({ source, sourceId, index, checked: true })),
    },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  // Accepted, not started: its sector has no site plan, and other journeys read the demo's work in progress.
  await authorised(request, employee, draft.id, people, false);

  // The enterprise's dashboard: the stop asks where, why and a confirming tick.
  const page = await signedIn(browser, "enterprise", DEMO.enterprise.email, DEMO_PASSWORD);
  await useScreen(page, DESKTOP_EN);
  await page.goto("/enterprise/default");
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
