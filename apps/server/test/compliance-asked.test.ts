import type { TAskedRequirement } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceRequirements } from "../src/db/schema";
import { affiliate } from "./helpers/affiliations";
import { createEnterprise } from "./helpers/factories";
import { expectError } from "./helpers/http";
import { createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// What a supplier's enterprises ask it to give evidence of (modules/compliance/asked.service.ts): the enabled
// documents and competences of every enterprise it works for, asked or was invited to; nobody else reads it.
let t: TTestApp;
let w: TPermitWorld;
const ids = {
  insurance: "",
  training: "",
  induction: "",
  disabled: "",
  requested: "",
  invited: "",
  detached: "",
  unlinked: "",
  otherTenants: "",
};
const enterpriseNames = { requested: "", invited: "" };

async function requirement(enterpriseId: string, values: Partial<typeof complianceRequirements.$inferInsert>) {
  const [row] = await t.ctx.db
    .insert(complianceRequirements)
    .values({ enterpriseId, kind: "document", name: "x", ...values })
    .returning();
  return row!.id;
}

/** A fresh enterprise with one document, linked to the world's supplier as `status` (or not at all). */
async function enterpriseAsking(status: "requested" | "invited" | "detached" | null) {
  const { enterprise } = await createEnterprise(t.ctx);
  if (status) await affiliate(t.ctx, enterprise.id, w.supplier.id, status);
  const id = await requirement(enterprise.id, { name: `Registration ${status ?? "none"}` });
  return { id, name: enterprise.name };
}

const asked = async (who: TPermitWorld["supplierUser"]) => {
  const response = await t.as(who).get("/api/compliance/requirements/asked");
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TAskedRequirement[];
};

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  ids.insurance = await requirement(w.enterprise.id, {
    name: "Liability insurance",
    description: "Civil liability",
    validityDays: 365,
    minimumCover: 5_000_000,
  });
  ids.training = await requirement(w.enterprise.id, { kind: "competence", name: "Hot-work training" });
  ids.induction = await requirement(w.enterprise.id, { kind: "induction", name: "Site induction" });
  ids.disabled = await requirement(w.enterprise.id, { name: "Old licence", disabledAt: new Date() });
  const requested = await enterpriseAsking("requested");
  const invited = await enterpriseAsking("invited");
  ids.requested = requested.id;
  ids.invited = invited.id;
  enterpriseNames.requested = requested.name;
  enterpriseNames.invited = invited.name;
  ids.detached = (await enterpriseAsking("detached")).id;
  ids.unlinked = (await enterpriseAsking(null)).id;
  ids.otherTenants = await requirement(w.otherTenant.enterprise.id, { name: "Their insurance" });
});
afterAll(async () => t.close());

describe("requirements asked of a supplier", () => {
  it("lists its enterprises' enabled documents and competences, with the enterprise", async () => {
    const list = await asked(w.supplierUser);
    const byId = new Map(list.map((r) => [r.id, r]));
    expect(byId.get(ids.insurance)).toEqual({
      id: ids.insurance,
      kind: "document",
      name: "Liability insurance",
      description: "Civil liability",
      minimumCover: 5_000_000,
      expires: true,
      validityDays: 365,
      enterprise: { id: w.enterprise.id, name: w.enterprise.name },
    });
    expect(byId.get(ids.training)).toMatchObject({
      kind: "competence",
      minimumCover: null,
      expires: false,
      validityDays: null,
    });
    // An enterprise it asked to work for, or was invited by: its documents come before the approval.
    expect(byId.get(ids.requested)?.enterprise.name).toBe(enterpriseNames.requested);
    expect(byId.get(ids.invited)?.enterprise.name).toBe(enterpriseNames.invited);
  });

  it("never lists an induction, a disabled requirement, or one of an enterprise it has no link with", async () => {
    const listed = (await asked(w.supplierUser)).map((r) => r.id);
    for (const id of [ids.induction, ids.disabled, ids.detached, ids.unlinked, ids.otherTenants]) {
      expect(listed).not.toContain(id);
    }
    // Another supplier of the same enterprise sees the enterprise's, not those of the first supplier's other links.
    const theirs = (await asked(w.otherSupplier.supplierUser)).map((r) => r.id);
    expect(theirs).toContain(ids.insurance);
    expect(theirs).not.toContain(ids.requested);
    // A supplier of another tenant: nothing of this one.
    expect(await asked(w.otherTenant.supplierUser)).toEqual([]);
  });

  it("is read by the Supplier account alone", async () => {
    for (const who of [w.enterpriseUser, w.superResponsible, w.responsible, w.employee, w.admin]) {
      expectError(await t.as(who).get("/api/compliance/requirements/asked"), 403, "FORBIDDEN");
    }
    expect((await t.app.inject({ method: "GET", url: "/api/compliance/requirements/asked" })).statusCode).toBe(401);
  });
});
