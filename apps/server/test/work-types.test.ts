import { PROCEDURE_FILE_MAX_BYTES, RISK_LIMITS } from "@openpermit/shared";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { del, expectError, expectFields, get, patch, post, type TFilePart } from "./helpers/http";
import { PDF_BYTES, png, UNKNOWN_ID } from "./helpers/organisation";
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

const HOT_WORK = {
  kind: "procedure",
  name: "Hot work",
  description: "Welding, cutting, grinding",
  procedure: "Clear combustibles within 10 m.",
  checklist: ["Fire watch posted", "Extinguisher at hand"],
};
const addWorkType = async (body: Record<string, unknown> = {}, person: TPerson = tenant.enterpriseUser) => {
  const response = await t.as(person).post("/api/work-types", { ...HOT_WORK, ...body });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string };
};
const addFile = async (id: string, file: TFilePart | null, person: TPerson = tenant.enterpriseUser) =>
  t.as(person).upload("POST", `/api/work-types/${id}/files`, "file", file);

async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet("Steps").addRow(["Isolate", "Lock", "Try"]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe("/api/work-types", () => {
  it("lets the enterprise create, list by kind, search, edit the ordered checklist and delete", async () => {
    const hot = await addWorkType();
    expect(hot).toMatchObject({ ...HOT_WORK, files: [] });
    const general = await addWorkType({
      kind: "general",
      name: "Cleaning",
      checklist: undefined,
      procedure: undefined,
    });
    // One 12-hour shift unless the enterprise allows longer.
    expect(general).toMatchObject({ kind: "general", checklist: [], procedure: "", maxValidityHours: 12 });
    const call = await t.as(tenant.enterpriseUser).call();
    expect((await get(t.app, "/api/work-types?kind=general", call)).json().data).toEqual([
      expect.objectContaining({ id: general.id }),
    ]);
    expect((await get(t.app, "/api/work-types?q=hot", call)).json()).toMatchObject({
      total: 1,
      data: [{ id: hot.id }],
    });
    const reordered = await patch(
      t.app,
      `/api/work-types/${hot.id}`,
      { checklist: ["Extinguisher at hand", "Fire watch posted", "Gas test done"] },
      call,
    );
    expect(reordered.json().data.checklist).toEqual(["Extinguisher at hand", "Fire watch posted", "Gas test done"]);
    const longer = await patch(t.app, `/api/work-types/${hot.id}`, { maxValidityHours: 24 }, call);
    expect(longer.json().data).toMatchObject({ maxValidityHours: 24 });
    expect((await del(t.app, `/api/work-types/${general.id}`, call)).statusCode).toBe(204);
    expectError(await get(t.app, `/api/work-types/${general.id}`, call), 404, "NOT_FOUND");
  });

  it("lets managers read, refuses their writes; contractors and the admin are refused", async () => {
    const wt = await addWorkType();
    for (const person of [tenant.superResponsible, tenant.responsible]) {
      const call = t.as(person);
      expect((await call.get("/api/work-types")).statusCode).toBe(200);
      expect((await call.get(`/api/work-types/${wt.id}`)).statusCode).toBe(200);
      expectError(await call.post("/api/work-types", HOT_WORK), 403, "FORBIDDEN");
      expectError(await call.patch(`/api/work-types/${wt.id}`, { name: "Other" }), 403, "FORBIDDEN");
      expectError(await call.del(`/api/work-types/${wt.id}`), 403, "FORBIDDEN");
      expectError(
        await addFile(wt.id, { data: PDF_BYTES, filename: "p.pdf", type: "application/pdf" }, person),
        403,
        "FORBIDDEN",
      );
    }
    // Contractors read an affiliated enterprise's configuration, naming it (contractor-reads.test.ts); the admin never.
    for (const person of [tenant.supplierUser, tenant.employee]) {
      expectError(await t.as(person).get("/api/work-types"), 400, "VALIDATION_FAILED");
      expectError(await t.as(person).get(`/api/work-types/${wt.id}`), 400, "VALIDATION_FAILED");
    }
    expectError(await t.as(admin).get("/api/work-types"), 403, "FORBIDDEN");
    expectError(await t.as(admin).get(`/api/work-types/${wt.id}`), 403, "FORBIDDEN");
  });

  it("hides another enterprise's work types and their files (404)", async () => {
    const theirs = await addWorkType({ name: "Their work" }, other.enterpriseUser);
    const file = await addFile(
      theirs.id,
      { data: PDF_BYTES, filename: "p.pdf", type: "application/pdf" },
      other.enterpriseUser,
    );
    const call = t.as(tenant.enterpriseUser);
    expect((await call.get("/api/work-types?q=their")).json().total).toBe(0);
    expectError(await call.get(`/api/work-types/${theirs.id}`), 404, "NOT_FOUND");
    expectError(await call.patch(`/api/work-types/${theirs.id}`, { name: "Mine" }), 404, "NOT_FOUND");
    expectError(await call.del(`/api/work-types/${theirs.id}`), 404, "NOT_FOUND");
    expectError(await call.get(file.json().data.url), 404, "NOT_FOUND");
    expectError(await call.del(file.json().data.url), 404, "NOT_FOUND");
    expectError(
      await addFile(theirs.id, { data: PDF_BYTES, filename: "p.pdf", type: "application/pdf" }),
      404,
      "NOT_FOUND",
    );
  });

  it("validates kind, lengths and the checklist", async () => {
    const call = await t.as(tenant.enterpriseUser).call();
    expectFields(await post(t.app, "/api/work-types", {}, call), { kind: "invalidValue", name: "nameRequired" });
    expectFields(
      await post(
        t.app,
        "/api/work-types",
        {
          kind: "special",
          name: "W",
          description: "d".repeat(251),
          procedure: "p".repeat(5001),
          checklist: ["ok", " "],
        },
        call,
      ),
      {
        kind: "invalidValue",
        name: "min2",
        description: "max250",
        procedure: "max5000",
        "checklist.1": "checklistItemRequired",
      },
    );
    expectFields(await post(t.app, "/api/work-types", { ...HOT_WORK, checklist: ["x".repeat(251)] }, call), {
      "checklist.0": "max250",
    });
    expectFields(await post(t.app, "/api/work-types", { ...HOT_WORK, checklist: Array(51).fill("Check") }, call), {
      checklist: "tooManyItems",
    });
    const wt = await addWorkType();
    expectFields(await patch(t.app, `/api/work-types/${wt.id}`, {}, call), { _: "atLeastOneField" });
    for (const maxValidityHours of [0, 169, 1.5, "12"]) {
      expectFields(await patch(t.app, `/api/work-types/${wt.id}`, { maxValidityHours }, call), {
        maxValidityHours: "invalidValue",
      });
    }
  });

  it("keeps which checklist items may be answered not applicable, always naming items of its checklist", async () => {
    const as = t.as(tenant.enterpriseUser);
    const url = (id: string) => `/api/work-types/${id}`;
    const created = await addWorkType({
      checklist: ["Guard fitted", "Scaffold tagged"],
      checklistMayBeNotApplicable: [1],
    });
    expect((await as.get(url(created.id))).json().data.checklistMayBeNotApplicable).toEqual([1]);
    // A position past the checklist, repeated, or negative: refused, on create and on edit.
    for (const [checklistMayBeNotApplicable, field] of [
      [[2], "checklistMayBeNotApplicable"],
      [[1, 1], "checklistMayBeNotApplicable"],
      [[-1], "checklistMayBeNotApplicable.0"],
    ] as const) {
      expectFields(await as.post("/api/work-types", { ...HOT_WORK, checklistMayBeNotApplicable }), {
        [field]: "invalidValue",
      });
    }
    expectFields(await as.patch(url(created.id), { checklistMayBeNotApplicable: [5] }), {
      checklistMayBeNotApplicable: "invalidValue",
    });
    expectFields(await as.patch(url(created.id), { checklist: ["Only one"], checklistMayBeNotApplicable: [1] }), {
      checklistMayBeNotApplicable: "invalidValue",
    });
    // Positions alone are judged against the stored checklist.
    const alone = await as.patch(url(created.id), { checklistMayBeNotApplicable: [0, 1] });
    expect(alone.json().data.checklistMayBeNotApplicable).toEqual([0, 1]);
    // A new checklist without positions clears them: the old positions would name other items now.
    const replaced = await as.patch(url(created.id), { checklist: ["Scaffold tagged", "Guard fitted"] });
    expect(replaced.json().data).toMatchObject({
      checklist: ["Scaffold tagged", "Guard fitted"],
      checklistMayBeNotApplicable: [],
    });
    // Another enterprise's work type stays invisible (404), whatever the positions.
    expectError(
      await t.as(other.enterpriseUser).patch(url(created.id), { checklistMayBeNotApplicable: [0] }),
      404,
      "NOT_FOUND",
    );
  });

  // Found by the fuzzer: half a surrogate pair is valid JSON but not text; PostgreSQL refused it in the jsonb
  // checklist and the refusal surfaced as a 500 (and a text column would have kept U+FFFD instead).
  it("refuses text holding half a surrogate pair with 400 and stores nothing; a whole pair is kept", async () => {
    const call = await t.as(tenant.enterpriseUser).call();
    const count = async () =>
      (
        await t.ctx.pool.query("SELECT count(*)::int AS n FROM work_types WHERE enterprise_id = $1", [
          tenant.enterprise.id,
        ])
      ).rows[0].n as number;
    const before = await count();
    for (const body of [
      '{"kind":"general","name":"Welding","checklist":["\\udfff\\ud800"]}',
      '{"kind":"general","name":"Weld \\ud83d","checklist":[]}',
    ]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/work-types",
        headers: { authorization: `Bearer ${call.token}`, "content-type": "application/json" },
        payload: body,
      });
      expectError(response, 400, "VALIDATION_FAILED");
    }
    expect(await count()).toBe(before);
    const fire = await addWorkType({ name: "Fire \ud83d\udd25 watch" });
    const read = await get(t.app, `/api/work-types/${fire.id}`, call);
    expect(read.json().data.name).toBe("Fire 🔥 watch");
  });

  it("keeps procedure files typed by content: PDF, images, office documents; others 415, over 10 MB 413", async () => {
    const wt = await addWorkType();
    const pdf = await addFile(wt.id, { data: PDF_BYTES, filename: "../Hot work.pdf", type: "text/plain" });
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().data).toMatchObject({
      name: "Hot work.pdf",
      contentType: "application/pdf",
      byteSize: PDF_BYTES.length,
    });
    const sheet = await addFile(wt.id, {
      data: await xlsx(),
      filename: "steps.xlsx",
      type: "application/octet-stream",
    });
    expect(sheet.json().data.contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const image = await addFile(wt.id, { data: png(10, 10), filename: "sign.png", type: "image/png" });
    expect(image.json().data.contentType).toBe("image/png");

    const read = await t.as(tenant.responsible).get(`/api/work-types/${wt.id}`);
    expect(read.json().data.files.map((f: { name: string }) => f.name)).toEqual([
      "Hot work.pdf",
      "steps.xlsx",
      "sign.png",
    ]);
    const served = await t.as(tenant.responsible).get(pdf.json().data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["content-disposition"]).toMatch(/^attachment; filename="Hot work.pdf"/);
    expect(served.rawPayload.equals(PDF_BYTES)).toBe(true);

    const html = Buffer.from("<html><script>alert(1)</script></html>");
    expectError(
      await addFile(wt.id, { data: html, filename: "x.pdf", type: "application/pdf" }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(PROCEDURE_FILE_MAX_BYTES)]);
    expectError(
      await addFile(wt.id, { data: big, filename: "big.pdf", type: "application/pdf" }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
    expectFields(await addFile(wt.id, null), { file: "invalidValue" });

    expect((await t.as(tenant.enterpriseUser).del(pdf.json().data.url)).statusCode).toBe(204);
    expectError(await t.as(tenant.enterpriseUser).get(pdf.json().data.url), 404, "NOT_FOUND");
    expectError(
      await t.as(tenant.enterpriseUser).get(`/api/work-types/${wt.id}/files/${UNKNOWN_ID}`),
      404,
      "NOT_FOUND",
    );
  });

  it("keeps at most 20 procedure files per work type", async () => {
    const wt = await addWorkType();
    const pdf = { data: PDF_BYTES, filename: "p.pdf", type: "application/pdf" };
    for (let i = 0; i < RISK_LIMITS.filesPerOwner; i++) expect((await addFile(wt.id, pdf)).statusCode).toBe(201);
    expectFields(await addFile(wt.id, pdf), { file: "tooManyItems" });
  });
});
