import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceEvidence, complianceRequirements, workTypeRequirements } from "../src/db/schema";
import { companyGaps, companyStandings, crewGaps } from "../src/modules/compliance/standing";
import { createUser, type TPerson } from "./helpers/factories";
import { createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// The standing loader (modules/compliance/standing.ts) on a real database: what the gates and views read.
let t: TTestApp;
let w: TPermitWorld;
let welder: TPerson;
let helper: TPerson;
const NOW = new Date("2026-11-26T12:00:00Z");

async function requirement(values: Partial<typeof complianceRequirements.$inferInsert>) {
  const [row] = await t.ctx.db
    .insert(complianceRequirements)
    .values({ enterpriseId: w.enterprise.id, kind: "document", name: "x", ...values })
    .returning();
  return row!;
}
async function evidence(values: Partial<typeof complianceEvidence.$inferInsert>) {
  const reviewed = values.status && values.status !== "pending" ? { reviewedAt: NOW } : {};
  await t.ctx.db
    .insert(complianceEvidence)
    .values({ enterpriseId: w.enterprise.id, requirementId: "", validFrom: "2026-01-01", ...reviewed, ...values });
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  welder = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id });
  helper = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id });
  await t.ctx.pool.query("UPDATE users SET name = 'Wendy Welder' WHERE id = $1", [welder.id]);
  await t.ctx.pool.query("UPDATE users SET name = 'Hugo Helper' WHERE id = $1", [helper.id]);
});
afterAll(async () => t.close());

describe("a contractor's documents", () => {
  it("stand per requirement; only the required ones that are not met are gaps", async () => {
    const insurance = await requirement({ name: "Liability insurance", requiredOfAll: true, minimumCover: 1_000_000 });
    const certificate = await requirement({ name: "Safety certificate", requiredOfAll: true });
    await requirement({ name: "Quality charter" });
    await evidence({
      requirementId: insurance.id,
      supplierId: w.supplier.id,
      status: "accepted",
      validUntil: "2026-12-10",
    });
    await evidence({
      requirementId: certificate.id,
      supplierId: w.supplier.id,
      status: "refused",
      refusalReason: "Unsigned",
    });
    const { lines, required } = await companyStandings(
      t.ctx.db,
      w.enterprise.id,
      [w.supplier.id, w.otherSupplier.supplier.id],
      NOW,
    );
    expect(required.size).toBe(2);
    expect(lines.get(w.supplier.id)!.map((l) => [l.requirementName, l.standing])).toEqual([
      ["Liability insurance", "expiring"],
      ["Quality charter", "missing"],
      ["Safety certificate", "refused"],
    ]);
    expect(lines.get(w.otherSupplier.supplier.id)!.every((l) => l.standing === "missing")).toBe(true);
    const gaps = await companyGaps(t.ctx.db, w.enterprise.id, w.supplier.id, NOW);
    expect(gaps.map((g) => g.requirementName)).toEqual(["Safety certificate"]);
  });
});

describe("a crew", () => {
  it("needs the work type's requirements of every member, and one member holding a one-worker requirement", async () => {
    const training = await requirement({ kind: "competence", name: "Hot-work training", validityDays: 365 });
    const attendant = await requirement({ kind: "competence", name: "Fire watch" });
    const induction = await requirement({ kind: "induction", name: "Site induction", requiredOfAll: true });
    await t.ctx.db.insert(workTypeRequirements).values([
      { workTypeId: w.workType.id, requirementId: training.id },
      { workTypeId: w.workType.id, requirementId: attendant.id, rule: "one_worker" },
    ]);
    const permit = { enterpriseId: w.enterprise.id, workTypeId: w.workType.id };
    const gapsOf = async () =>
      (await crewGaps(t.ctx.db, permit, [welder.id, helper.id], NOW)).map(
        (g) => `${g.workerName ?? "nobody"}: ${g.requirementName} (${g.standing})`,
      );
    expect(await gapsOf()).toEqual([
      "nobody: Fire watch (missing)",
      "Wendy Welder: Hot-work training (missing)",
      "Hugo Helper: Hot-work training (missing)",
      "Wendy Welder: Site induction (missing)",
      "Hugo Helper: Site induction (missing)",
    ]);
    for (const worker of [welder, helper]) {
      await evidence({
        requirementId: induction.id,
        workerId: worker.id,
        status: "accepted",
        validUntil: "2027-01-01",
      });
      await evidence({
        requirementId: training.id,
        workerId: worker.id,
        supplierId: w.supplier.id,
        status: "accepted",
      });
    }
    await evidence({ requirementId: attendant.id, workerId: helper.id, status: "pending" });
    expect(await gapsOf()).toEqual(["nobody: Fire watch (missing)"]);
    await evidence({ requirementId: attendant.id, workerId: helper.id, status: "accepted" });
    expect(await gapsOf()).toEqual([]);
    // Without the work type, only what is required of everyone counts.
    expect(await crewGaps(t.ctx.db, { ...permit, workTypeId: null }, [welder.id], NOW)).toEqual([]);
  });
});
