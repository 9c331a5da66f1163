import { LOGO_MAX_BYTES } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAffiliation } from "./helpers/contractor-accounts";
import { createEnterprise, createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, get, patch } from "./helpers/http";
import { JPEG_1X1, PDF_BYTES, png, UNKNOWN_ID } from "./helpers/organisation";
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

const putLogo = async (person: TPerson, data: Buffer, filename = "logo.png", type = "image/png") =>
  t.as(person).upload("PUT", "/api/supplier-company/logo", "logo", { data, filename, type });

/** A fresh supplier company with its account and an employee, so tests do not share a profile. */
async function freshSupplier() {
  const company = await createTenant(t.ctx);
  return { id: company.supplier.id, owner: company.supplierUser, employee: company.employee };
}

describe("GET /api/supplier-company", () => {
  it("answers the caller's own company to the supplier account and to its employees", async () => {
    for (const person of [tenant.supplierUser, tenant.employee]) {
      const response = await t.as(person).get("/api/supplier-company");
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({
        id: tenant.supplier.id,
        name: tenant.supplier.name,
        email: tenant.supplier.email,
        phone: null,
        address: null,
        website: null,
        logo: null,
        status: "active",
        createdAt: tenant.supplier.createdAt.toISOString(),
      });
    }
    const theirs = await t.as(other.employee).get("/api/supplier-company");
    expect(theirs.json().data.id).toBe(other.supplier.id);
  });

  it("refuses every other role (403) and anonymous callers (401)", async () => {
    for (const person of [admin, tenant.enterpriseUser, tenant.superResponsible, tenant.responsible]) {
      expectError(await t.as(person).get("/api/supplier-company"), 403, "FORBIDDEN");
    }
    expectError(await get(t.app, "/api/supplier-company"), 401, "UNAUTHENTICATED");
  });
});

describe("PATCH /api/supplier-company", () => {
  it("edits name, phone, address and website; an empty string or null clears an optional one", async () => {
    const { id, owner, employee } = await freshSupplier();
    const me = await t.as(owner).call();
    const changed = await patch(
      t.app,
      "/api/supplier-company",
      {
        name: "  Echafaudages Dupont  ",
        phone: "+33 4 11 22 33 44",
        address: "3 quai Sud",
        website: "https://dupont.fr",
      },
      me,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      id,
      name: "Echafaudages Dupont",
      phone: "+33 4 11 22 33 44",
      address: "3 quai Sud",
      website: "https://dupont.fr",
    });
    const cleared = await patch(t.app, "/api/supplier-company", { phone: "", address: null, website: "" }, me);
    expect(cleared.json().data).toMatchObject({
      name: "Echafaudages Dupont",
      phone: null,
      address: null,
      website: null,
    });
    // The employee reads the change; the e-mail and status are not editable (ignored).
    const ignored = await patch(
      t.app,
      "/api/supplier-company",
      { name: "Dupont SA", email: "x@example.com", status: "disabled" },
      me,
    );
    expect(ignored.json().data).toMatchObject({ name: "Dupont SA", status: "active" });
    expect((await t.as(employee).get("/api/supplier-company")).json().data.email).not.toBe("x@example.com");
  });

  it("names the bad fields (400), including an empty body", async () => {
    const me = await t.as(tenant.supplierUser).call();
    expectFields(await patch(t.app, "/api/supplier-company", {}, me), { _: "atLeastOneField" });
    expectFields(
      await patch(
        t.app,
        "/api/supplier-company",
        { name: "x".repeat(51), phone: "call me", website: "ftp://files.example.com", address: "a".repeat(151) },
        me,
      ),
      { name: "max50", phone: "invalidNumberFormat", website: "validUrl", address: "max150" },
    );
    expectFields(await patch(t.app, "/api/supplier-company", { website: "not a url" }, me), { website: "validUrl" });
    expectFields(await patch(t.app, "/api/supplier-company", { name: "" }, me), { name: "companyNameRequired" });
    // Longer than the column holds: a clear 400, never a database error.
    const long = `https://example.com/${"a".repeat(240)}`;
    expectFields(await patch(t.app, "/api/supplier-company", { website: long }, me), { website: "validUrl" });
  });

  it("refuses the employee and every other role (403)", async () => {
    for (const person of [tenant.employee, admin, tenant.enterpriseUser, tenant.superResponsible, tenant.responsible]) {
      expectError(await t.as(person).patch("/api/supplier-company", { name: "Taken Over" }), 403, "FORBIDDEN");
    }
    expectError(await patch(t.app, "/api/supplier-company", { name: "Taken Over" }), 401, "UNAUTHENTICATED");
    const { rows } = await t.ctx.pool.query("SELECT name FROM suppliers WHERE id = $1", [tenant.supplier.id]);
    expect(rows[0].name).toBe(tenant.supplier.name);
  });
});

describe("the supplier's logo", () => {
  it("uploads a PNG, answers its versioned URL and serves the bytes to the supplier's own people and the admin", async () => {
    const { id, owner, employee } = await freshSupplier();
    const image = png(40, 20);
    const response = await putLogo(owner, image);
    expect(response.statusCode, response.body).toBe(200);
    const logo = response.json().data.logo;
    expect(logo).toEqual({
      url: expect.stringMatching(new RegExp(`^/api/suppliers/${id}/logo\\?v=[0-9a-f-]{36}$`)),
      contentType: "image/png",
      width: 40,
      height: 20,
      updatedAt: expect.any(String),
    });
    expect((await t.as(employee).get("/api/supplier-company")).json().data.logo).toEqual(logo);
    for (const person of [owner, employee, admin]) {
      const served = await t.as(person).get(logo.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.rawPayload.equals(image)).toBe(true);
    }

    // A new upload is a new URL (caches never show the old logo); the old file is gone.
    const replaced = await putLogo(owner, JPEG_1X1, "photo.jpg", "image/jpeg");
    const next = replaced.json().data.logo;
    expect(next).toMatchObject({ contentType: "image/jpeg", width: 1, height: 1 });
    expect(next.url).not.toBe(logo.url);
    const { rows } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM files WHERE id::text = $1", [
      new URL(logo.url, "http://x").searchParams.get("v"),
    ]);
    expect(rows[0].n).toBe(0);
    expect((await t.as(owner).get(next.url)).rawPayload.equals(JPEG_1X1)).toBe(true);
  });

  it("serves the logo to the staff of a principal with an affiliation row, and 404 to everyone else", async () => {
    const { id, owner } = await freshSupplier();
    const { url } = (await putLogo(owner, png(8, 8))).json().data.logo;
    const principal = await createTenant(t.ctx);
    const staff = [principal.enterpriseUser, principal.superResponsible, principal.responsible];
    for (const person of staff) expectError(await t.as(person).get(url), 404, "NOT_FOUND");

    // Any status counts: a detached contractor's history still shows its logo.
    await addAffiliation(t.ctx, principal.enterprise.id, id, "detached");
    for (const person of staff) expect((await t.as(person).get(url)).statusCode).toBe(200);

    // Another principal, another supplier's people: as if there were no logo.
    const stranger = await createEnterprise(t.ctx);
    const strangerBoss = await createUser(t.ctx, "Enterprise", { enterpriseId: stranger.enterprise.id });
    for (const person of [strangerBoss, other.enterpriseUser, other.supplierUser, other.employee]) {
      expectError(await t.as(person).get(url), 404, "NOT_FOUND");
    }
    expectError(await get(t.app, url), 401, "UNAUTHENTICATED");
    expectError(await t.as(admin).get(`/api/suppliers/${UNKNOWN_ID}/logo`), 404, "NOT_FOUND");
    expectError(await t.as(admin).get("/api/suppliers/not-an-id/logo"), 400, "VALIDATION_FAILED");
  });

  it("refuses a file that is not an image whatever its name (415) and one above the limit (413)", async () => {
    const { owner } = await freshSupplier();
    const text = Buffer.from("just some text, not an image at all\n".repeat(4));
    expectError(await putLogo(owner, text, "logo.png", "image/png"), 415, "UNSUPPORTED_MEDIA_TYPE");
    expectError(await putLogo(owner, PDF_BYTES, "logo.webp", "image/webp"), 415, "UNSUPPORTED_MEDIA_TYPE");
    const huge = Buffer.concat([png(4, 4), Buffer.alloc(LOGO_MAX_BYTES)]);
    expectError(await putLogo(owner, huge), 413, "PAYLOAD_TOO_LARGE");
    const missing = await t.as(owner).upload("PUT", "/api/supplier-company/logo", "logo", null);
    expectFields(missing, { logo: "invalidValue" });
    expect((await t.as(owner).get("/api/supplier-company")).json().data.logo).toBeNull();
    const { rows } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM files WHERE created_by = $1", [owner.id]);
    expect(rows[0].n).toBe(0);
  });

  it("removes the logo (twice is harmless); its URL then answers 404", async () => {
    const { owner } = await freshSupplier();
    const { url } = (await putLogo(owner, png(8, 8))).json().data.logo;
    const me = t.as(owner);
    const removed = await me.del("/api/supplier-company/logo");
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.logo).toBeNull();
    expect((await me.del("/api/supplier-company/logo")).json().data.logo).toBeNull();
    expectError(await me.get(url), 404, "NOT_FOUND");
  });

  it("lets only the supplier account upload or remove it (403 for everyone else)", async () => {
    for (const person of [tenant.employee, admin, tenant.enterpriseUser, tenant.superResponsible, tenant.responsible]) {
      expectError(await putLogo(person, png(8, 8)), 403, "FORBIDDEN");
      expectError(await t.as(person).del("/api/supplier-company/logo"), 403, "FORBIDDEN");
    }
    expect((await t.as(tenant.supplierUser).get("/api/supplier-company")).json().data.logo).toBeNull();
  });
});
