import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceEvidence, complianceRequirements } from "../src/db/schema";
import { affiliate, createSupplierWithPeople } from "./helpers/affiliations";
import { createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields } from "./helpers/http";
import { createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// The principal's compliance view and its export (docs/safety.md, "Contractor compliance"): every contractor
// affiliated now and each of its active workers against each enabled requirement, as the enterprise's staff see it.
let t: TTestApp;
let w: TPermitWorld;
let insurance: string;
let training: string;
let retired: TPerson;
let detachedName: string;

async function requirement(enterpriseId: string, values: Partial<typeof complianceRequirements.$inferInsert>) {
  const [row] = await t.ctx.db
    .insert(complianceRequirements)
    .values({ enterpriseId, kind: "document", name: "x", ...values })
    .returning();
  return row!.id;
}
const rename = (table: "users" | "suppliers", id: string, name: string) =>
  t.ctx.pool.query(`UPDATE ${table} SET name = $2 WHERE id = $1`, [id, name]);

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  const e = w.enterprise.id;
  insurance = await requirement(e, { name: "Liability insurance", requiredOfAll: true, validityDays: 365 });
  training = await requirement(e, { kind: "competence", name: "Hot-work training" });
  await requirement(e, {
    kind: "induction",
    name: "Site induction",
    requiredOfAll: true,
    validityDays: 365,
  });
  await requirement(e, { name: "Old charter", disabledAt: new Date() });
  await rename("suppliers", w.supplier.id, "Acme Welding");
  await rename("suppliers", w.otherSupplier.supplier.id, "=Zeta Scaffolding");
  await rename("users", w.supplierUser.id, "Alice Acme");
  await rename("users", w.employee.id, "Bob Builder");
  await rename("users", w.otherSupplier.supplierUser.id, "Zoe Zeta");
  await rename("users", w.otherSupplier.employee.id, "Yann Zeta");
  retired = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id }, "disabled");
  await rename("users", retired.id, "Retired Rita");
  await t.ctx.db.insert(complianceEvidence).values([
    {
      enterpriseId: e,
      requirementId: insurance,
      supplierId: w.supplier.id,
      validFrom: "2020-01-01",
      validUntil: "2099-12-31",
      status: "accepted",
      reviewedAt: new Date(),
    },
    {
      enterpriseId: e,
      requirementId: training,
      supplierId: w.supplier.id,
      workerId: w.employee.id,
      validFrom: "2020-01-01",
    },
  ]);
  // A contractor no longer affiliated, and another tenant's: neither is shown.
  const gone = await createSupplierWithPeople(t.ctx);
  detachedName = `Detached ${gone.supplier.id.slice(0, 6)}`;
  await rename("suppliers", gone.supplier.id, detachedName);
  await affiliate(t.ctx, e, gone.supplier.id, "detached");
  await affiliate(t.ctx, w.otherTenant.enterprise.id, w.otherTenant.supplier.id);
  await requirement(w.otherTenant.enterprise.id, { name: "Their insurance", requiredOfAll: true });
});
afterAll(async () => t.close());

type TRow = {
  contractor: { name: string };
  worker: { name: string } | null;
  requirement: { name: string; requiredOfAll: boolean };
  standing: string;
};
const supplierName = async (id: string) =>
  (await t.ctx.pool.query<{ name: string }>("SELECT name FROM suppliers WHERE id = $1", [id])).rows[0]!.name;
const lineOf = (r: TRow) => `${r.contractor.name} | ${r.worker?.name ?? "-"} | ${r.requirement.name} | ${r.standing}`;

describe("the compliance view", () => {
  it("lists every affiliated contractor's documents, then each active worker's competences and inductions", async () => {
    const res = await t.as(w.enterpriseUser).get("/api/compliance/overview?pageSize=100");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map(lineOf)).toEqual([
      "=Zeta Scaffolding | - | Liability insurance | missing",
      "=Zeta Scaffolding | Yann Zeta | Hot-work training | missing",
      "=Zeta Scaffolding | Yann Zeta | Site induction | missing",
      "=Zeta Scaffolding | Zoe Zeta | Hot-work training | missing",
      "=Zeta Scaffolding | Zoe Zeta | Site induction | missing",
      "Acme Welding | - | Liability insurance | valid",
      "Acme Welding | Alice Acme | Hot-work training | missing",
      "Acme Welding | Alice Acme | Site induction | missing",
      "Acme Welding | Bob Builder | Hot-work training | pending",
      "Acme Welding | Bob Builder | Site induction | missing",
    ]);
    expect(body.data[5]).toMatchObject({
      validUntil: "2099-12-31",
      requirement: { kind: "document", requiredOfAll: true },
    });
    expect(body.counts).toEqual({ valid: 1, expiring: 0, pending: 1, expired: 0, refused: 0, missing: 8 });
    expect(body.total).toBe(10);
    expect(res.body).not.toContain("Retired Rita");
    expect(res.body).not.toContain(detachedName);
    expect(res.body).not.toContain("Their insurance");
  });

  it("filters by contractor, standing, kind, required only and name, counting the chips before the standing", async () => {
    const as = t.as(w.superResponsible);
    const acme = (await as.get(`/api/compliance/overview?supplierId=${w.supplier.id}`)).json();
    expect(acme.total).toBe(5);
    const wrong = (await as.get("/api/compliance/overview?standing=missing,pending")).json();
    expect(wrong.total).toBe(9);
    expect(wrong.counts.valid).toBe(1);
    const inductions = (await as.get("/api/compliance/overview?kind=induction")).json();
    expect(inductions.data.map((r: TRow) => r.requirement.name)).toEqual(Array(4).fill("Site induction"));
    const required = (await as.get("/api/compliance/overview?requiredOnly=true&q=bob")).json();
    expect(required.data.map(lineOf)).toEqual(["Acme Welding | Bob Builder | Site induction | missing"]);
    const byCompany = (await as.get("/api/compliance/overview?q=acme&pageSize=2&page=2")).json();
    expect(byCompany).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(byCompany.data.map(lineOf)).toEqual([
      "Acme Welding | Alice Acme | Site induction | missing",
      "Acme Welding | Bob Builder | Hot-work training | pending",
    ]);
    expectFields(await as.get("/api/compliance/overview?standing=lost"), { standing: "invalidValue" });
  });

  it("shows each enterprise its own contractors against its own requirements only", async () => {
    const theirs = await t.as(w.otherTenant.enterpriseUser).get("/api/compliance/overview?pageSize=100");
    expect(theirs.statusCode).toBe(200);
    const names = new Set(theirs.json().data.map((r: TRow) => `${r.contractor.name} ${r.requirement.name}`));
    expect([...names]).toEqual([`${await supplierName(w.otherTenant.supplier.id)} Their insurance`]);
    // Another tenant's contractor named as a filter: nothing, not an error.
    const named = await t.as(w.enterpriseUser).get(`/api/compliance/overview?supplierId=${w.otherTenant.supplier.id}`);
    expect(named.json().total).toBe(0);
  });

  it("is refused to a permit manager, the contractors and the admin", async () => {
    for (const person of [w.responsible, w.supplierUser, w.employee, w.admin]) {
      expectError(await t.as(person).get("/api/compliance/overview"), 403, "FORBIDDEN");
      expectError(await t.as(person).get("/api/compliance/overview/export?format=csv"), 403, "FORBIDDEN");
    }
  });
});

describe("the compliance export", () => {
  it("writes the filtered set as CSV in the reader's language, a formula-like name quoted", async () => {
    const res = await t.as(w.enterpriseUser).get("/api/compliance/overview/export?format=csv&kind=document");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="compliance-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.rawPayload.toString("utf8").trim().split("\n");
    expect(lines).toEqual([
      "Contractor,Worker,Requirement,Kind,Required of all,Standing,Valid until",
      `'=Zeta Scaffolding,,Liability insurance,Company document,Yes,Missing,`,
      "Acme Welding,,Liability insurance,Company document,Yes,Valid,2099-12-31",
    ]);
  });

  it("writes XLSX in French for a French reader", async () => {
    await t.ctx.pool.query("UPDATE users SET language = 'fr' WHERE id = $1", [w.superResponsible.id]);
    const res = await t.as(w.superResponsible).get("/api/compliance/overview/export?format=xlsx&standing=pending");
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Conformité")!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Prestataire",
      "Intervenant",
      "Exigence",
      "Type",
      "Exigée de tous",
      "État",
      "Valable jusqu’au",
    ]);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(6).value).toBe("En attente de vérification");
    expect(sheet.getRow(2).getCell(4).value).toBe("Compétence");
  });
});
