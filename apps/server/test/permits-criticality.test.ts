import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, notifications, risks, specificRisks } from "../src/db/schema";
import type { TPerson } from "./helpers/factories";
import { expectError, expectFields } from "./helpers/http";
import { completeDraft, createPermitWorld, SIGNED, statusOf, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/**
 * Criticality cannot be under-rated (docs/safety.md): the named risks' minimum levels raise the level kept at the
 * send, and a Verifier of the sector may re-rate a sent permit with a reason — the history shows before → after,
 * and a re-rating that calls for an approval makes the verification lead to Confirmed.
 */
let t: TTestApp;
let w: TPermitWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

/** A sent permit rated Rare × Minor (Low: verification alone), naming `riskIds` beyond the required one. */
async function sentLow(riskIds: string[] = []) {
  const draft = completeDraft(w, {
    probabilityId: w.probability.low.id,
    severityId: w.severity.low.id,
    riskIds: [w.risk.id, ...riskIds],
  });
  const created = await t.as(w.employee).post("/api/permits", draft);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  const sent = await t.as(w.employee).post(`/api/permits/${id}/send`, undefined);
  expect(sent.statusCode, sent.body).toBe(200);
  return { id, permit: sent.json().data };
}
const rerate = (id: string, body: unknown, person: TPerson = w.verifier) =>
  t.as(person).post(`/api/permits/${id}/rerate`, body);
const highRating = () => ({ probabilityId: w.probability.high.id, severityId: w.severity.low.id });
const REASON = "Live cables run behind the flange: a burn is likely, not rare";

describe("minimum criticality of risks", () => {
  it("is set on a risk and a specific risk by the enterprise, only to a level of its own matrix", async () => {
    const risk = await t.as(w.enterpriseUser).post("/api/risks", { name: "Arc flash", minLevelId: w.levels.high.id });
    expect(risk.statusCode, risk.body).toBe(201);
    expect(risk.json().data.minLevelId).toBe(w.levels.high.id);
    const cleared = await t.as(w.enterpriseUser).patch(`/api/risks/${risk.json().data.id}`, { minLevelId: null });
    expect(cleared.json().data.minLevelId).toBeNull();
    const specific = await t
      .as(w.enterpriseUser)
      .patch(`/api/specific-risks/${w.specificRisk.id}`, { minLevelId: w.levels.low.id });
    expect(specific.statusCode, specific.body).toBe(200);
    expect(specific.json().data.minLevelId).toBe(w.levels.low.id);
    // Another enterprise's level is not one of this matrix.
    const other = await createPermitWorld(t.ctx);
    expectFields(await t.as(w.enterpriseUser).post("/api/risks", { name: "Arc", minLevelId: other.levels.high.id }), {
      minLevelId: "invalidValue",
    });
    expectFields(
      await t.as(w.enterpriseUser).patch(`/api/specific-risks/${w.specificRisk.id}`, { minLevelId: "nope" }),
      { minLevelId: "invalidValue" },
    );
    await t.ctx.db.update(specificRisks).set({ minLevelId: null }).where(eq(specificRisks.id, w.specificRisk.id));
  });

  it("survives the matrix being saved again with its levels", async () => {
    await t.ctx.db.update(risks).set({ minLevelId: w.levels.high.id }).where(eq(risks.id, w.extraRisk.id));
    const matrix = (await t.as(w.enterpriseUser).get("/api/risk-matrix")).json().data;
    const { probabilities, severities, levels, cells } = matrix;
    const saved = await t.as(w.enterpriseUser).put("/api/risk-matrix", { probabilities, severities, levels, cells });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await t.ctx.db.select().from(risks).where(eq(risks.id, w.extraRisk.id));
    expect(row?.minLevelId).toBe(w.levels.high.id);
  });

  it("raises the level kept at the send, so verifying then waits for an approval", async () => {
    await t.ctx.db.update(risks).set({ minLevelId: w.levels.high.id }).where(eq(risks.id, w.extraRisk.id));
    const { id, permit } = await sentLow([w.extraRisk.id]);
    expect(permit.criticality).toMatchObject({ name: "High", flow: "verify_and_approve" });
    expect((await t.as(w.verifier).post(`/api/permits/${id}/verify`, SIGNED)).statusCode).toBe(200);
    expect(await statusOf(t.ctx, id)).toBe("Confirmed");
    // The same rating without the risk: Low, verified straight to Approved.
    const plain = await sentLow();
    expect(plain.permit.criticality).toMatchObject({ name: "Low", flow: "verify" });
    await t.as(w.verifier).post(`/api/permits/${plain.id}/verify`, SIGNED);
    expect(await statusOf(t.ctx, plain.id)).toBe("Approved");
  });
  it("raises a draft's level as the lists, the filter and the permit show it, before any send", async () => {
    await t.ctx.db.update(risks).set({ minLevelId: w.levels.high.id }).where(eq(risks.id, w.extraRisk.id));
    const rating = { probabilityId: w.probability.low.id, severityId: w.severity.low.id };
    const raised = await t
      .as(w.employee)
      .post("/api/permits", completeDraft(w, { ...rating, riskIds: [w.risk.id, w.extraRisk.id] }));
    const plain = await t.as(w.employee).post("/api/permits", completeDraft(w, { ...rating, riskIds: [w.risk.id] }));
    const [raisedId, plainId] = [raised.json().data.id, plain.json().data.id];
    expect(raised.json().data.criticality).toMatchObject({ name: "High" });
    expect(plain.json().data.criticality).toMatchObject({ name: "Low" });
    const listed = (await t.as(w.employee).get("/api/permits?view=saved&pageSize=100")).json().data;
    const levelOf = (id: string) => listed.find((p: { id: string }) => p.id === id)?.criticality?.name;
    expect([levelOf(raisedId), levelOf(plainId)]).toEqual(["High", "Low"]);
    const high = (await t.as(w.employee).get("/api/permits?view=saved&criticality=High&pageSize=100")).json().data;
    expect(high.map((p: { id: string }) => p.id)).toContain(raisedId);
    expect(high.map((p: { id: string }) => p.id)).not.toContain(plainId);
    // A minimum lowered later shows at once on the draft: it is live until the send.
    await t.ctx.db.update(risks).set({ minLevelId: null }).where(eq(risks.id, w.extraRisk.id));
    expect((await t.as(w.employee).get(`/api/permits/${raisedId}`)).json().data.criticality).toMatchObject({
      name: "Low",
    });
  });
});

describe("the verifier's re-rating", () => {
  it("changes the rating and the level, shows before → after in the history, audits it and tells the creator", async () => {
    const { id } = await sentLow();
    const response = await rerate(id, { ...highRating(), reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    const permit = response.json().data;
    expect(permit).toMatchObject({
      status: "sended",
      probability: { id: w.probability.high.id },
      criticality: { name: "High", flow: "verify_and_approve" },
      canRerate: true,
    });
    const history = (await t.as(w.employee).get(`/api/permits/${id}/history`)).json().data;
    expect(history.at(-1)).toMatchObject({
      action: "rerate",
      fromStatus: "sended",
      toStatus: "sended",
      actor: { id: w.verifier.id },
      remark: REASON,
      rerate: {
        before: { probability: "Rare", severity: "Minor", level: "Low" },
        after: { probability: "Likely", severity: "Minor", level: "High" },
      },
    });
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "permit.rerated"), eq(auditLog.objectId, id)));
    expect(audits).toHaveLength(1);
    const told = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.employee.id), eq(notifications.kind, "permit.rerated")));
    expect(told.some((n) => n.params.remark === REASON)).toBe(true);
    // The flow kept on the permit changed: verifying now waits for the approval, which the approver gives.
    expect((await t.as(w.verifier).post(`/api/permits/${id}/verify`, SIGNED)).statusCode).toBe(200);
    expect(await statusOf(t.ctx, id)).toBe("Confirmed");
    expect((await t.as(w.approver).post(`/api/permits/${id}/approve`, SIGNED)).statusCode).toBe(200);
  });

  it("never goes below the named risks' minimums", async () => {
    await t.ctx.db.update(risks).set({ minLevelId: w.levels.high.id }).where(eq(risks.id, w.extraRisk.id));
    const { id } = await sentLow([w.extraRisk.id]);
    const low = { probabilityId: w.probability.low.id, severityId: w.severity.low.id };
    const response = await rerate(id, { ...low, reason: "Short job" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.criticality).toMatchObject({ name: "High", flow: "verify_and_approve" });
    await t.ctx.db.update(risks).set({ minLevelId: null }).where(eq(risks.id, w.extraRisk.id));
  });

  it("is refused to everyone but a Verifier of the sector (403), and unseen by another tenant (404)", async () => {
    const { id } = await sentLow();
    const body = { ...highRating(), reason: REASON };
    for (const person of [w.employee, w.supplierUser, w.approver, w.enterpriseUser, w.superResponsible]) {
      expectError(await rerate(id, body, person), 403, "FORBIDDEN");
    }
    expect((await t.as(w.employee).get(`/api/permits/${id}`)).json().data.canRerate).toBe(false);
    expectError(await rerate(id, body, w.otherTenant.enterpriseUser), 404, "NOT_FOUND");
    expectError(await rerate(id, body, w.otherTenant.responsible), 404, "NOT_FOUND");
    expectError(await rerate(id, body, w.otherSupplier.employee), 404, "NOT_FOUND");
    expect((await t.as(w.verifier).get(`/api/permits/${id}`)).json().data.criticality.name).toBe("Low");
  });

  it("needs a reason and a probability and severity of the enterprise's matrix", async () => {
    const { id } = await sentLow();
    expectFields(await rerate(id, highRating()), { reason: "descriptionRequired" });
    expectFields(await rerate(id, { ...highRating(), reason: "   " }), { reason: "descriptionRequired" });
    const other = await createPermitWorld(t.ctx);
    expectFields(await rerate(id, { ...highRating(), probabilityId: other.probability.high.id, reason: REASON }), {
      probabilityId: "invalidValue",
    });
    // The axes swapped: a severity is not a probability.
    expectFields(
      await rerate(id, { probabilityId: w.severity.high.id, severityId: w.probability.high.id, reason: REASON }),
      { probabilityId: "invalidValue", severityId: "invalidValue" },
    );
    const [row] = (await t.as(w.verifier).get(`/api/permits/${id}/history`)).json().data.slice(-1);
    expect(row.action).toBe("send");
  });

  it("is only while the permit waits for its verification (409 once it moved on)", async () => {
    const { id } = await sentLow();
    await t.as(w.verifier).post(`/api/permits/${id}/verify`, SIGNED);
    expectError(await rerate(id, { ...highRating(), reason: REASON }), 409, "CONFLICT");
    expect((await t.as(w.verifier).get(`/api/permits/${id}`)).json().data.canRerate).toBe(false);
  });

  it("lets one of two re-ratings at once win; the other is told the permit changed", async () => {
    const { id } = await sentLow();
    const [a, b] = await Promise.all([
      rerate(id, { ...highRating(), reason: "First look" }),
      rerate(id, { probabilityId: w.probability.low.id, severityId: w.severity.high.id, reason: "Second look" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const history = (await t.as(w.verifier).get(`/api/permits/${id}/history`)).json().data;
    expect(history.filter((e: { action: string }) => e.action === "rerate")).toHaveLength(1);
  });
});
