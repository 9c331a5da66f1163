import { bearerOf, getData } from "../support/api";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { areaPath } from "../support/paths";
import { employeeDraft } from "../support/permit-api";
import { pickOption } from "../support/permit-form";
import { authorised, escaped, managersOf } from "../support/permit-journey";
import { expectNoSeriousAxeViolations, openInApp } from "../support/screens";
import { signedInAsDemo } from "../support/session";
import { expect, test } from "../support/test";

/**
 * The isolation register (docs/safety.md, "Isolations are in place before start"): the enterprise adds a point, and
 * sees it in place with the permit it serves. The permit's side (the missing isolation refusing the start, the apply
 * and proof dialogs, the release after the hand-back) is the hot-work journey's (hot-work-journey.spec.ts); the
 * permit here is brought to `accepted` with its isolation applied and proven through the API.
 */
test("the enterprise adds an isolation point to the register, and sees it in place with the permit it serves", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const employee = await bearerOf(request, DEMO.employee.email);
  const enterprise = await bearerOf(request, DEMO.enterprise.email);
  const draft = await employeeDraft(request, employee);
  const tag = `E2E-${Date.now().toString(36).toUpperCase()}`;

  // The enterprise adds the point to the register of the draft's sector (a tab of the sub-sectors page).
  const boss = await signedInAsDemo(browser, "enterprise");
  await openInApp(boss, areaPath("enterprise", "subSectors", `sector=${draft.sector!.id}&tab=isolations`));
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

  // The request names it; it is authorised and accepted; a manager applies it, the enterprise proves it (set-up).
  const [point] = await getData<Array<{ id: string }>>(request, `/api/isolation-points?q=${tag}`, enterprise);
  const named = await request.put(`/api/permits/${draft.id}/isolations`, {
    headers: employee,
    data: { pointIds: [point!.id] },
  });
  expect(named.status(), await named.text()).toBe(200);
  const people = await managersOf(request, draft.division!.name, draft.sector!.name);
  await authorised(request, employee, draft.id, people, false);
  const applied = await request.post(`/api/isolation-points/${point!.id}/apply`, {
    headers: people.verifier.bearer,
    data: { lockNumber: "L-7731" },
  });
  expect(applied.status(), await applied.text()).toBe(200);
  const proven = await request.post(`/api/isolation-points/${point!.id}/prove`, {
    headers: enterprise,
    data: { password: DEMO_PASSWORD, declaration: true, language: "en" },
  });
  expect(proven.status(), await proven.text()).toBe(200);

  // The register's view of what is in place shows it, with the permit it serves.
  await openInApp(boss, areaPath("enterprise", "subSectors", "tab=inPlace"));
  const inPlace = boss.getByTestId("isolation-in-place-row").filter({ hasText: tag });
  await expect(inPlace).toContainText("L-7731");
  await expect(inPlace).toContainText("Applied and proven");
  await expect(inPlace.getByRole("link", { name: new RegExp(escaped(draft.taskTitle)) })).toBeVisible();
  await expectNoSeriousAxeViolations(boss, "the isolations in place");
});
