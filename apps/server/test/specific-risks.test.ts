import { ICON_MAX_BYTES } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, post, type TFilePart, upload } from "./helpers/http";
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

const HEIGHT = {
  name: "Working at height",
  description: "Any work where a fall of 2 m or more is possible.",
  checklist: ["Harness inspected", "Anchor point rated 12 kN", "Rescue plan in place"],
  trainingUrl: "https://training.example.com/height",
  procedureLinks: [{ title: "Height procedure", url: "https://docs.example.com/height.pdf" }],
};
const addLink = async (body: Record<string, unknown> = {}, person: TPerson = tenant.enterpriseUser) => {
  const response = await post(
    t.app,
    "/api/links",
    { title: "Harness video", url: "https://video.example.com/harness", tag: "Training", ...body },
    await t.as(person).call(),
  );
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string };
};
const addRisk = async (body: Record<string, unknown> = {}, person: TPerson = tenant.enterpriseUser) => {
  const response = await t.as(person).post("/api/specific-risks", { ...HEIGHT, ...body });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string; links: { id: string }[]; checklistMayBeNotApplicable: number[] };
};
const putLogogram = async (id: string, file: TFilePart | null, person: TPerson = tenant.enterpriseUser) =>
  t.as(person).upload("PUT", `/api/specific-risks/${id}/logogram`, "logogram", file);

describe("/api/links", () => {
  it("lets the enterprise add, list by tag or search, edit and delete; managers read; others refused", async () => {
    const link = await addLink();
    await addLink({ title: "Permit rules", url: "http://intranet.example.com/rules", tag: "Rules" });
    const call = t.as(tenant.enterpriseUser);
    expect((await call.get("/api/links?tag=training")).json()).toMatchObject({
      total: 1,
      data: [{ id: link.id }],
    });
    expect((await call.get("/api/links?q=permit")).json().total).toBe(1);
    const edited = await call.patch(`/api/links/${link.id}`, { tag: "" });
    expect(edited.json().data).toMatchObject({ title: "Harness video", tag: "" });
    for (const person of [tenant.superResponsible, tenant.responsible]) {
      expect((await t.as(person).get("/api/links")).json().total).toBe(2);
      expectError(
        await t.as(person).post("/api/links", { title: "Xx", url: "https://x.example.com" }),
        403,
        "FORBIDDEN",
      );
      expectError(await t.as(person).patch(`/api/links/${link.id}`, { tag: "x" }), 403, "FORBIDDEN");
      expectError(await t.as(person).del(`/api/links/${link.id}`), 403, "FORBIDDEN");
    }
    for (const person of [tenant.supplierUser, tenant.employee, admin]) {
      expectError(await t.as(person).get("/api/links"), 403, "FORBIDDEN");
    }
    // Another enterprise sees none of them, and cannot touch them.
    expect((await t.as(other.enterpriseUser).get("/api/links")).json().total).toBe(0);
    expectError(await t.as(other.enterpriseUser).patch(`/api/links/${link.id}`, { tag: "x" }), 404, "NOT_FOUND");
    expectError(await t.as(other.enterpriseUser).del(`/api/links/${link.id}`), 404, "NOT_FOUND");
    expect((await call.del(`/api/links/${link.id}`)).statusCode).toBe(204);
    expectError(await call.del(`/api/links/${link.id}`), 404, "NOT_FOUND");
  });

  it("validates title, URL and tag", async () => {
    const call = t.as(tenant.enterpriseUser);
    expectFields(await call.post("/api/links", {}), { title: "titleRequired", url: "urlRequired" });
    expectFields(await call.post("/api/links", { title: "X", url: "javascript:alert(1)", tag: "t".repeat(51) }), {
      title: "min2",
      url: "validUrl",
      tag: "max50",
    });
    expectFields(await call.post("/api/links", { title: "T".repeat(51), url: "not a url" }), {
      title: "max50",
      url: "validUrl",
    });
  });
});

describe("/api/specific-risks", () => {
  it("lets the enterprise create with links, checklist, training and procedure links, then edit and delete", async () => {
    const video = await addLink();
    const rules = await addLink({ title: "Rules" });
    const risk = await addRisk({ linkIds: [rules.id, video.id] });
    expect(risk).toMatchObject({ ...HEIGHT, logogram: null, files: [] });
    expect(risk.links.map((l) => l.id)).toEqual([rules.id, video.id]);
    const call = t.as(tenant.enterpriseUser);
    const edited = await call.patch(`/api/specific-risks/${risk.id}`, { trainingUrl: "", linkIds: [video.id] });
    expect(edited.json().data).toMatchObject({
      trainingUrl: null,
      links: [{ id: video.id }],
      checklist: HEIGHT.checklist,
    });
    // A deleted link leaves the risk.
    await call.del(`/api/links/${video.id}`);
    expect((await call.get(`/api/specific-risks/${risk.id}`)).json().data.links).toEqual([]);
    expect((await call.get("/api/specific-risks?q=height")).json()).toMatchObject({ total: 1 });
    expect((await call.del(`/api/specific-risks/${risk.id}`)).statusCode).toBe(204);
    expectError(await call.get(`/api/specific-risks/${risk.id}`), 404, "NOT_FOUND");
  });

  it("keeps which checklist items may be answered not applicable, naming items of its checklist", async () => {
    const call = t.as(tenant.enterpriseUser);
    const risk = await addRisk({ checklistMayBeNotApplicable: [HEIGHT.checklist.length - 1] });
    expect(risk.checklistMayBeNotApplicable).toEqual([HEIGHT.checklist.length - 1]);
    expectFields(await call.patch(`/api/specific-risks/${risk.id}`, { checklistMayBeNotApplicable: [50] }), {
      "checklistMayBeNotApplicable.0": "invalidValue",
    });
    expectFields(
      await call.patch(`/api/specific-risks/${risk.id}`, { checklistMayBeNotApplicable: [HEIGHT.checklist.length] }),
      { checklistMayBeNotApplicable: "invalidValue" },
    );
    const replaced = await call.patch(`/api/specific-risks/${risk.id}`, { checklist: ["Harness checked"] });
    expect(replaced.json().data.checklistMayBeNotApplicable).toEqual([]);
  });

  it("lets managers read, refuses their writes; contractors and the admin are refused", async () => {
    const risk = await addRisk();
    for (const person of [tenant.superResponsible, tenant.responsible]) {
      const call = t.as(person);
      expect((await call.get(`/api/specific-risks/${risk.id}`)).statusCode).toBe(200);
      expect((await call.get("/api/specific-risks")).statusCode).toBe(200);
      expectError(await call.post("/api/specific-risks", HEIGHT), 403, "FORBIDDEN");
      expectError(await call.patch(`/api/specific-risks/${risk.id}`, { name: "Other" }), 403, "FORBIDDEN");
      expectError(await call.del(`/api/specific-risks/${risk.id}`), 403, "FORBIDDEN");
      expectError(
        await putLogogram(risk.id, { data: png(8, 8), filename: "l.png", type: "image/png" }, person),
        403,
        "FORBIDDEN",
      );
    }
    // Contractors read an affiliated enterprise's configuration, naming it (contractor-reads.test.ts); the admin never.
    for (const person of [tenant.supplierUser, tenant.employee]) {
      expectError(await t.as(person).get("/api/specific-risks"), 400, "VALIDATION_FAILED");
    }
    expectError(await t.as(admin).get("/api/specific-risks"), 403, "FORBIDDEN");
  });

  it("hides another enterprise's specific risks and refuses its links (404, 400)", async () => {
    const theirs = await addRisk({ name: "Their risk" }, other.enterpriseUser);
    const theirLink = await addLink({}, other.enterpriseUser);
    const call = t.as(tenant.enterpriseUser);
    expect((await call.get("/api/specific-risks?q=their")).json().total).toBe(0);
    expectError(await call.get(`/api/specific-risks/${theirs.id}`), 404, "NOT_FOUND");
    expectError(await call.patch(`/api/specific-risks/${theirs.id}`, { name: "Mine" }), 404, "NOT_FOUND");
    expectError(await call.del(`/api/specific-risks/${theirs.id}`), 404, "NOT_FOUND");
    expectError(
      await putLogogram(theirs.id, { data: png(8, 8), filename: "l.png", type: "image/png" }),
      404,
      "NOT_FOUND",
    );
    expectError(await call.get(`/api/specific-risks/${theirs.id}/logogram`), 404, "NOT_FOUND");
    expectFields(await call.post("/api/specific-risks", { ...HEIGHT, linkIds: [theirLink.id] }), {
      linkIds: "invalidValue",
    });
  });

  it("validates the description, checklist, training URL and procedure links", async () => {
    const call = await t.as(tenant.enterpriseUser).call();
    expectFields(await post(t.app, "/api/specific-risks", {}, call), {
      name: "nameRequired",
      description: "descriptionRequired",
    });
    expectFields(
      await post(
        t.app,
        "/api/specific-risks",
        {
          name: "Confined space",
          description: "d".repeat(251),
          checklist: [""],
          trainingUrl: "ftp://files.example.com/x",
          procedureLinks: [{ title: "", url: "nope" }],
          linkIds: ["x"],
        },
        call,
      ),
      {
        description: "max250",
        "checklist.0": "checklistItemRequired",
        trainingUrl: "validUrl",
        "procedureLinks.0.title": "titleRequired",
        "procedureLinks.0.url": "validUrl",
        "linkIds.0": "invalidValue",
      },
    );
  });

  it("takes a PNG, JPEG or WebP logogram ≤ 2 MB (415, 413 otherwise) and procedure files", async () => {
    const risk = await addRisk();
    const logo = png(32, 32);
    const response = await putLogogram(risk.id, { data: logo, filename: "harness.png", type: "image/png" });
    expect(response.statusCode).toBe(200);
    const { url } = response.json().data.logogram;
    const served = await t.as(tenant.responsible).get(url);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(logo)).toBe(true);
    const jpeg = await putLogogram(risk.id, { data: JPEG_1X1, filename: "l.jpg", type: "image/jpeg" });
    expect(jpeg.json().data.logogram.contentType).toBe("image/jpeg");
    expectError(
      await putLogogram(risk.id, { data: PDF_BYTES, filename: "l.png", type: "image/png" }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    const big = Buffer.concat([png(4, 4), Buffer.alloc(ICON_MAX_BYTES)]);
    expectError(
      await putLogogram(risk.id, { data: big, filename: "l.png", type: "image/png" }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
    expectFields(await putLogogram(risk.id, null), { logogram: "invalidValue" });

    const file = await upload(
      t.app,
      "POST",
      `/api/specific-risks/${risk.id}/files`,
      "file",
      { data: PDF_BYTES, filename: "rescue.pdf", type: "application/pdf" },
      await t.as(tenant.enterpriseUser).call(),
    );
    expect(file.statusCode).toBe(201);
    const fileUrl = file.json().data.url;
    expect((await t.as(tenant.responsible).get(`/api/specific-risks/${risk.id}`)).json().data.files).toHaveLength(1);
    expect((await t.as(tenant.responsible).get(fileUrl)).rawPayload.equals(PDF_BYTES)).toBe(true);
    expectError(await t.as(other.enterpriseUser).get(fileUrl), 404, "NOT_FOUND");
    expectError(await t.as(tenant.responsible).del(fileUrl), 403, "FORBIDDEN");
    expect((await t.as(tenant.enterpriseUser).del(fileUrl)).statusCode).toBe(204);
    expectError(
      await t.as(tenant.enterpriseUser).del(`/api/specific-risks/${risk.id}/files/${UNKNOWN_ID}`),
      404,
      "NOT_FOUND",
    );
  });
});
