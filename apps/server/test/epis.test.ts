import { ICON_MAX_BYTES } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { del, expectError, expectFields, get, patch, post, put, type TFilePart, upload } from "./helpers/http";
import { JPEG_1X1, PDF_BYTES, png, tokenOf, UNKNOWN_ID, WEBP_1X1 } from "./helpers/organisation";
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

const as = async (person: TPerson) => ({ token: await tokenOf(t.ctx, person) });
const addEpi = async (name = "Safety helmet") => {
  const response = await post(t.app, "/api/epis", { name, description: "EN 397" }, await as(admin));
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string; name: string };
};
const putIcon = async (id: string, file: TFilePart | null, person: TPerson = admin) =>
  upload(t.app, "PUT", `/api/epis/${id}/icon`, "icon", file, await as(person));

describe("the EPI catalogue (/api/epis)", () => {
  it("lets the admin create, list, search, read, edit and delete", async () => {
    const epi = await addEpi("Ear defenders");
    expect(epi).toMatchObject({ name: "Ear defenders", description: "EN 397", icon: null, deletedAt: null });
    const list = await get(t.app, "/api/epis?q=defend", await as(admin));
    expect(list.json()).toMatchObject({ page: 1, pageSize: 20, total: 1, data: [{ id: epi.id }] });
    const edited = await patch(t.app, `/api/epis/${epi.id}`, { description: "" }, await as(admin));
    expect(edited.json().data).toMatchObject({ name: "Ear defenders", description: "" });
    expect((await del(t.app, `/api/epis/${epi.id}`, await as(admin))).statusCode).toBe(204);
    // Gone from the catalogue, still readable for the permits that name it.
    expect((await get(t.app, "/api/epis?q=defend", await as(admin))).json().total).toBe(0);
    const read = await get(t.app, `/api/epis/${epi.id}`, await as(admin));
    expect(read.json().data.deletedAt).toEqual(expect.any(String));
    expectError(await patch(t.app, `/api/epis/${epi.id}`, { name: "Again" }, await as(admin)), 404, "NOT_FOUND");
    expectError(await del(t.app, `/api/epis/${epi.id}`, await as(admin)), 404, "NOT_FOUND");
    expectError(await get(t.app, `/api/epis/${UNKNOWN_ID}`, await as(admin)), 404, "NOT_FOUND");
  });

  it("refuses everyone but the admin", async () => {
    const epi = await addEpi();
    for (const person of [tenant.enterpriseUser, tenant.superResponsible, tenant.responsible, tenant.supplierUser]) {
      const call = await as(person);
      expectError(await get(t.app, "/api/epis", call), 403, "FORBIDDEN");
      expectError(await get(t.app, `/api/epis/${epi.id}`, call), 403, "FORBIDDEN");
      expectError(await post(t.app, "/api/epis", { name: "Gloves" }, call), 403, "FORBIDDEN");
      expectError(await patch(t.app, `/api/epis/${epi.id}`, { name: "Gloves" }, call), 403, "FORBIDDEN");
      expectError(await del(t.app, `/api/epis/${epi.id}`, call), 403, "FORBIDDEN");
      expectError(
        await putIcon(epi.id, { data: png(8, 8), filename: "i.png", type: "image/png" }, person),
        403,
        "FORBIDDEN",
      );
    }
    expectError(await get(t.app, "/api/epis"), 401, "UNAUTHENTICATED");
  });

  it("validates names and descriptions", async () => {
    const call = await as(admin);
    expectFields(await post(t.app, "/api/epis", {}, call), { name: "nameRequired" });
    expectFields(await post(t.app, "/api/epis", { name: "G" }, call), { name: "min2" });
    expectFields(await post(t.app, "/api/epis", { name: "G".repeat(51), description: "d".repeat(251) }, call), {
      name: "max50",
      description: "max250",
    });
    const epi = await addEpi();
    expectFields(await patch(t.app, `/api/epis/${epi.id}`, {}, call), { _: "atLeastOneField" });
  });

  it("takes PNG, JPEG and WebP icons by content, serves them to any signed-in user, refuses others (415, 413)", async () => {
    const epi = await addEpi();
    const icon = png(16, 16);
    const response = await putIcon(epi.id, { data: icon, filename: "x.bin", type: "application/octet-stream" });
    expect(response.statusCode).toBe(200);
    const { url } = response.json().data.icon;
    expect(response.json().data.icon).toMatchObject({ contentType: "image/png", width: 16, height: 16 });
    for (const person of [tenant.employee, tenant.responsible, admin]) {
      const served = await get(t.app, url, await as(person));
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
      await as(tenant.enterpriseUser),
    );
    expect(picked.json().data.epiIds).toEqual([gloves.id, goggles.id]);
    await put(t.app, "/api/enterprise-epis", { epiIds: [goggles.id] }, await as(tenant.enterpriseUser));
    for (const person of [tenant.enterpriseUser, tenant.superResponsible, tenant.responsible]) {
      const mine = await get(t.app, "/api/enterprise-epis?selected=true&pageSize=100", await as(person));
      expect(mine.json().data.map((e: { id: string }) => e.id)).toEqual([goggles.id]);
    }
    const all = await get(t.app, "/api/enterprise-epis?q=gloves", await as(tenant.enterpriseUser));
    expect(all.json().data).toEqual([expect.objectContaining({ id: gloves.id, selected: false })]);
    // Another enterprise's picks are its own.
    const theirs = await get(t.app, "/api/enterprise-epis?selected=true", await as(other.enterpriseUser));
    expect(theirs.json().total).toBe(0);
    // A deleted EPI leaves the picks.
    await del(t.app, `/api/epis/${goggles.id}`, await as(admin));
    expect((await get(t.app, "/api/enterprise-epis?selected=true", await as(tenant.enterpriseUser))).json().total).toBe(
      0,
    );
    expectFields(await put(t.app, "/api/enterprise-epis", { epiIds: [goggles.id] }, await as(tenant.enterpriseUser)), {
      epiIds: "invalidValue",
    });
    expectFields(await put(t.app, "/api/enterprise-epis", { epiIds: ["nope"] }, await as(tenant.enterpriseUser)), {
      "epiIds.0": "invalidValue",
    });
  });

  it("lets only the enterprise pick; contractors and the admin are refused", async () => {
    for (const person of [tenant.superResponsible, tenant.responsible, tenant.supplierUser, tenant.employee, admin]) {
      expectError(await put(t.app, "/api/enterprise-epis", { epiIds: [] }, await as(person)), 403, "FORBIDDEN");
    }
    // Contractors read an affiliated enterprise's configuration, naming it (contractor-reads.test.ts); the admin never.
    for (const person of [tenant.supplierUser, tenant.employee]) {
      expectError(await get(t.app, "/api/enterprise-epis", await as(person)), 400, "VALIDATION_FAILED");
    }
    expectError(await get(t.app, "/api/enterprise-epis", await as(admin)), 403, "FORBIDDEN");
  });
});
