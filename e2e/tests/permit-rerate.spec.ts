import { randomBytes } from "node:crypto";
import { permitPaths } from "@openpermit/shared";
import { bearerOf, getData } from "../support/api";
import { DEMO, DEMO_PASSWORD } from "../support/demo-accounts";
import { act } from "../support/permit-api";
import { minutesFromNow, pickOption } from "../support/permit-form";
import { DESKTOP_EN, useScreen } from "../support/screens";
import { signInByApi } from "../support/session";
import { type APIRequestContext, expect, test } from "../support/test";

type TNamed = { id: string; name: string };

/**
 * A sent hot-work request of the demo employee in the crude distillation unit (where the demo Responsible
 * verifies), rated Rare × Negligible (Low), made through the API: the request form has its own journeys.
 */
async function sentLowPermit(request: APIRequestContext, title: string): Promise<string> {
  const employee = await bearerOf(request, DEMO.employee.email);
  const principals = await getData<{ enterprise: TNamed }[]>(request, "/api/principals?status=affiliated", employee);
  const enterpriseId = principals.find((p) => p.enterprise.name === "Rhône Refinery")!.enterprise.id;
  const of = `enterpriseId=${enterpriseId}`;
  const sectors = await getData<TNamed[]>(request, `/api/sectors?${of}&q=Crude`, employee);
  const sector = sectors[0]!;
  const subSector = (await getData<TNamed[]>(request, `/api/sub-sectors?${of}&sectorId=${sector.id}`, employee))[0]!;
  const workType = (await getData<TNamed[]>(request, `/api/work-types?${of}&pageSize=100`, employee)).find(
    (w) => w.name === "Hot work",
  )!;
  const applicable = await getData<{
    workType: { checklist: string[] };
    risks: TNamed[];
    specificRisks: (TNamed & { checklist: string[] })[];
    epis: TNamed[];
  }>(
    request,
    `/api/risk-assignments/applicable?${of}&sectorId=${sector.id}&subSectorId=${subSector.id}&workTypeId=${workType.id}`,
    employee,
  );
  const matrix = await getData<{ probabilities: { id: string }[]; severities: { id: string }[] }>(
    request,
    `/api/risk-matrix?${of}`,
    employee,
  );
  const ticks = (source: "workType" | "specificRisk", sourceId: string, items: string[]) =>
    items.map((_, index) => ({ source, sourceId, index, checked: true }));
  const draft = {
    enterpriseId,
    sectorId: sector.id,
    subSectorId: subSector.id,
    workTypeId: workType.id,
    taskTitle: title,
    jobDescription: "Replace a burner nozzle on the furnace platform.",
    startAt: minutesFromNow(30).toISOString(),
    endAt: minutesFromNow(30 + 4 * 60).toISOString(),
    probabilityId: matrix.probabilities[0]!.id,
    severityId: matrix.severities[0]!.id,
    riskIds: applicable.risks.map((r) => r.id),
    specificRiskIds: applicable.specificRisks.map((r) => r.id),
    epiIds: applicable.epis.map((e) => e.id),
    answers: { qualificationsAndTools: true, jsaComplete: true, newRiskPossible: false },
    checklist: [
      ...ticks("workType", workType.id, applicable.workType.checklist),
      ...applicable.specificRisks.flatMap((r) => ticks("specificRisk", r.id, r.checklist)),
    ],
  };
  const created = await request.post("/api/permits", { headers: employee, data: draft });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  // Sent as the set-up's other permits are: any clash acknowledged (support/permit-api.ts).
  await act(request, employee, id, "send");
  return id;
}

test("a verifier re-rates a sent permit with a reason, and the history shows before → after", async ({
  page,
  request,
}) => {
  const title = `Replace burner nozzle ${randomBytes(3).toString("hex")}`;
  const id = await sentLowPermit(request, title);
  await useScreen(page, DESKTOP_EN);
  await signInByApi(page, DEMO.responsible.email, DEMO_PASSWORD);
  await page.goto(permitPaths("responsible").view(id));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.getByTestId("permit-rerate").click();
  const dialog = page.getByRole("dialog", { name: "Re-rate the criticality" });
  const result = dialog.getByTestId("rerate-result");
  await expect(result.getByTestId("criticality-badge")).toHaveText(["Low", "Low"]);
  await pickOption(page, "rerate-probability", "Likely");
  await pickOption(page, "rerate-severity", "Major");
  // The resulting level shows before anything is confirmed, and that it will need an approval.
  await expect(result.getByTestId("criticality-badge")).toHaveText(["Low", "High"]);
  await expect(dialog.getByText(/This level needs an approval/)).toBeVisible();
  await dialog.getByTestId("rerate-reason").fill("The burner line stays live next to the platform.");
  await dialog.getByTestId("rerate-confirm").click();
  await expect(dialog).toBeHidden();

  const event = page.getByTestId("permit-event").filter({ has: page.getByTestId("permit-event-rerate") });
  await expect(event.getByTestId("permit-event-rerate")).toHaveText(
    "Probability × severity: Rare × Negligible (Low) → Likely × Major (High)",
  );
  await expect(event.getByText(/The burner line stays live next to the platform\./)).toBeVisible();
  await expect(page.getByTestId("permit-details").getByTestId("criticality-badge").first()).toHaveText("High");
});

test("the permissions matrix warns of a flow that can never complete", async ({ page }) => {
  await useScreen(page, DESKTOP_EN);
  await signInByApi(page, DEMO.enterprise.email, DEMO_PASSWORD);
  const warning = page.getByTestId("dead-end-warnings");
  const enterprise = await bearerOf(page.request, DEMO.enterprise.email);
  const south = (await getData<TNamed[]>(page.request, "/api/divisions?q=South", enterprise)).find(
    (d) => d.name === "South Terminal",
  )!;
  // The demo's jetty has one manager holding both roles: nobody else may approve what they verified (the demo-seed
  // test proves it is the demo's one dead end). Other journeys add managers and sectors as they run, so the page
  // must show exactly the dead ends the server finds now in the division shown, each under its sector's name.
  const deadEnds = (
    await getData<{ sector: { name: string; divisionId: string } }[]>(
      page.request,
      "/api/permissions/dead-ends",
      enterprise,
    )
  ).filter((deadEnd) => deadEnd.sector.divisionId === south.id);
  await page.goto("/enterprise/superResponsible?tab=matrix");
  await page.getByRole("combobox", { name: "Division" }).click();
  await page.getByRole("option", { name: "South Terminal" }).click();
  await expect(page.getByRole("region", { name: /South Terminal/ })).toBeVisible();
  if (deadEnds.length === 0) await expect(warning).toBeHidden();
  for (const { sector } of deadEnds)
    await expect(warning.getByText(new RegExp(`^${sector.name}: `)).first()).toBeVisible();
  await expect(warning.getByRole("listitem")).toHaveCount(deadEnds.length);
});
