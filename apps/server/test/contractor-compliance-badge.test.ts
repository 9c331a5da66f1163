import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceEvidence, complianceRequirements } from "../src/db/schema";
import { createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// The compliance badge on the enterprise's contractor list and profile (modules/affiliations/contractors.service.ts).
let t: TTestApp;
let w: TPermitWorld;
const soon = () => new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

const badges = async () => {
  const page = (await t.as(w.responsible).get("/api/contractors?pageSize=50")).json();
  return Object.fromEntries(page.data.map((c: { id: string; compliance: unknown }) => [c.id, c.compliance])) as Record<
    string,
    unknown
  >;
};

describe("the compliance badge", () => {
  it("says compliant, expiring soon or not compliant with what, from the required documents only", async () => {
    expect((await badges())[w.supplier.id]).toEqual({ status: "compliant", items: [] });
    const [insurance] = await t.ctx.db
      .insert(complianceRequirements)
      .values({ enterpriseId: w.enterprise.id, kind: "document", name: "Liability insurance", requiredOfAll: true })
      .returning();
    // Not required of everyone, and a worker's competence: neither counts.
    await t.ctx.db.insert(complianceRequirements).values([
      { enterpriseId: w.enterprise.id, kind: "document", name: "Quality charter" },
      { enterpriseId: w.enterprise.id, kind: "competence", name: "First aid", requiredOfAll: true },
    ]);
    const missing = { status: "notCompliant", items: [{ requirement: "Liability insurance", standing: "missing" }] };
    expect(await badges()).toEqual({ [w.supplier.id]: missing, [w.otherSupplier.supplier.id]: missing });

    await t.ctx.db.insert(complianceEvidence).values({
      enterpriseId: w.enterprise.id,
      requirementId: insurance!.id,
      supplierId: w.supplier.id,
      status: "accepted",
      reviewedAt: new Date(),
      validFrom: "2020-01-01",
      validUntil: soon(),
    });
    expect((await badges())[w.supplier.id]).toEqual({
      status: "expiring",
      items: [{ requirement: "Liability insurance", standing: "expiring" }],
    });
    // The profile as the enterprise sees it carries the same badge.
    const profile = (await t.as(w.enterpriseUser).get(`/api/contractors/${w.supplier.id}`)).json().data;
    expect(profile.compliance.status).toBe("expiring");
    // Another enterprise's requirements never show here.
    const other = (await t.as(w.otherTenant.enterpriseUser).get("/api/contractors")).json().data;
    expect(other.every((c: { compliance: { status: string } }) => c.compliance.status === "compliant")).toBe(true);
  });
});
