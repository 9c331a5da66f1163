import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, get, patch, put } from "./helpers/http";
import { addSector, addSubSector, grant, UNKNOWN_ID } from "./helpers/organisation";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TPerson;
const ids = {} as Record<
  "workType" | "fall" | "noise" | "fire" | "height" | "helmet" | "harness" | "gloves" | "unpicked",
  string
>;

const created = async (url: string, body: unknown, person: TPerson) => {
  const response = await t.as(person).post(url, body);
  expect(response.statusCode).toBe(201);
  return response.json().data.id as string;
};

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.ctx);
  other = await createTenant(t.ctx);
  admin = await createUser(t.ctx, "Admin");
  const boss = tenant.enterpriseUser;
  ids.workType = await created(
    "/api/work-types",
    { kind: "procedure", name: "Work at height", checklist: ["Scaffold tagged"] },
    boss,
  );
  ids.fall = await created("/api/risks", { name: "Fall", critical: true }, boss);
  ids.noise = await created("/api/risks", { name: "Noise" }, boss);
  ids.fire = await created("/api/risks", { name: "Fire" }, boss);
  ids.height = await created(
    "/api/specific-risks",
    { name: "Working at height", description: "Falls of 2 m or more", checklist: ["Harness inspected"] },
    boss,
  );
  ids.helmet = await created("/api/epis", { name: "Helmet" }, admin);
  ids.harness = await created("/api/epis", { name: "Harness" }, admin);
  ids.gloves = await created("/api/epis", { name: "Gloves" }, admin);
  ids.unpicked = await created("/api/epis", { name: "Respirator" }, admin);
  await t.as(boss).put("/api/enterprise-epis", { epiIds: [ids.helmet, ids.harness, ids.gloves] });
});
afterAll(() => t.close());

const assign = async (body: Record<string, unknown>, person: TPerson = tenant.enterpriseUser) =>
  put(
    t.app,
    "/api/risk-assignments",
    { workTypeId: ids.workType, riskIds: [], specificRiskIds: [], epiIds: [], ...body },
    await t.as(person).call(),
  );
const names = (items: { name: string; inherited?: boolean }[]) =>
  items.map((i) => (i.inherited === undefined ? i.name : `${i.name}${i.inherited ? " (sector)" : ""}`));

describe("/api/risk-assignments", () => {
  it("answers what applies to a sub-sector: the sector's assignment, inherited, and the sub-sector's additions", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const sub = await addSubSector(t.ctx, sector.id);
    const onSector = await assign({
      sectorId: sector.id,
      riskIds: [ids.fall, ids.noise],
      specificRiskIds: [ids.height],
      epiIds: [ids.helmet, ids.harness],
    });
    expect(onSector.statusCode).toBe(200);
    expect(onSector.json().data).toMatchObject({ sectorId: sector.id, subSectorId: null, canEdit: true });
    expect(names(onSector.json().data.risks)).toEqual(["Fall", "Noise"]);
    const onSub = await assign({ subSectorId: sub.id, riskIds: [ids.fire, ids.noise], epiIds: [ids.gloves] });
    expect(onSub.json().data).toMatchObject({ sectorId: null, subSectorId: sub.id });

    const call = await t.as(tenant.enterpriseUser).call();
    const here = await get(
      t.app,
      `/api/risk-assignments/applicable?sectorId=${sector.id}&subSectorId=${sub.id}&workTypeId=${ids.workType}`,
      call,
    );
    expect(here.statusCode).toBe(200);
    const data = here.json().data;
    expect(data).toMatchObject({
      sectorId: sector.id,
      subSectorId: sub.id,
      workType: { id: ids.workType, name: "Work at height", kind: "procedure", checklist: ["Scaffold tagged"] },
    });
    // Noise is named by both: listed once, as the sector's.
    expect(names(data.risks)).toEqual(["Fall (sector)", "Noise (sector)", "Fire"]);
    expect(data.risks[0]).toMatchObject({ id: ids.fall, critical: true });
    expect(names(data.specificRisks)).toEqual(["Working at height (sector)"]);
    expect(data.specificRisks[0]).toMatchObject({
      checklist: ["Harness inspected"],
      trainingUrl: null,
      logogramUrl: null,
    });
    expect(names(data.epis)).toEqual(["Harness (sector)", "Helmet (sector)", "Gloves"]);

    // The sector alone: its own items, none inherited.
    const sectorOnly = await get(
      t.app,
      `/api/risk-assignments/applicable?sectorId=${sector.id}&workTypeId=${ids.workType}`,
      call,
    );
    expect(names(sectorOnly.json().data.risks)).toEqual(["Fall", "Noise"]);
    // A sub-sector of another sector is not there.
    const elsewhere = await addSector(t.ctx, tenant.division);
    expectError(
      await get(
        t.app,
        `/api/risk-assignments/applicable?sectorId=${elsewhere.id}&subSectorId=${sub.id}&workTypeId=${ids.workType}`,
        call,
      ),
      404,
      "NOT_FOUND",
    );
    // Empty lists clear an assignment.
    await assign({ subSectorId: sub.id });
    const cleared = await get(t.app, `/api/risk-assignments?subSectorId=${sub.id}&workTypeId=${ids.workType}`, call);
    expect(cleared.json().data).toMatchObject({ risks: [], specificRisks: [], epis: [] });
  });

  it("drops deleted risks and unpicked EPIs from assignments", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const boss = t.as(tenant.enterpriseUser);
    const temporary = await created("/api/risks", { name: "Dust" }, tenant.enterpriseUser);
    await assign({ sectorId: sector.id, riskIds: [temporary, ids.fall], epiIds: [ids.gloves, ids.helmet] });
    await boss.del(`/api/risks/${temporary}`);
    await boss.put("/api/enterprise-epis", { epiIds: [ids.helmet, ids.harness] });
    const read = await boss.get(`/api/risk-assignments?sectorId=${sector.id}&workTypeId=${ids.workType}`);
    expect(names(read.json().data.risks)).toEqual(["Fall"]);
    expect(names(read.json().data.epis)).toEqual(["Helmet"]);
    await boss.put("/api/enterprise-epis", { epiIds: [ids.helmet, ids.harness, ids.gloves] });
  });

  it("lets super-responsibles edit their division's only when allowed; managers read what they see", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const otherDivisionSector = await addSector(t.ctx, tenant.otherDivision);
    expectError(await assign({ sectorId: sector.id, riskIds: [ids.fall] }, tenant.superResponsible), 403, "FORBIDDEN");
    const read = await get(
      t.app,
      `/api/risk-assignments?sectorId=${sector.id}&workTypeId=${ids.workType}`,
      await t.as(tenant.superResponsible).call(),
    );
    expect(read.json().data.canEdit).toBe(false);
    await t.as(tenant.enterpriseUser).patch("/api/risk-matrix/settings", { superResponsibleMayEdit: true });
    expect((await assign({ sectorId: sector.id, riskIds: [ids.fall] }, tenant.superResponsible)).statusCode).toBe(200);
    expectError(
      await assign({ sectorId: otherDivisionSector.id, riskIds: [ids.fall] }, tenant.superResponsible),
      404,
      "NOT_FOUND",
    );
    await patch(
      t.app,
      "/api/risk-matrix/settings",
      { superResponsibleMayEdit: false },
      await t.as(tenant.enterpriseUser).call(),
    );

    // A permit manager reads the sectors the permissions matrix gives it, and never writes.
    const url = `/api/risk-assignments?sectorId=${sector.id}&workTypeId=${ids.workType}`;
    expectError(await t.as(tenant.responsible).get(url), 404, "NOT_FOUND");
    await grant(t.ctx, tenant.responsible.id, sector.id, "verifier");
    expect((await t.as(tenant.responsible).get(url)).json().data.risks).toHaveLength(1);
    const applicableUrl = `/api/risk-assignments/applicable?sectorId=${sector.id}&workTypeId=${ids.workType}`;
    expect((await t.as(tenant.responsible).get(applicableUrl)).statusCode).toBe(200);
    expectError(await assign({ sectorId: sector.id }, tenant.responsible), 403, "FORBIDDEN");

    // Contractors read what applies of an affiliated enterprise, naming it (contractor-reads.test.ts).
    for (const person of [tenant.supplierUser, tenant.employee, admin]) {
      const [status, code]: [number, string] = person === admin ? [403, "FORBIDDEN"] : [400, "VALIDATION_FAILED"];
      expectError(await t.as(person).get(applicableUrl), status, code);
      expectError(await t.as(person).get(url), 403, "FORBIDDEN");
      expectError(await assign({ sectorId: sector.id }, person), 403, "FORBIDDEN");
    }
  });

  it("hides another enterprise's places, work types and items", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const theirSector = await addSector(t.ctx, other.division);
    const theirWorkType = await created("/api/work-types", { kind: "general", name: "Theirs" }, other.enterpriseUser);
    const theirRisk = await created("/api/risks", { name: "Theirs" }, other.enterpriseUser);
    expectError(await assign({ sectorId: theirSector.id }), 404, "NOT_FOUND");
    expectError(await assign({ sectorId: sector.id, workTypeId: theirWorkType }), 404, "NOT_FOUND");
    expectError(
      await get(
        t.app,
        `/api/risk-assignments/applicable?sectorId=${theirSector.id}&workTypeId=${ids.workType}`,
        await t.as(tenant.enterpriseUser).call(),
      ),
      404,
      "NOT_FOUND",
    );
    expectFields(await assign({ sectorId: sector.id, riskIds: [theirRisk, ids.fall], specificRiskIds: [UNKNOWN_ID] }), {
      riskIds: "invalidValue",
      specificRiskIds: "invalidValue",
    });
    // Only EPIs the enterprise uses may be required.
    expectFields(await assign({ sectorId: sector.id, epiIds: [ids.unpicked] }), { epiIds: "invalidValue" });
  });

  it("validates the place", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const sub = await addSubSector(t.ctx, sector.id);
    expectFields(await assign({}), { sectorId: "placeRequired" });
    expectFields(await assign({ sectorId: sector.id, subSectorId: sub.id }), { sectorId: "placeRequired" });
    expectFields(await assign({ sectorId: sector.id, workTypeId: "x", riskIds: "all" }), {
      workTypeId: "invalidValue",
      riskIds: expect.any(String),
    });
    expectFields(await t.as(tenant.enterpriseUser).get(`/api/risk-assignments?workTypeId=${ids.workType}`), {
      sectorId: "placeRequired",
    });
  });
});

describe("concurrent saves of one assignment", () => {
  it("apply one after the other, never failing", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const answers = await Promise.all(
      [[ids.fall], [ids.noise], [ids.fire], [ids.fall, ids.noise]].map((riskIds) =>
        assign({ sectorId: sector.id, riskIds }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const { rows } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM risk_assignments WHERE sector_id = $1", [
      sector.id,
    ]);
    expect(rows[0].n).toBe(1);
  });
});
