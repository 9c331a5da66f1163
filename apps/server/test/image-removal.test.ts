import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files } from "../src/db/schema";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { del, expectError } from "./helpers/http";
import { png, UNKNOWN_ID } from "./helpers/organisation";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/** DELETE /api/epis/:id/icon and DELETE /api/specific-risks/:id/logogram. */

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

const image = () => ({ data: png(8, 8), filename: "i.png", type: "image/png" });

/** The stored file behind an image URL (`…?v=<fileId>`): its record, and whether its bytes are still stored. */
async function storedFile(url: string) {
  const fileId = new URL(url, "http://x").searchParams.get("v")!;
  const [row] = await t.ctx.db.select().from(files).where(eq(files.id, fileId));
  const bytes = row ? await t.ctx.storage.read(row.storageKey).catch(() => null) : null;
  return { row, bytes };
}

describe("DELETE /api/epis/:id/icon", () => {
  const addEpiWithIcon = async () => {
    const created = await t.as(admin).post("/api/epis", { name: "Safety goggles" });
    const id = created.json().data.id as string;
    const uploaded = await t.as(admin).upload("PUT", `/api/epis/${id}/icon`, "icon", image());
    expect(uploaded.statusCode).toBe(200);
    return { id, url: uploaded.json().data.icon.url as string };
  };

  it("lets the admin remove the icon: the EPI is answered without it, the file is gone; again is harmless", async () => {
    const epi = await addEpiWithIcon();
    expect((await storedFile(epi.url)).bytes).not.toBeNull();
    const removed = await t.as(admin).del(`/api/epis/${epi.id}/icon`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ id: epi.id, name: "Safety goggles", icon: null });
    expect(await storedFile(epi.url)).toEqual({ row: undefined, bytes: null });
    expectError(await t.as(admin).get(epi.url), 404, "NOT_FOUND");
    const again = await t.as(admin).del(`/api/epis/${epi.id}/icon`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: epi.id, icon: null });
  });

  it("refuses everyone but the admin, and leaves the icon in place", async () => {
    const epi = await addEpiWithIcon();
    for (const person of [
      tenant.enterpriseUser,
      tenant.superResponsible,
      tenant.responsible,
      tenant.supplierUser,
      tenant.employee,
    ]) {
      expectError(await t.as(person).del(`/api/epis/${epi.id}/icon`), 403, "FORBIDDEN");
    }
    expectError(await del(t.app, `/api/epis/${epi.id}/icon`), 401, "UNAUTHENTICATED");
    expect((await t.as(admin).get(epi.url)).statusCode).toBe(200);
  });

  it("answers 404 for an unknown or deleted EPI", async () => {
    const epi = await addEpiWithIcon();
    expectError(await t.as(admin).del(`/api/epis/${UNKNOWN_ID}/icon`), 404, "NOT_FOUND");
    expect((await t.as(admin).del(`/api/epis/${epi.id}`)).statusCode).toBe(204);
    expectError(await t.as(admin).del(`/api/epis/${epi.id}/icon`), 404, "NOT_FOUND");
    // Permits that name the deleted EPI still show its icon.
    expect((await t.as(admin).get(epi.url)).statusCode).toBe(200);
  });
});

describe("DELETE /api/specific-risks/:id/logogram", () => {
  const addRiskWithLogogram = async (person: TPerson = tenant.enterpriseUser) => {
    const body = { name: "Confined space", description: "Tanks, pits and silos." };
    const created = await t.as(person).post("/api/specific-risks", body);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    const path = `/api/specific-risks/${id}/logogram`;
    const uploaded = await t.as(person).upload("PUT", path, "logogram", image());
    expect(uploaded.statusCode).toBe(200);
    return { id, url: uploaded.json().data.logogram.url as string };
  };

  it("lets the enterprise remove the logogram: the risk is answered without it, the file is gone; again is harmless", async () => {
    const risk = await addRiskWithLogogram();
    const call = t.as(tenant.enterpriseUser);
    const removed = await call.del(`/api/specific-risks/${risk.id}/logogram`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ id: risk.id, name: "Confined space", logogram: null });
    expect(await storedFile(risk.url)).toEqual({ row: undefined, bytes: null });
    expectError(await call.get(risk.url), 404, "NOT_FOUND");
    const again = await call.del(`/api/specific-risks/${risk.id}/logogram`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: risk.id, logogram: null });
  });

  it("refuses managers, contractors and the admin, and leaves the logogram in place", async () => {
    const risk = await addRiskWithLogogram();
    for (const person of [tenant.superResponsible, tenant.responsible, tenant.supplierUser, tenant.employee, admin]) {
      expectError(await t.as(person).del(`/api/specific-risks/${risk.id}/logogram`), 403, "FORBIDDEN");
    }
    expectError(await del(t.app, `/api/specific-risks/${risk.id}/logogram`), 401, "UNAUTHENTICATED");
    expect((await t.as(tenant.enterpriseUser).get(risk.url)).statusCode).toBe(200);
  });

  it("answers 404 for another enterprise's, an unknown or a deleted specific risk", async () => {
    const theirs = await addRiskWithLogogram(other.enterpriseUser);
    const call = t.as(tenant.enterpriseUser);
    expectError(await call.del(`/api/specific-risks/${theirs.id}/logogram`), 404, "NOT_FOUND");
    expect((await t.as(other.enterpriseUser).get(theirs.url)).statusCode).toBe(200);
    expectError(await call.del(`/api/specific-risks/${UNKNOWN_ID}/logogram`), 404, "NOT_FOUND");
    const mine = await addRiskWithLogogram();
    expect((await call.del(`/api/specific-risks/${mine.id}`)).statusCode).toBe(204);
    expectError(await call.del(`/api/specific-risks/${mine.id}/logogram`), 404, "NOT_FOUND");
  });
});
