import { randomBytes } from "node:crypto";
import { permitPaths } from "@openpermit/shared";
import { bearerOf, getData } from "../support/api";
import { freshWorker } from "../support/crew";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { recordGasTest } from "../support/gas";
import { act, employeeDraft, type TBearer, type TPermitRead } from "../support/permit-api";
import { MANAGER_PASSWORD, managersOf } from "../support/permit-journey";
import {
  DESKTOP_EN,
  expectDialogSound,
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  openInApp,
  useScreen,
} from "../support/screens";
import { signInByApi } from "../support/session";
import { localInput, signShiftDialog } from "../support/shift";
import { closeOutThroughDialog, confirmSigning, signThroughDialog } from "../support/sign";
import { type APIRequestContext, type Browser, expect, type Page, test } from "../support/test";

/**
 * The field-control journey: ONE hot-work permit in the demo's tank farm, from its request to its hand-back, each control on
 * the way through the screen where it is the point (docs/safety.md: clashes, crew, isolations, gas tests, suspension,
 * extension and handover, live site map, close-out). Plain set-up goes through the API.
 *
 * It took over the assertions of these specs, which now keep only what it does not make:
 * - permit-clash.spec.ts (whole): the clash listed on the permit, the sign dialog's remark (sound dialog), refused
 *   without it, typed from the keyboard, the acknowledgement and its history event.
 * - permit-crew.spec.ts (whole): the crew dialog (axe), "Not signed on", the start refused without a worker signed
 *   on, the worker's sign-on from a 360 px phone (conditions, declaration, overflow, axe), "Signed on".
 * - permit-gas-test.spec.ts (whole): "gas test needed", the start refused without a passing test, the server's
 *   verdict per gas (axe), the latest "Passed", the start, the failing re-test suspending the work with its reading.
 * - permit-extension-handover.spec.ts (whole): the extension asked and signed (the end moves), the handover signed by
 *   the outgoing holder and accepted from a phone by the incoming one (axe, overflow), who becomes the holder.
 * - permit-isolations.spec.ts: the holder's missing isolation and the start refused naming it, the apply dialog (lock
 *   number, "a second person proves it", no Prove for the applier), the proof dialog (axe), the start once proven.
 *   It keeps the register's new point and the isolations-in-place view.
 * - permit-suspension.spec.ts, first test: the watcher's live map (In_progress, then suspended without a reload), the
 *   holder's banner, marker, no resume, axe and overflow, the list's marker, the signed resume (toast, banner gone,
 *   the resume signature). It keeps a manager's suspension through the dialog, and the emergency stop.
 */

/** The demo's tank T-7 inlet valve (apps/server/src/demo/isolations.ts): no live permit names it, so it is free to apply. */
const TAG = "TF-MV-07";
const NOTE = "Nozzle root pass done; fire watch posted at the T-7 manhole until 18:00";
const SAFE_AIR = { "O₂": "20.9", Flammables: "0", "H₂S": "0", CO: "2" };

interface TJourneyRead {
  documentNumber: string;
  status: string;
  endAt: string;
  suspension: unknown;
  signatures: { kind: string }[];
  holder: { id: string } | null;
  extensions: { decision: string | null }[];
}

/** A browser context of its own, signed in through the API, on `path` at `width` (the desktop by default). */
async function openAs(
  browser: Browser,
  email: string,
  password: string,
  path: string,
  width: number = DESKTOP_EN.width,
) {
  const page = await (await browser.newContext()).newPage();
  await useScreen(page, { width, language: "en" });
  await signInByApi(page, email, password);
  await page.goto(path);
  return page;
}

/** The first of the demo employee's sent permits that `pick` accepts. */
async function sentPermit(request: APIRequestContext, employee: TBearer, pick: (permit: TPermitRead) => boolean) {
  const sent = await getData<Array<{ id: string }>>(request, "/api/permits?view=sent&pageSize=50", employee);
  for (const { id } of sent) {
    const permit = await getData<TPermitRead>(request, `/api/permits/${id}`, employee);
    if (pick(permit)) return permit;
  }
  throw new Error("no such sent permit of the demo employee");
}

/** Tries to start the work through its dialog (which says `said` first), expects the refusal to say `why`, and cancels. */
async function startRefused(page: Page, why: string, said?: { testId: string; text: string }) {
  await page.getByTestId("permit-action-start").click();
  const start = page.getByRole("dialog", { name: "Start the work?" });
  if (said) await expect(start.getByTestId(said.testId)).toContainText(said.text);
  await start.getByRole("button", { name: "Start the work" }).click();
  await expect(start).toContainText(why);
  await start.getByRole("button", { name: "Cancel" }).click();
}

test("a hot-work permit in the tank farm goes from its request to its hand-back, every control on the way", async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const employee = await bearerOf(request, DEMO.employee.email);
  const enterprise = await bearerOf(request, DEMO.enterprise.email);

  // The request: the demo's hot work (a gas test before the start, a re-test every 2 h), moved to the tank farm's
  // tank T-7 at the level of the demo's tank entries there (verify and approve: two signatures).
  const tankEntry = await sentPermit(
    request,
    employee,
    (original) => original.sector?.name === "Tank farm" && original.subSector?.name === "Tank T-7",
  );
  const atTank = {
    sectorId: tankEntry.sector!.id,
    subSectorId: tankEntry.subSector!.id,
    probabilityId: tankEntry.probability!.id,
    severityId: tankEntry.severity!.id,
  };
  const hotWork = (original: TPermitRead) => original.workType?.name === "Hot work";
  // With a second hot-work request at the same place and time: the clash the approver must see.
  const [draft, other] = await Promise.all([
    employeeDraft(request, employee, hotWork, { ...atTank, taskTitle: "Weld a nozzle on tank T-7" }),
    employeeDraft(request, employee, hotWork, { ...atTank, taskTitle: "Grind the T-7 roof handrail" }),
  ]);
  const [point] = await getData<Array<{ id: string }>>(request, `/api/isolation-points?q=${TAG}`, enterprise);
  const named = await request.put(`/api/permits/${draft.id}/isolations`, {
    headers: employee,
    data: { pointIds: [point!.id] },
  });
  expect(named.status(), await named.text()).toBe(200);
  // The sector's two managers and the worker, each waiting for an invitation e-mail: side by side.
  const [people, worker] = await Promise.all([
    managersOf(request, draft.division!.name, draft.sector!.name),
    freshWorker(request, "Hugo"),
  ]);

  // Both sent; the journey's verified (set-up).
  await act(request, employee, other.id, "send");
  await act(request, employee, draft.id, "send");
  await act(request, people.verifier.bearer, draft.id, "verify", { password: MANAGER_PASSWORD });
  const read = () => getData<TJourneyRead>(request, `/api/permits/${draft.id}`, employee);
  const { documentNumber } = await read();
  const { documentNumber: otherNumber } = await getData<TJourneyRead>(request, `/api/permits/${other.id}`, employee);

  // The approver sees the clash on the permit and in the sign dialog, and may sign only after saying how the two
  // are coordinated.
  const approver = await openAs(
    browser,
    people.approver.email,
    MANAGER_PASSWORD,
    permitPaths("responsible").view(draft.id),
  );
  const clashes = approver.getByTestId("permit-clashes");
  await expect(clashes).toContainText(otherNumber);
  await expect(clashes).toContainText("Same place");
  await approver.getByTestId("permit-action-approve").click();
  const sign = approver.getByTestId("sign-dialog");
  const remark = sign.getByTestId(`clash-remark-${otherNumber}`);
  await expect(remark).toBeVisible();
  await expectDialogSound(approver, "the approve dialog with a clash");
  await sign.getByTestId("sign-declaration").check();
  await sign.getByTestId("sign-password").fill(MANAGER_PASSWORD);
  await sign.getByTestId("sign-confirm").click();
  await expect(sign.getByText("Say how the work is coordinated with this permit").first()).toBeVisible();
  await expect(remark).toHaveAttribute("aria-invalid", "true");
  const said = `The grinding crew waits until the nozzle is welded ${randomBytes(2).toString("hex")}`;
  await remark.focus();
  await approver.keyboard.type(said);
  // Any other permit sent to T-7 meanwhile is acknowledged as a signer would.
  await confirmSigning(sign);
  await expect(approver.getByText("Permit approved").last()).toBeVisible();
  await expect(approver.getByTestId("permit-clash-acknowledgements")).toContainText(said);
  await expect(approver.getByTestId("permit-event-clash").filter({ hasText: otherNumber }).first()).toBeVisible();
  // The other request is withdrawn: it was there for the clash.
  await act(request, employee, other.id, "cancel");
  await act(request, employee, draft.id, "accept");

  // The holder names the crew.
  const holder = await openAs(browser, DEMO.employee.email, DEMO_PASSWORD, permitPaths("employee").view(draft.id));
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

  // The isolation is not in place: the permit says which, and so does the refused start.
  await expect(holder.getByTestId("isolations-not-ready")).toContainText(TAG);
  await startRefused(holder, `each isolation must be applied and proven first (${TAG})`);

  // The approver applies it (lock number); the same person may not prove it.
  await approver.getByRole("button", { name: `Apply ${TAG}` }).click();
  const apply = approver.getByTestId("isolation-apply-dialog");
  await apply.getByTestId("isolation-lock-number").fill("L-7707");
  await apply.getByTestId("isolation-confirm").click();
  const isolation = approver.getByTestId("permit-isolation").filter({ hasText: TAG });
  await expect(isolation.getByTestId("isolation-state")).toHaveAttribute("data-state", "applied");
  await expect(isolation).toContainText("A second person proves it");
  await expect(approver.getByRole("button", { name: `Prove ${TAG}` })).toHaveCount(0);

  // The verifier, a second person, proves it with the zero-energy test, signed.
  const verifier = await openAs(
    browser,
    people.verifier.email,
    MANAGER_PASSWORD,
    permitPaths("responsible").view(draft.id),
  );
  await verifier.getByRole("button", { name: `Prove ${TAG}` }).click();
  const prove = verifier.getByTestId("isolation-prove-dialog");
  await prove.getByTestId("isolation-declaration").check();
  await prove.getByTestId("isolation-password").fill(MANAGER_PASSWORD);
  await expectNoSeriousAxeViolations(verifier, "the proof dialog");
  await prove.getByTestId("isolation-confirm").click();
  await expect(
    verifier.getByTestId("permit-isolation").filter({ hasText: TAG }).getByTestId("isolation-state"),
  ).toHaveAttribute("data-state", "proven");
  await expect(verifier.getByTestId("isolations-not-ready")).toHaveCount(0);

  // Isolated, but nobody signed on: refused again, for that.
  await startRefused(holder, "Sign on at least one crew member", {
    testId: "start-crew",
    text: "No worker signed on yet",
  });

  // The worker, on a 360 px phone, reads the permit's conditions, declares and signs on.
  const phone = await openAs(browser, worker.email, worker.password, permitPaths("employee").view(draft.id), 360);
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

  // No gas test yet: the permit says so, and the start is refused for it.
  await expect(holder.getByTestId("gas-test-needed")).toBeVisible();
  await startRefused(holder, "without a passing gas test");

  // The approver watches the site: the permit is on the tank farm's live map.
  await openInApp(approver, "/responsible/default");
  const onMap = approver.getByTestId("site-permit").filter({ hasText: documentNumber });
  await expect(onMap).toHaveAttribute("data-status", "accepted");

  // The holder records a passing test (the server judges each gas); then the work starts.
  const passed = await recordGasTest(holder, SAFE_AIR);
  await expect(passed.getByTestId("gas-verdict-H₂S")).toContainText("Passed");
  await expectNoSeriousAxeViolations(holder, "the gas test's verdict");
  await passed.getByTestId("gas-test-done").click();
  await expect(holder.getByTestId("gas-test-latest")).toContainText("Passed");
  await holder.getByTestId("permit-action-start").click();
  await holder.getByRole("dialog", { name: "Start the work?" }).getByRole("button", { name: "Start the work" }).click();
  await expect(holder.getByText("Work started").last()).toBeVisible();
  await expect(holder.getByTestId("permit-action-start")).toBeHidden();
  // The watcher's map follows without a reload (the notification stream's site event).
  await expect(onMap).toHaveAttribute("data-status", "In_progress");
  await expect(onMap.getByTestId("permit-suspended")).toHaveCount(0);

  // A re-test reads H₂S above its limit: the server fails it and suspends the work in the same step.
  const failed = await recordGasTest(holder, { ...SAFE_AIR, "H₂S": "8" });
  await expect(failed.getByTestId("gas-verdict-H₂S")).toContainText("Failed");
  await failed.getByTestId("gas-test-done").click();
  const banner = holder.getByTestId("permit-suspension");
  await expect(banner).toContainText("Suspended: the work is stopped");
  // Worded by the page from the failing test (in the reader's language), not the server's stored English.
  await expect(banner).toContainText("Reason: a gas test failed: H₂S read 8 ppm");
  await expect(holder.getByTestId("gas-test-history")).toContainText("H₂S 8 ppm");
  await expect(holder.getByTestId("permit-suspended").first()).toBeVisible();
  await expect(holder.getByTestId("permit-action-resume")).toHaveCount(0);
  await expectNoSeriousAxeViolations(holder, "suspended permit (holder)");
  await expectNoHorizontalOverflow(holder, "suspended permit (holder)");
  await expect(onMap.getByTestId("permit-suspended")).toBeVisible();
  // The holder's list marks it too (its row found by its number: copies share the title).
  await openInApp(holder, "/employee/list-permis-sent");
  await expect(
    holder.getByRole("row").filter({ hasText: documentNumber }).getByTestId("permit-suspended"),
  ).toBeVisible();
  await openInApp(holder, permitPaths("employee").view(draft.id));

  // A fresh passing test, then a manager (the verifier) signs the resumption: the banner goes, the map follows.
  await (await recordGasTest(holder, SAFE_AIR)).getByTestId("gas-test-done").click();
  await signThroughDialog(verifier, "resume", MANAGER_PASSWORD);
  await expect(verifier.getByText("Resumption signed: the work may go on").last()).toBeVisible();
  await expect(verifier.getByTestId("permit-suspension")).toHaveCount(0);
  const resumed = await read();
  expect(resumed.suspension).toBeNull();
  expect(resumed.signatures.map((s) => s.kind)).toContain("resume");
  await expect(onMap.getByTestId("permit-suspended")).toHaveCount(0);

  // The holder asks two more hours, saying why; the approver signs them and the end moves.
  const newEnd = new Date(new Date(resumed.endAt).getTime() + 2 * 3_600_000);
  await holder.getByTestId("extension-ask").click();
  const ask = holder.getByRole("dialog", { name: "Ask to extend the permit" });
  await ask.getByTestId("extension-new-end").fill(await localInput(holder, newEnd.toISOString()));
  await ask.getByTestId("extension-reason").fill("The nozzle needs a second welding pass");
  await ask.getByTestId("extension-ask-confirm").click();
  await expect(holder.getByTestId("permit-extension")).toContainText("Waiting for signature");
  await openInApp(approver, permitPaths("responsible").view(draft.id));
  await expect(approver.getByTestId("permit-extension")).toContainText("The nozzle needs a second welding pass");
  await approver.getByTestId("extension-sign").click();
  await signShiftDialog(approver, MANAGER_PASSWORD, "extension-sign-confirm");
  await expect(approver.getByTestId("permit-extension")).toContainText("Signed");
  const extended = await read();
  expect(new Date(extended.endAt).getTime()).toBe(newEnd.getTime() - (newEnd.getTime() % 60_000));
  expect(extended.extensions.map((x) => x.decision)).toEqual(["signed"]);

  // The holder hands over to the worker, with a note, signed; the worker accepts from the phone, signed.
  await holder.getByTestId("handover-start").click();
  const handOver = holder.getByTestId("handover-dialog");
  await handOver.getByTestId("handover-incoming").click();
  await holder.getByRole("option", { name: worker.name }).click();
  await handOver.getByTestId("handover-note").fill(NOTE);
  await signShiftDialog(holder, DEMO_PASSWORD, "handover-confirm");
  await expect(holder.getByTestId("permit-handover-open")).toContainText(worker.name);
  await phone.getByTestId("handover-accept").click();
  await expect(phone.getByRole("dialog")).toContainText(NOTE);
  await expectNoSeriousAxeViolations(phone, "handover acceptance (phone)");
  await signShiftDialog(phone, worker.password, "handover-accept-confirm");
  await expect(phone.getByTestId("permit-holder")).toContainText(worker.name);
  await expectNoHorizontalOverflow(phone, "permit after the handover (phone)");
  expect((await read()).holder?.id).toBe(worker.id);

  // The new holder closes out from the phone; the approver accepts the hand-back, signed: the permit has ended.
  await closeOutThroughDialog(phone);
  await signThroughDialog(approver, "handBack", MANAGER_PASSWORD);
  await expect(approver.getByText("Hand-back accepted: permit ended").last()).toBeVisible();
  expect((await read()).status).toBe("Ended");

  // Nothing needs the isolation any more: the approver releases it, and it is in place for nobody.
  await approver.getByRole("button", { name: `Release ${TAG}` }).click();
  await approver.getByTestId("isolation-confirm").click();
  await expect(isolation.getByTestId("isolation-state")).toHaveAttribute("data-state", "none");
  const inPlace = await getData<Array<{ tag: string }>>(
    request,
    "/api/isolation-points/in-place?pageSize=100",
    people.approver.bearer,
  );
  expect(inPlace.map((p) => p.tag)).not.toContain(TAG);
});
