import { permitPaths } from "@openpermit/shared";
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "../support/accounts";
import { bearerOf, createPermitManager, getData } from "../support/api";
import { signOnCrewByApi } from "../support/crew";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import { act, employeeDraft } from "../support/permit-api";
import { pickOption } from "../support/permit-form";
import { expectNoSeriousAxeViolations } from "../support/screens";
import { signedIn } from "../support/session";

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The password of the two managers the journey makes (their signatures need it). */
const MANAGER_PASSWORD = "Isolation-pass-1";

test("the enterprise adds an isolation point; a permit needing it starts only once a manager applied it and a second person proved it; the register shows it in place", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const employee = await bearerOf(request, DEMO.employee.email);
  const enterprise = await bearerOf(request, DEMO.enterprise.email);
  const draft = await employeeDraft(request, employee);
  const tag = `E2E-${Date.now().toString(36).toUpperCase()}`;

  // The enterprise adds the point to the register of the draft's sector (a tab of the sub-sectors page).
  const boss = await signedIn(browser, "enterprise", DEMO.enterprise.email);
  await boss.goto(areaPath("enterprise", "subSectors", `sector=${draft.sector!.id}&tab=isolations`));
  await boss.getByRole("button", { name: "New isolation point" }).click();
  const form = boss.getByTestId("isolation-point-form");
  await form.getByLabel("Tag").fill(tag);
  await form.getByLabel("Equipment").fill("Transfer pump motor");
  await pickOption(boss, "isolation-energy", "Electrical");
  await form.getByLabel("Isolation method").fill("Rack out the breaker, lock and tag it, try the start");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(boss.getByText(`Isolation point ${tag} added`).last()).toBeVisible();
  await boss.getByLabel("Search a tag or equipment").fill(tag);
  await expect(boss.getByTestId("isolation-point-row").filter({ hasText: tag })).toContainText("Not isolated");
  await expectNoSeriousAxeViolations(boss, "the isolation register");

  // The request names it; two managers of the sector verify and approve; the holder accepts.
  const points = await getData<Array<{ id: string; tag: string }>>(
    request,
    `/api/isolation-points?q=${tag}`,
    enterprise,
  );
  const named = await request.put(`/api/permits/${draft.id}/isolations`, {
    headers: employee,
    data: { pointIds: [points[0]!.id] },
  });
  expect(named.status(), await named.text()).toBe(200);
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
    return person;
  };
  const verifier = await manager("Ivo Isolator", "verifier");
  const approver = await manager("Abel Approver", "approver");
  const verifierBearer = await bearerOf(request, verifier.email, MANAGER_PASSWORD);
  await act(request, employee, draft.id, "send");
  await act(request, verifierBearer, draft.id, "verify", { password: MANAGER_PASSWORD });
  const verified = await getData<{ status: string }>(request, `/api/permits/${draft.id}`, employee);
  if (verified.status === "Confirmed") {
    await act(request, await bearerOf(request, approver.email, MANAGER_PASSWORD), draft.id, "approve", {
      password: MANAGER_PASSWORD,
    });
  }
  await act(request, employee, draft.id, "accept");
  // A worker signed on (the start needs one): what holds the start now is the isolation alone.
  await signOnCrewByApi(request, draft.id);

  // The holder cannot start: the permit says which isolation is missing, and so does the refusal.
  const holder = await signedIn(browser, "employee", DEMO.employee.email);
  await holder.goto(permitPaths("employee").view(draft.id));
  await expect(holder.getByTestId("isolations-not-ready")).toContainText(tag);
  await holder.getByTestId("permit-action-start").click();
  const start = holder.getByRole("dialog", { name: "Start the work?" });
  await start.getByRole("button", { name: "Start the work" }).click();
  await expect(start).toContainText(`each isolation must be applied and proven first (${tag})`);
  await start.getByRole("button", { name: "Cancel" }).click();

  // A manager of the sector applies it (lock number); the same person may not prove it.
  const isolator = await signedIn(browser, "responsible", verifier.email, MANAGER_PASSWORD);
  await isolator.goto(permitPaths("responsible").view(draft.id));
  await isolator.getByRole("button", { name: `Apply ${tag}` }).click();
  const apply = isolator.getByTestId("isolation-apply-dialog");
  await apply.getByTestId("isolation-lock-number").fill("L-7731");
  await apply.getByTestId("isolation-confirm").click();
  const row = isolator.getByTestId("permit-isolation").filter({ hasText: tag });
  await expect(row.getByTestId("isolation-state")).toHaveAttribute("data-state", "applied");
  await expect(row).toContainText("A second person proves it");
  await expect(isolator.getByRole("button", { name: `Prove ${tag}` })).toHaveCount(0);

  // A second person (the enterprise) proves it with the zero-energy test, signed.
  await boss.goto(permitPaths("enterprise").view(draft.id));
  await boss.getByRole("button", { name: `Prove ${tag}` }).click();
  const prove = boss.getByTestId("isolation-prove-dialog");
  await prove.getByTestId("isolation-declaration").check();
  await prove.getByTestId("isolation-password").fill(DEMO_PASSWORD);
  await expectNoSeriousAxeViolations(boss, "the proof dialog");
  await prove.getByTestId("isolation-confirm").click();
  await expect(
    boss.getByTestId("permit-isolation").filter({ hasText: tag }).getByTestId("isolation-state"),
  ).toHaveAttribute("data-state", "proven");

  // Now the holder starts the work.
  await holder.reload();
  await expect(holder.getByTestId("isolations-not-ready")).toHaveCount(0);
  await holder.getByTestId("permit-action-start").click();
  await holder.getByRole("dialog", { name: "Start the work?" }).getByRole("button", { name: "Start the work" }).click();
  await expect(holder.getByTestId("permit-action-start")).toBeHidden();

  // The register's view of what is in place shows it, with the permit it serves.
  await boss.goto(areaPath("enterprise", "subSectors", "tab=inPlace"));
  const inPlace = boss.getByTestId("isolation-in-place-row").filter({ hasText: tag });
  await expect(inPlace).toContainText("L-7731");
  await expect(inPlace).toContainText("Applied and proven");
  await expect(inPlace.getByRole("link", { name: new RegExp(escaped(draft.taskTitle)) })).toBeVisible();
  await expectNoSeriousAxeViolations(boss, "the isolations in place");
});
