import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { affiliate, createSupplierWithPeople } from "./helpers/affiliations";
import { configureEnterprise, type TConfiguration } from "./helpers/configuration";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { del, expectError, type get, patch, post, put, upload } from "./helpers/http";
import { addSector, png, UNKNOWN_ID } from "./helpers/organisation";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/**
 * A contractor reads the configuration a permit request needs of an enterprise its supplier is affiliated
 * with (work types, risks, specific risks and logograms, EPIs, what applies, matrix, sectors and maps,
 * sub-sectors), naming it with `?enterpriseId`; nothing of any other enterprise, and it never writes.
 */

let t: TTestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: TPerson;
let mine: TConfiguration;
let theirs: TConfiguration;
let epiId: string;
/** Procedure files of the tenant's work type and specific risk (their URLs name no enterprise either). */
let procedureFileUrls: string[];

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.ctx);
  other = await createTenant(t.ctx);
  admin = await createUser(t.ctx, "Admin");
  const epi = await t.as(admin).post("/api/epis", { name: "Helmet", description: "EN 397" });
  epiId = epi.json().data.id;
  mine = await configureEnterprise(t, tenant.enterpriseUser, tenant.division, epiId, "Mine");
  theirs = await configureEnterprise(t, other.enterpriseUser, other.division, epiId, "Theirs");
  // The tenant's supplier works for the tenant only; the other enterprise is not its principal.
  await affiliate(t.ctx, tenant.enterprise.id, tenant.supplier.id);
  const boss = t.as(tenant.enterpriseUser);
  procedureFileUrls = [];
  for (const owner of [`/api/work-types/${mine.workTypeId}`, `/api/specific-risks/${mine.specificRiskId}`]) {
    const file = { data: png(8, 8), filename: "procedure.png", type: "image/png" };
    const added = await boss.upload("POST", `${owner}/files`, "file", file);
    expect(added.statusCode, added.body).toBe(201);
    procedureFileUrls.push(added.json().data.url);
  }
});
afterAll(() => t.close());

const naming = (url: string, enterpriseId: string | undefined) =>
  enterpriseId === undefined ? url : `${url}${url.includes("?") ? "&" : "?"}enterpriseId=${enterpriseId}`;

/** Every read route of the configuration, for the items of `c`. */
const readUrls = (c: TConfiguration) => ({
  workTypes: "/api/work-types",
  workType: `/api/work-types/${c.workTypeId}`,
  risks: "/api/risks",
  risk: `/api/risks/${c.riskId}`,
  specificRisks: "/api/specific-risks",
  specificRisk: `/api/specific-risks/${c.specificRiskId}`,
  epis: "/api/enterprise-epis?selected=true",
  applicable: `/api/risk-assignments/applicable?sectorId=${c.sectorId}&subSectorId=${c.subSectorId}&workTypeId=${c.workTypeId}`,
  matrix: "/api/risk-matrix",
  criticality: `/api/risk-matrix/criticality?probabilityId=${c.probabilityId}&severityId=${c.severityId}`,
  sectors: "/api/sectors",
  sector: `/api/sectors/${c.sectorId}`,
  subSectors: `/api/sub-sectors?sectorId=${c.sectorId}`,
});

/** The answers of every read route, as `person` asking about `enterpriseId`. */
async function readAll(person: TPerson, c: TConfiguration, enterpriseId: string | undefined) {
  const call = t.as(person);
  const entries = await Promise.all(
    Object.entries(readUrls(c)).map(async ([name, url]) => [name, await call.get(naming(url, enterpriseId))]),
  );
  return Object.fromEntries(entries) as Record<keyof ReturnType<typeof readUrls>, Awaited<ReturnType<typeof get>>>;
}

describe("an affiliated contractor", () => {
  it("reads each part of the enterprise's configuration, the supplier and its employee alike", async () => {
    for (const person of [tenant.supplierUser, tenant.employee]) {
      const r = await readAll(person, mine, tenant.enterprise.id);
      for (const [name, response] of Object.entries(r)) {
        expect({ as: person.role, name, status: response.statusCode }).toEqual({ as: person.role, name, status: 200 });
      }
      const namesOf = (response: (typeof r)["risks"]) => response.json().data.map((i: { name: string }) => i.name);
      expect(namesOf(r.workTypes)).toEqual(["Mine work"]);
      expect(r.workType.json().data).toMatchObject({ id: mine.workTypeId, checklist: ["Area fenced"] });
      expect(namesOf(r.risks)).toEqual(["Mine fall"]);
      expect(r.risk.json().data.name).toBe("Mine fall");
      expect(namesOf(r.specificRisks)).toEqual(["Mine height"]);
      expect(r.specificRisk.json().data.logogram.url).toBe(mine.logogramUrl);
      expect(r.epis.json().data).toMatchObject([{ id: epiId, selected: true }]);
      expect(r.applicable.json().data).toMatchObject({
        sectorId: mine.sectorId,
        subSectorId: mine.subSectorId,
        workType: { id: mine.workTypeId },
        risks: [{ id: mine.riskId, inherited: true }],
        specificRisks: [{ id: mine.specificRiskId, checklist: ["Harness inspected"] }],
        epis: [{ id: epiId }],
      });
      expect(r.matrix.json().data).toMatchObject({ canEdit: false });
      expect(r.matrix.json().data.probabilities).toHaveLength(5);
      expect(r.criticality.json().data.level.name).toEqual(expect.any(String));
      // Every division's sectors, with their map.
      expect(r.sectors.json().data).toMatchObject([{ id: mine.sectorId, division: { id: tenant.division.id } }]);
      expect(r.sector.json().data.map.url).toBe(mine.mapUrl);
      expect(r.subSectors.json().data).toMatchObject([{ id: mine.subSectorId, sectorId: mine.sectorId }]);
    }
  });

  it("sees the sectors of every division, not only one", async () => {
    const elsewhere = await addSector(t.ctx, tenant.otherDivision, { name: "Mine other division" });
    const response = await t.as(tenant.employee).get(`/api/sectors?enterpriseId=${tenant.enterprise.id}`);
    expect(
      response
        .json()
        .data.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([mine.sectorId, elsewhere.id].sort());
    await t.ctx.pool.query("UPDATE sectors SET deleted_at = now() WHERE id = $1", [elsewhere.id]);
  });

  it("opens the logogram and the sector map by the URLs it was given", async () => {
    for (const person of [tenant.supplierUser, tenant.employee]) {
      for (const url of [mine.logogramUrl, mine.mapUrl]) {
        const response = await t.as(person).get(url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
        expect(response.headers["content-type"]).toBe("image/png");
      }
    }
  });

  it("downloads the procedure files of the work types and specific risks it reads", async () => {
    for (const person of [tenant.supplierUser, tenant.employee]) {
      for (const url of procedureFileUrls) {
        const response = await t.as(person).get(url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      }
    }
  });

  it("must name the enterprise (400 on enterpriseId)", async () => {
    for (const [name, response] of Object.entries(await readAll(tenant.employee, mine, undefined))) {
      expect({ name, status: response.statusCode, fields: response.json().error?.fields }).toEqual({
        name,
        status: 400,
        fields: { enterpriseId: "invalidValue" },
      });
    }
    const malformed = await t.as(tenant.employee).get("/api/risks?enterpriseId=nope");
    expectError(malformed, 400, "VALIDATION_FAILED");
  });

  it("sees nothing of another enterprise: not by naming it (404 COMPANY_NOT_LISTED), nor by its ids (404)", async () => {
    for (const enterpriseId of [other.enterprise.id, UNKNOWN_ID]) {
      for (const [name, response] of Object.entries(await readAll(tenant.supplierUser, theirs, enterpriseId))) {
        expect({ name, status: response.statusCode, code: response.json().error?.code }).toEqual({
          name,
          status: 404,
          code: "COMPANY_NOT_LISTED",
        });
      }
    }
    // Their ids under its own principal's name.
    const r = await readAll(tenant.employee, theirs, tenant.enterprise.id);
    for (const name of ["workType", "risk", "specificRisk", "applicable", "criticality", "sector"] as const) {
      expect({ name, status: r[name].statusCode, code: r[name].json().error?.code }).toEqual({
        name,
        status: 404,
        code: "NOT_FOUND",
      });
    }
    expect(r.subSectors.json()).toMatchObject({ data: [], total: 0 });
    for (const url of [theirs.logogramUrl, theirs.mapUrl]) {
      expectError(await t.as(tenant.employee).get(url), 404, "NOT_FOUND");
    }
  });

  it("writes nothing (403), even naming its principal", async () => {
    const q = `?enterpriseId=${tenant.enterprise.id}`;
    const map = { data: png(8, 8), filename: "m.png", type: "image/png" };
    for (const person of [tenant.supplierUser, tenant.employee]) {
      const call = await t.as(person).call();
      const writes = [
        post(t.app, `/api/work-types${q}`, { kind: "general", name: "Sneaky" }, call),
        patch(t.app, `/api/work-types/${mine.workTypeId}${q}`, { name: "Sneaky" }, call),
        post(t.app, `/api/risks${q}`, { name: "Sneaky" }, call),
        del(t.app, `/api/risks/${mine.riskId}${q}`, call),
        patch(t.app, `/api/specific-risks/${mine.specificRiskId}${q}`, { name: "Sneaky" }, call),
        del(t.app, `/api/specific-risks/${mine.specificRiskId}/logogram${q}`, call),
        put(t.app, `/api/enterprise-epis${q}`, { epiIds: [] }, call),
        put(
          t.app,
          `/api/risk-assignments${q}`,
          { sectorId: mine.sectorId, workTypeId: mine.workTypeId, riskIds: [], specificRiskIds: [], epiIds: [] },
          call,
        ),
        post(t.app, `/api/risk-matrix/default${q}`, undefined, call),
        patch(t.app, `/api/risk-matrix/settings${q}`, { superResponsibleMayEdit: true }, call),
        patch(t.app, `/api/sectors/${mine.sectorId}${q}`, { name: "Sneaky" }, call),
        upload(t.app, "PUT", `/api/sectors/${mine.sectorId}/map${q}`, "map", map, call),
        post(t.app, `/api/sub-sectors${q}`, { name: "Sneaky", sectorId: mine.sectorId, x: 0, y: 0 }, call),
        del(t.app, `/api/sub-sectors/${mine.subSectorId}${q}`, call),
      ];
      for (const response of await Promise.all(writes)) expectError(response, 403, "FORBIDDEN");
    }
    // Nothing moved.
    const r = await readAll(tenant.enterpriseUser, mine, undefined);
    expect(r.workType.json().data.name).toBe("Mine work");
    expect(r.applicable.json().data.risks).toHaveLength(1);
    expect(r.subSectors.json().total).toBe(1);
  });
});

describe("a contractor that is not, or no longer, affiliated", () => {
  it("is refused the enterprise's configuration (404 COMPANY_NOT_LISTED) and its images (404)", async () => {
    const never = await createSupplierWithPeople(t.ctx);
    const detached = await createSupplierWithPeople(t.ctx);
    await affiliate(t.ctx, tenant.enterprise.id, detached.supplier.id, "detached");
    const invited = await createSupplierWithPeople(t.ctx);
    await affiliate(t.ctx, tenant.enterprise.id, invited.supplier.id, "invited");
    for (const person of [never.supplierUser, detached.supplierUser, detached.employee, invited.employee]) {
      for (const [name, response] of Object.entries(await readAll(person, mine, tenant.enterprise.id))) {
        expect({ name, status: response.statusCode, code: response.json().error?.code }).toEqual({
          name,
          status: 404,
          code: "COMPANY_NOT_LISTED",
        });
      }
      for (const url of [mine.logogramUrl, mine.mapUrl, ...procedureFileUrls]) {
        expectError(await t.as(person).get(url), 404, "NOT_FOUND");
      }
    }
  });

  it("loses access when its principal is disabled, and when its own company is", async () => {
    const principal = await createTenant(t.ctx);
    const config = await configureEnterprise(t, principal.enterpriseUser, principal.division, epiId, "Closing");
    await affiliate(t.ctx, principal.enterprise.id, principal.supplier.id);
    const url = naming(readUrls(config).risks, principal.enterprise.id);
    expect((await t.as(principal.employee).get(url)).statusCode).toBe(200);
    await t.ctx.pool.query("UPDATE enterprises SET status = 'disabled' WHERE id = $1", [principal.enterprise.id]);
    expectError(await t.as(principal.employee).get(url), 404, "COMPANY_NOT_LISTED");
    expectError(await t.as(principal.employee).get(config.mapUrl), 404, "NOT_FOUND");
    await t.ctx.pool.query("UPDATE enterprises SET status = 'active' WHERE id = $1", [principal.enterprise.id]);
    await t.ctx.pool.query("UPDATE suppliers SET status = 'disabled' WHERE id = $1", [principal.supplier.id]);
    expectError(await t.as(principal.employee).get(url), 403, "ACCOUNT_DISABLED");
  });
});

describe("principal staff", () => {
  it("may name their own enterprise, and no other (404 COMPANY_NOT_LISTED)", async () => {
    for (const person of [tenant.enterpriseUser, tenant.superResponsible]) {
      const own = await readAll(person, mine, tenant.enterprise.id);
      for (const [name, response] of Object.entries(own)) {
        expect({ as: person.role, name, status: response.statusCode }).toEqual({ as: person.role, name, status: 200 });
      }
      const theirsNamed = await readAll(person, theirs, other.enterprise.id);
      for (const [name, response] of Object.entries(theirsNamed)) {
        expect({ name, code: response.json().error?.code }).toEqual({ name, code: "COMPANY_NOT_LISTED" });
      }
    }
    expect((await readAll(tenant.enterpriseUser, mine, undefined)).matrix.json().data.canEdit).toBe(true);
  });

  it("stay refused to the admin (403)", async () => {
    for (const [name, response] of Object.entries(await readAll(admin, mine, tenant.enterprise.id))) {
      expect({ name, status: response.statusCode }).toEqual({ name, status: 403 });
    }
  });
});
