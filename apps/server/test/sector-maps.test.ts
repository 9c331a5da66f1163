import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, get, put, type TFilePart, upload } from "./helpers/http";
import { addSector, grant, JPEG_1X1, PDF_BYTES, png, WEBP_1X1 } from "./helpers/organisation";
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

const filesDir = () => path.join(t.dataDir, "files");
const storedFiles = () => fs.readdirSync(filesDir());
const pngPart = (width = 40, height = 25): TFilePart => ({
  data: png(width, height),
  filename: "plan.png",
  type: "image/png",
});
const putMap = async (
  sectorId: string,
  file: TFilePart | null,
  person: TPerson = tenant.enterpriseUser,
  field = "map",
) => t.as(person).upload("PUT", `/api/sectors/${sectorId}/map`, field, file);

describe("PUT /api/sectors/{id}/map", () => {
  it("stores a PNG outside the web root under a random name and serves it from the sector's map url", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const file = pngPart(40, 25);
    const response = await putMap(sector.id, file);
    expect(response.statusCode).toBe(200);
    const { map } = response.json().data;
    const { rows } = await t.ctx.pool.query(
      "SELECT * FROM files WHERE id = (SELECT map_file_id FROM sectors WHERE id = $1)",
      [sector.id],
    );
    const record = rows[0];
    expect(map).toEqual({
      url: `/api/sectors/${sector.id}/map?v=${record.id}`,
      width: 40,
      height: 25,
      contentType: "image/png",
      updatedAt: expect.any(String),
    });
    expect(record).toMatchObject({ content_type: "image/png", byte_size: file.data.length, width: 40, height: 25 });
    expect(record.storage_key).toMatch(/^[0-9a-f]{32}$/);
    const stored = path.join(filesDir(), record.storage_key);
    expect(fs.readFileSync(stored).equals(file.data)).toBe(true);
    expect(fs.statSync(stored).mode & 0o777).toBe(0o600);
    expect(storedFiles().some((name) => name.includes("plan") || name.includes("."))).toBe(false);

    const served = await t.as(tenant.enterpriseUser).get(map.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    // A private image: not kept by the browser after sign-out.
    expect(served.headers["cache-control"]).toBe("private, no-store");
    expect(served.rawPayload.equals(file.data)).toBe(true);
  });

  it("accepts JPEG and WebP, typed by their content", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    for (const [data, type] of [
      [JPEG_1X1, "image/jpeg"],
      [WEBP_1X1, "image/webp"],
    ] as const) {
      // The client's name and type are not taken: the content says what the file is.
      const response = await putMap(sector.id, { data, filename: "plan.bin", type: "application/octet-stream" });
      expect(response.json().data.map).toMatchObject({ contentType: type, width: 1, height: 1 });
      const served = await t.as(tenant.enterpriseUser).get(response.json().data.map.url);
      expect(served.headers["content-type"]).toBe(type);
    }
  });

  it("replaces the map: a new url, and the old file is gone from the disk and the database", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const first = (await putMap(sector.id, pngPart(10, 10))).json().data.map;
    const before = storedFiles();
    const second = (await putMap(sector.id, pngPart(20, 30))).json().data.map;
    expect(second.url).not.toBe(first.url);
    expect(second).toMatchObject({ width: 20, height: 30 });
    const after = storedFiles();
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
    const oldId = new URL(first.url, "http://x").searchParams.get("v");
    const { rows } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM files WHERE id = $1", [oldId]);
    expect(rows[0].n).toBe(0);
  });

  it("refuses a file that is not a PNG, JPEG or WebP image by its content (415), whatever its name", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const wrong: TFilePart[] = [
      { data: PDF_BYTES, filename: "plan.pdf", type: "application/pdf" },
      { data: Buffer.from("just some text, not an image"), filename: "plan.png", type: "image/png" },
      {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        filename: "plan.svg",
        type: "image/svg+xml",
      },
      { data: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), filename: "plan.gif", type: "image/gif" },
    ];
    const before = storedFiles().length;
    for (const file of wrong) expectError(await putMap(sector.id, file), 415, "UNSUPPORTED_MEDIA_TYPE");
    expect(storedFiles()).toHaveLength(before);
    expect((await t.as(tenant.enterpriseUser).get(`/api/sectors/${sector.id}`)).json().data.map).toBeNull();
  });

  it("refuses a file over 10 MB (413) and keeps the current map", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const current = (await putMap(sector.id, pngPart())).json().data.map;
    const big = Buffer.concat([png(4, 4), Buffer.alloc(10 * 1024 * 1024 + 1 - png(4, 4).length)]);
    const before = storedFiles().length;
    expectError(
      await putMap(sector.id, { data: big, filename: "huge.png", type: "image/png" }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
    expect(storedFiles()).toHaveLength(before);
    expect((await t.as(tenant.enterpriseUser).get(`/api/sectors/${sector.id}`)).json().data.map).toEqual(current);
  });

  it("needs the file in the field `map`, as multipart", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    expectFields(await putMap(sector.id, null), { map: "sectorMapRequired" });
    expectFields(await putMap(sector.id, pngPart(), tenant.enterpriseUser, "image"), { map: "sectorMapRequired" });
    expectFields(await putMap(sector.id, { data: Buffer.alloc(0), filename: "empty.png", type: "image/png" }), {
      map: "sectorMapRequired",
    });
    const json = await put(
      t.app,
      `/api/sectors/${sector.id}/map`,
      { map: "plan.png" },
      await t.as(tenant.enterpriseUser).call(),
    );
    expectError(json, 415, "UNSUPPORTED_MEDIA_TYPE");
    const broken = await t.app.inject({
      method: "PUT",
      url: `/api/sectors/${sector.id}/map`,
      headers: {
        ...{ authorization: `Bearer ${(await t.as(tenant.enterpriseUser).call()).token}` },
        "content-type": "multipart/form-data; boundary=xyz",
      },
      payload: '--xyz\r\nContent-Disposition: form-data; name="map"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(broken.json().error.code, broken.body).toBe("VALIDATION_FAILED");
    expect(broken.statusCode).toBeLessThan(500);
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    // Other routes still refuse multipart bodies, as a cross-site form could send them.
    const elsewhere = await upload(
      t.app,
      "PUT",
      "/api/permissions/cell",
      "map",
      pngPart(),
      await t.as(tenant.enterpriseUser).call(),
    );
    expectError(elsewhere, 415, "UNSUPPORTED_MEDIA_TYPE");
  });
});

describe("who may upload and see a map", () => {
  it("lets a super-responsible upload in its own division only; responsibles and other roles never", async () => {
    const mine = await addSector(t.ctx, tenant.division);
    const theirs = await addSector(t.ctx, tenant.otherDivision);
    const elsewhere = await addSector(t.ctx, other.division);
    expect((await putMap(mine.id, pngPart(), tenant.superResponsible)).statusCode).toBe(200);
    expectError(await putMap(theirs.id, pngPart(), tenant.superResponsible), 404, "NOT_FOUND");
    expectError(await putMap(elsewhere.id, pngPart(), tenant.enterpriseUser), 404, "NOT_FOUND");
    await grant(t.ctx, tenant.responsible.id, mine.id, "both");
    for (const person of [tenant.responsible, admin, tenant.supplierUser, tenant.employee]) {
      expectError(await putMap(mine.id, pngPart(), person), 403, "FORBIDDEN");
    }
    const anonymous = await upload(t.app, "PUT", `/api/sectors/${mine.id}/map`, "map", pngPart());
    expectError(anonymous, 401, "UNAUTHENTICATED");
  });

  it("serves a map only to people who may see its sector", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    const { url } = (await putMap(sector.id, pngPart())).json().data.map;
    const granted = await createUser(t.ctx, "Responsible", {
      enterpriseId: tenant.enterprise.id,
      divisionId: tenant.division.id,
    });
    await grant(t.ctx, granted.id, sector.id, "verifier");
    const notGranted = await createUser(t.ctx, "Responsible", {
      enterpriseId: tenant.enterprise.id,
      divisionId: tenant.division.id,
    });
    const otherSuper = await createUser(t.ctx, "SuperResponsible", {
      enterpriseId: tenant.enterprise.id,
      divisionId: tenant.otherDivision.id,
    });

    for (const person of [tenant.enterpriseUser, tenant.superResponsible, granted]) {
      const response = await t.as(person).get(url);
      expect({ role: person.role, status: response.statusCode }).toEqual({ role: person.role, status: 200 });
      expect(response.headers["content-type"]).toBe("image/png");
    }
    for (const person of [notGranted, otherSuper, other.enterpriseUser, other.superResponsible]) {
      expectError(await t.as(person).get(url), 404, "NOT_FOUND");
    }
    // Contractors see the maps of their principals only (contractor-reads.test.ts); this one is not theirs.
    for (const person of [tenant.supplierUser, tenant.employee]) {
      expectError(await t.as(person).get(url), 404, "NOT_FOUND");
    }
    expectError(await t.as(admin).get(url), 403, "FORBIDDEN");
    expectError(await get(t.app, url), 401, "UNAUTHENTICATED");

    expect((await t.as(tenant.enterpriseUser).del(`/api/sectors/${sector.id}`)).statusCode).toBe(204);
    expectError(await t.as(tenant.enterpriseUser).get(url), 404, "NOT_FOUND");
  });

  it("answers 404 for a sector without a map", async () => {
    const sector = await addSector(t.ctx, tenant.division);
    expectError(await t.as(tenant.enterpriseUser).get(`/api/sectors/${sector.id}/map`), 404, "NOT_FOUND");
  });
});
