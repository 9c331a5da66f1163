import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PERMIT_FILE_MAX_BYTES, PERMIT_LIMITS } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TPerson } from "./helpers/factories";
import { expectError } from "./helpers/http";
import { PDF_BYTES, png } from "./helpers/organisation";
import { completeDraft, createPermitWorld, putInStatus, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
const pdf = (data: Buffer = PDF_BYTES) => ({ data, filename: "method statement.pdf", type: "application/pdf" });

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

async function draftOf(person: TPerson) {
  const response = await t.as(person).post("/api/permits", completeDraft(w));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}
const attach = async (id: string, person: TPerson, file = pdf()) =>
  t.as(person).upload("POST", `/api/permits/${id}/files`, "file", file);

describe("permit files", () => {
  it("attaches a file to a draft and serves it, as an attachment, to whoever sees the permit", async () => {
    const id = await draftOf(w.employee);
    const added = await attach(id, w.supplierUser);
    expect(added.statusCode, added.body).toBe(201);
    const file = added.json().data;
    expect(file).toMatchObject({ name: "method statement.pdf", contentType: "application/pdf" });
    expect(file.url).toBe(`/api/permits/${id}/files/${file.id}`);
    const permit = (await t.as(w.employee).get(`/api/permits/${id}`)).json().data;
    expect(permit.files).toEqual([file]);
    // The principal reads a permit's files once it is sent, never a draft's.
    expectError(await t.as(w.verifier).get(file.url), 404, "NOT_FOUND");
    await putInStatus(t.ctx, id, "Recheck");

    const served = await t.as(w.verifier).get(file.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(served.rawPayload.equals(PDF_BYTES)).toBe(true);
    // Even an image downloads: a permit's files come from outside the company.
    const image = await attach(id, w.employee, { data: png(4, 4), filename: "site.png", type: "image/png" });
    const shown = await t.as(w.enterpriseUser).get(image.json().data.url);
    expect(shown.headers["content-disposition"]).toMatch(/^attachment;/);

    expectError(await t.as(w.otherTenant.enterpriseUser).get(file.url), 404, "NOT_FOUND");
    expectError(await t.as(w.otherSupplier.supplierUser).get(file.url), 404, "NOT_FOUND");
  });

  it("refuses a file by its content (415), too large (413), and past the limit (409)", async () => {
    const id = await draftOf(w.employee);
    const fake = await attach(id, w.employee, {
      data: Buffer.from("MZ not a pdf"),
      filename: "x.pdf",
      type: "application/pdf",
    });
    expectError(fake, 415, "UNSUPPORTED_MEDIA_TYPE");
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(PERMIT_FILE_MAX_BYTES)]);
    expect((await attach(id, w.employee, pdf(big))).statusCode).toBe(413);
    // Larger than a sector map may be, within a permit file's limit.
    const fifteen = Buffer.concat([PDF_BYTES, Buffer.alloc(15 * 1024 * 1024)]);
    expect((await attach(id, w.employee, pdf(fifteen))).statusCode).toBe(201);
    for (let i = 1; i < PERMIT_LIMITS.filesMax; i++) expect((await attach(id, w.employee)).statusCode).toBe(201);
    expectError(await attach(id, w.employee), 409, "CONFLICT");
  });

  it("streams a file to the storage: what is stored is what was sent, and a refused upload leaves nothing", async () => {
    const id = await draftOf(w.employee);
    const stored = () =>
      fs
        .readdirSync(path.join(t.dataDir, "files"))
        .filter((f) => !f.startsWith("."))
        .sort();
    const before = stored();
    expectError(
      await attach(id, w.employee, { data: Buffer.from("MZ not a pdf"), filename: "x.pdf", type: "application/pdf" }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(PERMIT_FILE_MAX_BYTES)]);
    expect((await attach(id, w.employee, pdf(big))).statusCode).toBe(413);
    expect(stored()).toEqual(before);

    // Several megabytes, in many chunks: the bytes and their digest are the ones sent.
    const sent = Buffer.concat([PDF_BYTES, Buffer.alloc(6 * 1024 * 1024, 7)]);
    const added = await attach(id, w.employee, pdf(sent));
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.byteSize).toBe(sent.length);
    const [record] = (
      await t.ctx.pool.query(
        "SELECT f.storage_key, f.byte_size, f.sha256 FROM permit_files p JOIN files f ON f.id = p.file_id WHERE p.id = $1",
        [added.json().data.id],
      )
    ).rows;
    expect(record.sha256).toBe(createHash("sha256").update(sent).digest("hex"));
    expect(Number(record.byte_size)).toBe(sent.length);
    expect(fs.readFileSync(path.join(t.dataDir, "files", record.storage_key)).equals(sent)).toBe(true);
    expect(stored()).toEqual([...before, record.storage_key].sort());
  });

  it("lets only the creator's side change files, and only while a draft", async () => {
    const id = await draftOf(w.employee);
    const file = (await attach(id, w.employee)).json().data;
    expectError(await attach(id, w.enterpriseUser), 404, "NOT_FOUND");
    expectError(await attach(id, w.otherTenant.employee), 404, "NOT_FOUND");
    expectError(await t.as(w.verifier).del(file.url), 404, "NOT_FOUND");
    // Sent back for a recheck, the principal sees the draft but may not change its files.
    await putInStatus(t.ctx, id, "Recheck");
    expectError(await attach(id, w.enterpriseUser), 403, "FORBIDDEN");
    expectError(await t.as(w.verifier).del(file.url), 403, "FORBIDDEN");
    await putInStatus(t.ctx, id, "sended");
    expectError(await attach(id, w.employee), 409, "CONFLICT");
    expectError(await t.as(w.employee).del(file.url), 409, "CONFLICT");
    await putInStatus(t.ctx, id, "Recheck");
    expect((await t.as(w.supplierUser).del(file.url)).statusCode).toBe(204);
    expectError(await t.as(w.employee).get(file.url), 404, "NOT_FOUND");
  });

  it("removes a deleted draft's files with it", async () => {
    const id = await draftOf(w.employee);
    await attach(id, w.employee);
    const before = await t.ctx.pool.query("SELECT count(*)::int AS n FROM files");
    expect((await t.as(w.employee).del(`/api/permits/${id}`)).statusCode).toBe(204);
    const after = await t.ctx.pool.query("SELECT count(*)::int AS n FROM files");
    expect(after.rows[0].n).toBe(before.rows[0].n - 1);
  });
});
