import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, get, put } from "./helpers/http";
import { addSector, grant, UNKNOWN_ID } from "./helpers/organisation";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TPerson;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.ctx);
  other = await createTenant(t.ctx);
  admin = await createUser(t.ctx, "Admin");
});
afterAll(() => t.close());

const setCell = async (body: Record<string, unknown>, person: TPerson = tenant.enterpriseUser) =>
  t.as(person).put("/api/permissions/cell", body);

describe("GET /api/permissions", () => {
  it("gives a division's responsibles (not disabled) × its live sectors, and the cells that are set", async () => {
    const t2 = await createTenant(t.ctx);
    const inDivision = { enterpriseId: t2.enterprise.id, divisionId: t2.division.id };
    const invited = await createUser(t.ctx, "Responsible", inDivision, "invited");
    const disabled = await createUser(t.ctx, "Responsible", inDivision, "disabled");
    const s1 = await addSector(t.ctx, t2.division, { number: 2 });
    const s2 = await addSector(t.ctx, t2.division, { number: 1 });
    const gone = await addSector(t.ctx, t2.division, { number: 3 });
    const elsewhere = await addSector(t.ctx, t2.otherDivision, { number: 1 });
    await grant(t.ctx, t2.responsible.id, s1.id, "verifier");
    await grant(t.ctx, invited.id, s2.id, "both");
    await grant(t.ctx, disabled.id, s1.id, "approver");
    await grant(t.ctx, t2.otherDivisionResponsible.id, elsewhere.id, "approver");
    await t.ctx.pool.query("UPDATE sectors SET deleted_at = now() WHERE id = $1", [gone.id]);

    const response = await t.as(t2.enterpriseUser).get(`/api/permissions?divisionId=${t2.division.id}`);
    expect(response.statusCode).toBe(200);
    const matrix = response.json().data;
    expect(matrix.managers.map((m: { id: string }) => m.id).sort()).toEqual([t2.responsible.id, invited.id].sort());
    expect(matrix.managers[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      divisionId: t2.division.id,
    });
    expect(matrix.sectors).toEqual([
      { id: s2.id, name: s2.name, number: 1, divisionId: t2.division.id },
      { id: s1.id, name: s1.name, number: 2, divisionId: t2.division.id },
    ]);
    expect(matrix.cells).toHaveLength(2);
    expect(matrix.cells).toEqual(
      expect.arrayContaining([
        { managerId: t2.responsible.id, sectorId: s1.id, role: "verifier" },
        { managerId: invited.id, sectorId: s2.id, role: "both" },
      ]),
    );

    // The enterprise without a division: all of them. A super-responsible: its own, asked or not.
    const all = (await t.as(t2.enterpriseUser).get("/api/permissions")).json().data;
    expect(all.sectors).toHaveLength(3);
    expect(all.managers).toHaveLength(3);
    expect(all.cells).toHaveLength(3);
    const site = (await t.as(t2.superResponsible).get("/api/permissions")).json().data;
    expect(site.sectors.map((s: { id: string }) => s.id)).toEqual([s2.id, s1.id]);
    const asked = await t.as(t2.superResponsible).get(`/api/permissions?divisionId=${t2.division.id}`);
    expect(asked.json().data).toEqual(site);
  });

  it("answers 404 for another division (super-responsible) or another enterprise's division", async () => {
    const site = t.as(tenant.superResponsible);
    expectError(await site.get(`/api/permissions?divisionId=${tenant.otherDivision.id}`), 404, "NOT_FOUND");
    const boss = t.as(tenant.enterpriseUser);
    expectError(await boss.get(`/api/permissions?divisionId=${other.division.id}`), 404, "NOT_FOUND");
    expectError(await boss.get(`/api/permissions?divisionId=${UNKNOWN_ID}`), 404, "NOT_FOUND");
    expectFields(await boss.get("/api/permissions?divisionId=north"), { divisionId: "invalidValue" });
  });
});

describe("PUT /api/permissions/cell", () => {
  it("sets, changes and clears a cell, answering the division's matrix", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const cell = { managerId: tenant.responsible.id, sectorId: sector.id };
    const find = (matrix: { cells: { managerId: string; sectorId: string; role: string }[] }) =>
      matrix.cells.find((c) => c.managerId === cell.managerId && c.sectorId === cell.sectorId)?.role;
    for (const role of ["verifier", "approver", "both"]) {
      const response = await setCell({ ...cell, role });
      expect(response.statusCode).toBe(200);
      const matrix = response.json().data;
      expect(find(matrix)).toBe(role);
      expect(matrix.sectors.every((s: { divisionId: string }) => s.divisionId === tenant.division.id)).toBe(true);
    }
    const { rows } = await t.ctx.pool.query(
      "SELECT can_verify, can_approve, updated_by FROM sector_permissions WHERE manager_id = $1 AND sector_id = $2",
      [cell.managerId, cell.sectorId],
    );
    expect(rows[0]).toEqual({ can_verify: true, can_approve: true, updated_by: tenant.enterpriseUser.id });
    const cleared = await setCell({ ...cell, role: "none" }, tenant.superResponsible);
    expect(find(cleared.json().data)).toBeUndefined();
    const after = await t.ctx.pool.query("SELECT count(*)::int AS n FROM sector_permissions WHERE sector_id = $1", [
      sector.id,
    ]);
    expect(after.rows[0].n).toBe(0);
    // Clearing an empty cell is fine.
    expect((await setCell({ ...cell, role: "none" })).statusCode).toBe(200);
  });

  it("refuses a manager and a sector of different divisions (400), and a non-responsible row", async () => {
    const sector = await addSector(t.ctx, tenant.otherDivision);
    const crossed = await setCell({ managerId: tenant.responsible.id, sectorId: sector.id, role: "verifier" });
    expect(expectError(crossed, 400, "VALIDATION_FAILED").fields).toEqual({ sectorId: "invalidValue" });
    const mine = await addSector(t.ctx, tenant.division);
    const superRow = await setCell({ managerId: tenant.superResponsible.id, sectorId: mine.id, role: "verifier" });
    expect(expectError(superRow, 400, "VALIDATION_FAILED").fields).toEqual({ managerId: "invalidValue" });
    const { rows } = await t.ctx.pool.query(
      "SELECT count(*)::int AS n FROM sector_permissions WHERE sector_id = ANY($1)",
      [[sector.id, mine.id]],
    );
    expect(rows[0].n).toBe(0);
  });

  it("answers 404 for managers and sectors outside the caller's scope", async () => {
    const mine = await addSector(t.ctx, tenant.division);
    const theirDivision = await addSector(t.ctx, tenant.otherDivision);
    const foreign = await addSector(t.ctx, other.division);
    const gone = await addSector(t.ctx, tenant.division);
    await t.ctx.pool.query("UPDATE sectors SET deleted_at = now() WHERE id = $1", [gone.id]);
    const cases: [TPerson, string, string][] = [
      [tenant.superResponsible, tenant.otherDivisionResponsible.id, theirDivision.id],
      [tenant.superResponsible, tenant.responsible.id, theirDivision.id],
      [tenant.enterpriseUser, other.responsible.id, mine.id],
      [tenant.enterpriseUser, tenant.responsible.id, foreign.id],
      [tenant.enterpriseUser, tenant.responsible.id, gone.id],
      [tenant.enterpriseUser, tenant.supplierUser.id, mine.id],
      [tenant.enterpriseUser, UNKNOWN_ID, mine.id],
    ];
    for (const [caller, managerId, sectorId] of cases) {
      expectError(await setCell({ managerId, sectorId, role: "both" }, caller), 404, "NOT_FOUND");
    }
    const { rows } = await t.ctx.pool.query(
      "SELECT count(*)::int AS n FROM sector_permissions WHERE sector_id = ANY($1)",
      [[mine.id, theirDivision.id, foreign.id, gone.id]],
    );
    expect(rows[0].n).toBe(0);
  });

  it("validates the cell", async () => {
    const me = await t.as(tenant.enterpriseUser).call();
    expectFields(await put(t.app, "/api/permissions/cell", {}, me), {
      managerId: "invalidValue",
      sectorId: "invalidValue",
      role: "invalidValue",
    });
    const sector = await addSector(t.ctx, tenant.division);
    const bad = await put(
      t.app,
      "/api/permissions/cell",
      { managerId: tenant.responsible.id, sectorId: sector.id, role: "Verifier" },
      me,
    );
    expectFields(bad, { role: "invalidValue" });
  });
});

describe("permissions: who may call", () => {
  it("refuses responsibles and every other role (403), and anonymous callers (401)", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const calls = [
      (token?: string) => get(t.app, "/api/permissions", { token }),
      (token?: string) =>
        put(
          t.app,
          "/api/permissions/cell",
          { managerId: tenant.responsible.id, sectorId: sector.id, role: "both" },
          { token },
        ),
      (token?: string) => get(t.app, "/api/permissions/export?format=csv", { token }),
    ];
    for (const person of [tenant.responsible, admin, tenant.supplierUser, tenant.employee]) {
      const { token } = await t.as(person).call();
      for (const call of calls) expectError(await call(token), 403, "FORBIDDEN");
    }
    for (const call of calls) expectError(await call(), 401, "UNAUTHENTICATED");
    const { rows } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM sector_permissions WHERE sector_id = $1", [
      sector.id,
    ]);
    expect(rows[0].n).toBe(0);
  });
});
