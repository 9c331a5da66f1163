import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files } from "../src/db/schema";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { del, expectError, get, post, upload } from "./helpers/http";
import { png, tokenOf, UNKNOWN_ID } from "./helpers/organisation";
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

const as = async (person: TPerson) => ({ token: await tokenOf(t.ctx, person) });
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
    const created = await post(t.app, "/api/epis", { name: "Safety goggles" }, await as(admin));
    const id = created.json().data.id as string;
    const uploaded = await upload(t.app, "PUT", `/api/epis/${id}/icon`, "icon", image(), await as(admin));
    expect(uploaded.statusCode).toBe(200);
    return { id, url: uploaded.json().data.icon.url as string };
  };

  it("lets the admin remove the icon: the EPI is answered without it, the file is gone; again is harmless", async () => {
    const epi = await addEpiWithIcon();
    expect((await storedFile(epi.url)).bytes).not.toBeNull();
    const removed = await del(t.app, `/api/epis/${epi.id}/icon`, await as(admin));
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ id: epi.id, name: "Safety goggles", icon: null });
    expect(await storedFile(epi.url)).toEqual({ row: undefined, bytes: null });
    expectError(await get(t.app, epi.url, await as(admin)), 404, "NOT_FOUND");
    const again = await del(t.app, `/api/epis/${epi.id}/icon`, await as(admin));
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
      expectError(await del(t.app, `/api/epis/${epi.id}/icon`, await as(person)), 403, "FORBIDDEN");
    }
    expectError(await del(t.app, `/api/epis/${epi.id}/icon`), 401, "UNAUTHENTICATED");
    expect((await get(t.app, epi.url, await as(admin))).statusCode).toBe(200);
  });

  it("answers 404 for an unknown or deleted EPI", async () => {
    const epi = await addEpiWithIcon();
    expectError(await del(t.app, `/api/epis/${UNKNOWN_ID}/icon`, await as(admin)), 404, "NOT_FOUND");
    expect((await del(t.app, `/api/epis/${epi.id}`, await as(admin))).statusCode).toBe(204);
    expectError(await del(t.app, `/api/epis/${epi.id}/icon`, await as(admin)), 404, "NOT_FOUND");
    // Permits that name the deleted EPI still show its icon.
    expect((await get(t.app, epi.url, await as(admin))).statusCode).toBe(200);
  });
});

describe("DELETE /api/specific-risks/:id/logogram", () => {
  const addRiskWithLogogram = async (person: TPerson = tenant.enterpriseUser) => {
    const body = { name: "Confined space", description: "Tanks, pits and silos." };
    const created = await post(t.app, "/api/specific-risks", body, await as(person));
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    const path = `/api/specific-risks/${id}/logogram`;
    const uploaded = await upload(t.app, "PUT", path, "logogram", image(), await as(person));
    expect(uploaded.statusCode).toBe(200);
    return { id, url: uploaded.json().data.logogram.url as string };
  };

  it("lets the enterprise remove the logogram: the risk is answered without it, the file is gone; again is harmless", async () => {
    const risk = await addRiskWithLogogram();
    const call = await as(tenant.enterpriseUser);
    const removed = await del(t.app, `/api/specific-risks/${risk.id}/logogram`, call);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ id: risk.id, name: "Confined space", logogram: null });
    expect(await storedFile(risk.url)).toEqual({ row: undefined, bytes: null });
    expectError(await get(t.app, risk.url, call), 404, "NOT_FOUND");
    const again = await del(t.app, `/api/specific-risks/${risk.id}/logogram`, call);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: risk.id, logogram: null });
  });

  it("refuses managers, contractors and the admin, and leaves the logogram in place", async () => {
    const risk = await addRiskWithLogogram();
    for (const person of [tenant.superResponsible, tenant.responsible, tenant.supplierUser, tenant.employee, admin]) {
      expectError(await del(t.app, `/api/specific-risks/${risk.id}/logogram`, await as(person)), 403, "FORBIDDEN");
    }
    expectError(await del(t.app, `/api/specific-risks/${risk.id}/logogram`), 401, "UNAUTHENTICATED");
    expect((await get(t.app, risk.url, await as(tenant.enterpriseUser))).statusCode).toBe(200);
  });

  it("answers 404 for another enterprise's, an unknown or a deleted specific risk", async () => {
    const theirs = await addRiskWithLogogram(other.enterpriseUser);
    const call = await as(tenant.enterpriseUser);
    expectError(await del(t.app, `/api/specific-risks/${theirs.id}/logogram`, call), 404, "NOT_FOUND");
    expect((await get(t.app, theirs.url, await as(other.enterpriseUser))).statusCode).toBe(200);
    expectError(await del(t.app, `/api/specific-risks/${UNKNOWN_ID}/logogram`, call), 404, "NOT_FOUND");
    const mine = await addRiskWithLogogram();
    expect((await del(t.app, `/api/specific-risks/${mine.id}`, call)).statusCode).toBe(204);
    expectError(await del(t.app, `/api/specific-risks/${mine.id}/logogram`, call), 404, "NOT_FOUND");
  });
});
