import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceEvidence, complianceRequirements } from "../src/db/schema";
import { createUser, type TPerson } from "./helpers/factories";
import { expectError } from "./helpers/http";
import { PDF_BYTES, png } from "./helpers/organisation";
import { createPermitWorld, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

// The worker's card (modules/worker-cards): who reads it, its public page and its code's re-issue.
let t: TTestApp;
let w: TPermitWorld;
let welder: TPerson;
let inductionId: string;
const future = "2099-12-31";

async function requirement(values: Partial<typeof complianceRequirements.$inferInsert>) {
  const [row] = await t.ctx.db
    .insert(complianceRequirements)
    .values({ enterpriseId: w.enterprise.id, kind: "induction", name: "x", ...values })
    .returning();
  return row!;
}
async function accepted(requirementId: string, workerId: string, validUntil: string | null = future) {
  await t.ctx.db.insert(complianceEvidence).values({
    enterpriseId: w.enterprise.id,
    requirementId,
    workerId,
    status: "accepted",
    reviewedAt: new Date(),
    validFrom: "2020-01-01",
    validUntil,
  });
}
const publicCard = (path: string) =>
  t.app.inject({ method: "GET", url: `/api/public/worker-cards/${path.split("/").at(-1)}` });
const cardOf = async (who: TPerson, id = welder.id) => t.as(who).get(`/api/workers/${id}/card`);

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  welder = await createUser(t.ctx, "Employee", { supplierId: w.supplier.id });
  await t.ctx.pool.query("UPDATE users SET name = 'Wendy Welder' WHERE id = $1", [welder.id]);
  const induction = await requirement({ name: "Site induction", requiredOfAll: true });
  inductionId = induction.id;
  const training = await requirement({ kind: "competence", name: "Hot-work training" });
  await requirement({ kind: "document", name: "Insurance", requiredOfAll: true });
  await accepted(training.id, welder.id);
  // Expired: not cleared until a valid one is recorded.
  await accepted(induction.id, welder.id, "2021-01-01");
});
afterAll(async () => t.close());

describe("the worker's card", () => {
  it("shows the worker, their supplier and the enterprise their competences and inductions", async () => {
    for (const who of [w.supplierUser, w.enterpriseUser, w.superResponsible, w.responsible]) {
      expect((await cardOf(who)).statusCode, who.role).toBe(200);
    }
    expect((await cardOf(welder)).statusCode).toBe(200);
    const card = (await cardOf(w.supplierUser)).json().data;
    expect(card.worker).toEqual({ id: welder.id, name: "Wendy Welder", company: expect.any(String) });
    expect(card.canReissue).toBe(true);
    expect(card.checkPath).toMatch(/^\/auth\/worker-card\/[\w-]{43}$/);
    expect(card.qrSvg).toMatch(/^<svg /);
    const [enterprise] = card.enterprises;
    expect(enterprise.enterpriseId).toBe(w.enterprise.id);
    expect(enterprise.cleared).toBe(false);
    // Competences and inductions only, never the company's documents.
    expect(
      enterprise.lines.map((l: { requirementName: string; standing: string }) => [l.requirementName, l.standing]),
    ).toEqual([
      ["Hot-work training", "valid"],
      ["Site induction", "expired"],
    ]);
    // The worker reads the same code; the enterprise reads the card but not its code.
    expect((await cardOf(welder)).json().data.checkPath).toBe(card.checkPath);
    expect((await cardOf(welder)).json().data.canReissue).toBe(false);
    expect((await cardOf(w.enterpriseUser)).json().data).toMatchObject({ checkPath: null, qrSvg: null });
  });

  it("is invisible to anyone else: another supplier, a fellow employee, another enterprise, the admin", async () => {
    for (const who of [w.otherSupplier.supplierUser, w.employee, w.otherTenant.enterpriseUser]) {
      expect((await cardOf(who)).statusCode, who.role).toBe(404);
    }
    expect((await cardOf(w.admin)).statusCode).toBe(403);
    // A principal's person is no worker: no card.
    expect((await cardOf(w.supplierUser, w.responsible.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/workers/${welder.id}/card` })).statusCode).toBe(401);
  });
});

describe("the public card", () => {
  it("says signed out who, which company, and cleared or not with what is missing: nothing else", async () => {
    const { checkPath } = (await cardOf(welder)).json().data;
    const before = await publicCard(checkPath);
    expect(before.statusCode).toBe(200);
    expect(before.headers["cache-control"]).toBe("no-store");
    const data = before.json().data;
    expect(Object.keys(data).sort()).toEqual(["checkedAt", "company", "enterprises", "hasPhoto", "name"]);
    expect(data.name).toBe("Wendy Welder");
    expect(data.enterprises).toEqual([
      {
        enterprise: w.enterprise.name,
        cleared: false,
        unmet: [{ requirement: "Site induction", standing: "expired" }],
      },
    ]);
    expect(before.body).not.toContain(welder.email);
    expect(before.body).not.toContain(welder.id);

    await accepted(inductionId, welder.id);
    const after = (await publicCard(checkPath)).json().data;
    expect(after.enterprises).toEqual([{ enterprise: w.enterprise.name, cleared: true, unmet: [] }]);
  });

  it("stops answering once the supplier re-issues the code, and only the supplier may", async () => {
    const { checkPath } = (await cardOf(welder)).json().data;
    expect((await t.as(welder).post(`/api/workers/${welder.id}/card/reissue`)).statusCode).toBe(403);
    expect((await t.as(w.enterpriseUser).post(`/api/workers/${welder.id}/card/reissue`)).statusCode).toBe(403);
    expect((await t.as(w.otherSupplier.supplierUser).post(`/api/workers/${welder.id}/card/reissue`)).statusCode).toBe(
      404,
    );
    const reissued = await t.as(w.supplierUser).post(`/api/workers/${welder.id}/card/reissue`);
    expect(reissued.statusCode).toBe(200);
    const fresh = reissued.json().data.checkPath;
    expect(fresh).not.toBe(checkPath);
    expect((await publicCard(checkPath)).statusCode).toBe(404);
    expect((await publicCard(fresh)).statusCode).toBe(200);
    const { rows } = await t.ctx.pool.query("SELECT 1 FROM audit_log WHERE action = 'workerCard.reissued'");
    expect(rows).toHaveLength(1);
  });

  it("shows the photo its supplier gives to the card's readers and on its public page, until it is removed", async () => {
    const photo = { data: png(30, 40), filename: "wendy.png", type: "image/png" };
    const put = (who: TPerson, file = photo) =>
      t.as(who).upload("PUT", `/api/workers/${welder.id}/card/photo`, "photo", file);
    expect((await cardOf(w.supplierUser)).json().data.photoUrl).toBeNull();
    // Only its own supplier gives it; the worker, another supplier and the enterprise do not.
    expectError(await put(welder), 403, "FORBIDDEN");
    expect((await put(w.otherSupplier.supplierUser)).statusCode).toBe(404);
    expectError(await put(w.enterpriseUser), 403, "FORBIDDEN");
    expectError(
      await put(w.supplierUser, { data: PDF_BYTES, filename: "x.png", type: "image/png" }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    const given = await put(w.supplierUser);
    expect(given.statusCode, given.body).toBe(200);
    const { photoUrl, checkPath } = given.json().data;
    expect(photoUrl).toMatch(new RegExp(`^/api/workers/${welder.id}/card/photo\\?v=`));
    for (const who of [w.supplierUser, welder, w.enterpriseUser]) {
      const read = await t.as(who).get(photoUrl);
      expect(read.statusCode, who.role).toBe(200);
      expect(read.headers["content-type"]).toBe("image/png");
      expect(read.rawPayload.equals(photo.data)).toBe(true);
    }
    for (const who of [w.otherSupplier.supplierUser, w.otherTenant.enterpriseUser]) {
      expect((await t.as(who).get(photoUrl)).statusCode, who.role).toBe(404);
    }
    const token = checkPath.split("/").at(-1);
    expect((await publicCard(checkPath)).json().data.hasPhoto).toBe(true);
    const shown = await t.app.inject({ method: "GET", url: `/api/public/worker-cards/${token}/photo` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["cache-control"]).toBe("private, no-store");
    expect((await t.app.inject({ method: "GET", url: "/api/public/worker-cards/nope/photo" })).statusCode).toBe(404);

    const removed = await t.as(w.supplierUser).del(`/api/workers/${welder.id}/card/photo`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.photoUrl).toBeNull();
    expect((await t.as(w.supplierUser).get(photoUrl)).statusCode).toBe(404);
    expect((await publicCard(checkPath)).json().data.hasPhoto).toBe(false);
    const { rows } = await t.ctx.pool.query(
      "SELECT action FROM audit_log WHERE action LIKE 'workerCard.photo%' ORDER BY at",
    );
    expect(rows.map((r) => r.action)).toEqual(["workerCard.photoChanged", "workerCard.photoRemoved"]);
  });

  it("is 404 for an unknown code and for a disabled worker", async () => {
    expect((await publicCard("nope")).statusCode).toBe(404);
    const { checkPath } = (await cardOf(welder)).json().data;
    await t.ctx.pool.query("UPDATE users SET status = 'disabled' WHERE id = $1", [welder.id]);
    expect((await publicCard(checkPath)).statusCode).toBe(404);
  });
});
