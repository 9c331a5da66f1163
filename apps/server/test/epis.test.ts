import { ICON_MAX_BYTES } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, get, put, type TFilePart } from "./helpers/http";
import { JPEG_1X1, PDF_BYTES, png, UNKNOWN_ID, WEBP_1X1 } from "./helpers/organisation";
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

const addEpi = async (name = "Safety helmet") => {
  const response = await t.as(admin).post("/api/epis", { name, description: "EN 397" });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string; name: string; nameFr: string };
};
const putIcon = async (id: string, file: TFilePart | null, person: TPerson = admin) =>
  t.as(person).upload("PUT", `/api/epis/${id}/icon`, "icon", file);

describe("the EPI catalogue (/api/epis)", () => {
  it("lets the admin create, list, search, read, edit and delete", async () => {
    const epi = await addEpi("Ear defenders");
    expect(epi).toMatchObject({ name: "Ear defenders", description: "EN 397", icon: null, deletedAt: null });
    const list = await t.as(admin).get("/api/epis?q=defend");
    expect(list.json()).toMatchObject({ page: 1, pageSize: 20, total: 1, data: [{ id: epi.id }] });
    const edited = await t.as(admin).patch(`/api/epis/${epi.id}`, { description: "" });
    expect(edited.json().data).toMatchObject({ name: "Ear defenders", description: "" });
    expect((await t.as(admin).del(`/api/epis/${epi.id}`)).statusCode).toBe(204);
    // Gone from the catalogue, still readable for the permits that name it.
    expect((await t.as(admin).get("/api/epis?q=defend")).json().total).toBe(0);
    const read = await t.as(admin).get(`/api/epis/${epi.id}`);
    expect(read.json().data.deletedAt).toEqual(expect.any(String));
    expectError(await t.as(admin).patch(`/api/epis/${epi.id}`, { name: "Again" }), 404, "NOT_FOUND");
    expectError(await t.as(admin).del(`/api/epis/${epi.id}`), 404, "NOT_FOUND");
    expectError(await t.as(admin).get(`/api/epis/${UNKNOWN_ID}`), 404, "NOT_FOUND");
  });

  it("refuses everyone but the admin", async () => {
    const epi = await addEpi();
    for (const person of [tenant.enterpriseUser, tenant.superResponsible, tenant.responsible, tenant.supplierUser]) {
      const call = t.as(person);
      expectError(await call.get("/api/epis"), 403, "FORBIDDEN");
      expectError(await call.get(`/api/epis/${epi.id}`), 403, "FORBIDDEN");
      expectError(await call.post("/api/epis", { name: "Gloves" }), 403, "FORBIDDEN");
      expectError(await call.patch(`/api/epis/${epi.id}`, { name: "Gloves" }), 403, "FORBIDDEN");
      expectError(await call.del(`/api/epis/${epi.id}`), 403, "FORBIDDEN");
      expectError(
        await putIcon(epi.id, { data: png(8, 8), filename: "i.png", type: "image/png" }, person),
        403,
        "FORBIDDEN",
      );
    }
    expectError(await get(t.app, "/api/epis"), 401, "UNAUTHENTICATED");
  });

  it("validates names and descriptions", async () => {
    const call = t.as(admin);
    expectFields(await call.post("/api/epis", {}), { name: "nameRequired" });
    expectFields(await call.post("/api/epis", { name: "G" }), { name: "min2" });
    expectFields(await call.post("/api/epis", { name: "G".repeat(51), description: "d".repeat(251) }), {
      name: "max50",
      description: "max250",
    });
    const epi = await addEpi();
    expectFields(await call.patch(`/api/epis/${epi.id}`, {}), { _: "atLeastOneField" });
  });

  it("keeps a French name beside the English one: optional, edited by the admin alone, found by a search", async () => {
    const call = t.as(admin);
    const created = await call.post("/api/epis", { name: "Welding mask", nameFr: "  Masque de soudeur  " });
    expect(created.statusCode, created.body).toBe(201);
    const epi = created.json().data;
    expect(epi).toMatchObject({ name: "Welding mask", nameFr: "Masque de soudeur" });
    expect((await call.get(`/api/epis/${epi.id}`)).json().data.nameFr).toBe("Masque de soudeur");
    expect((await call.get("/api/epis?q=soudeur")).json().data).toEqual([expect.objectContaining({ id: epi.id })]);
    // Without one, it is empty (French readers then read the English name).
    expect((await addEpi("Face shield")).nameFr).toBe("");
    const edited = await call.patch(`/api/epis/${epi.id}`, { nameFr: "Masque de soudage" });
    expect(edited.json().data).toMatchObject({ name: "Welding mask", nameFr: "Masque de soudage" });
    expect((await call.patch(`/api/epis/${epi.id}`, { nameFr: "" })).json().data.nameFr).toBe("");
    expectFields(await call.post("/api/epis", { name: "Visor", nameFr: "V".repeat(51) }), { nameFr: "max50" });
    expectFields(await call.patch(`/api/epis/${epi.id}`, { nameFr: 3 }), { nameFr: "invalidValue" });
    for (const person of [tenant.enterpriseUser, tenant.superResponsible, tenant.responsible, tenant.supplierUser]) {
      expectError(await t.as(person).patch(`/api/epis/${epi.id}`, { nameFr: "Masque" }), 403, "FORBIDDEN");
    }
    expect((await call.get(`/api/epis/${epi.id}`)).json().data.nameFr).toBe("");
    // The enterprises read both names in their catalogue.
    const theirs = await t.as(tenant.enterpriseUser).get("/api/enterprise-epis?q=welding");
    expect(theirs.json().data).toEqual([expect.objectContaining({ name: "Welding mask", nameFr: "" })]);
  });

  it("takes PNG, JPEG and WebP icons by content, serves them to any signed-in user, refuses others (415, 413)", async () => {
    const epi = await addEpi();
    const icon = png(16, 16);
    const response = await putIcon(epi.id, { data: icon, filename: "x.bin", type: "application/octet-stream" });
    expect(response.statusCode).toBe(200);
    const { url } = response.json().data.icon;
    expect(response.json().data.icon).toMatchObject({ contentType: "image/png", width: 16, height: 16 });
    for (const person of [tenant.employee, tenant.responsible, admin]) {
      const served = await t.as(person).get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.rawPayload.equals(icon)).toBe(true);
    }
    expectError(await get(t.app, url), 401, "UNAUTHENTICATED");
    for (const [data, type] of [
      [JPEG_1X1, "image/jpeg"],
      [WEBP_1X1, "image/webp"],
    ] as const) {
      const replaced = await putIcon(epi.id, { data, filename: "i", type: "image/png" });
      expect(replaced.json().data.icon.contentType).toBe(type);
    }
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectError(
      await putIcon(epi.id, { data: svg, filename: "i.svg", type: "image/svg+xml" }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectError(
      await putIcon(epi.id, { data: PDF_BYTES, filename: "i.png", type: "image/png" }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    const big = Buffer.concat([png(4, 4), Buffer.alloc(ICON_MAX_BYTES)]);
    expectError(await putIcon(epi.id, { data: big, filename: "i.png", type: "image/png" }), 413, "PAYLOAD_TOO_LARGE");
    expectFields(await putIcon(epi.id, null), { icon: "invalidValue" });
    expectError(await putIcon(UNKNOWN_ID, { data: png(4, 4), filename: "i.png", type: "image/png" }), 404, "NOT_FOUND");
  });
});

describe("an enterprise's EPI picks (/api/enterprise-epis)", () => {
  it("lists the catalogue with `selected`, replaced by the enterprise, read by its managers, per enterprise", async () => {
    const gloves = await addEpi("Cut gloves");
    const goggles = await addEpi("Goggles");
    const picked = await put(
      t.app,
      "/api/enterprise-epis",
      { epiIds: [gloves.id, goggles.id] },
      await t.as(tenant.enterpriseUser).call(),
    );
    expect(picked.json().data.epiIds).toEqual([gloves.id, goggles.id]);
    await t.as(tenant.enterpriseUser).put("/api/enterprise-epis", { epiIds: [goggles.id] });
    for (const person of [tenant.enterpriseUser, tenant.superResponsible, tenant.responsible]) {
      const mine = await t.as(person).get("/api/enterprise-epis?selected=true&pageSize=100");
      expect(mine.json().data.map((e: { id: string }) => e.id)).toEqual([goggles.id]);
    }
    const all = await t.as(tenant.enterpriseUser).get("/api/enterprise-epis?q=gloves");
    expect(all.json().data).toEqual([expect.objectContaining({ id: gloves.id, selected: false })]);
    // Another enterprise's picks are its own.
    const theirs = await t.as(other.enterpriseUser).get("/api/enterprise-epis?selected=true");
    expect(theirs.json().total).toBe(0);
    // A deleted EPI leaves the picks.
    await t.as(admin).del(`/api/epis/${goggles.id}`);
    expect((await t.as(tenant.enterpriseUser).get("/api/enterprise-epis?selected=true")).json().total).toBe(0);
    expectFields(await t.as(tenant.enterpriseUser).put("/api/enterprise-epis", { epiIds: [goggles.id] }), {
      epiIds: "invalidValue",
    });
    expectFields(await t.as(tenant.enterpriseUser).put("/api/enterprise-epis", { epiIds: ["nope"] }), {
      "epiIds.0": "invalidValue",
    });
  });

  it("lets only the enterprise pick; contractors and the admin are refused", async () => {
    for (const person of [tenant.superResponsible, tenant.responsible, tenant.supplierUser, tenant.employee, admin]) {
      expectError(await t.as(person).put("/api/enterprise-epis", { epiIds: [] }), 403, "FORBIDDEN");
    }
    // Contractors read an affiliated enterprise's configuration, naming it (contractor-reads.test.ts); the admin never.
    for (const person of [tenant.supplierUser, tenant.employee]) {
      expectError(await t.as(person).get("/api/enterprise-epis"), 400, "VALIDATION_FAILED");
    }
    expectError(await t.as(admin).get("/api/enterprise-epis"), 403, "FORBIDDEN");
  });
});
