import { ICON_MAX_BYTES } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { del, expectError, expectFields, get, patch, post, type TFilePart, upload } from "./helpers/http";
import { JPEG_1X1, PDF_BYTES, png, tokenOf, UNKNOWN_ID } from "./helpers/organisation";
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
    await as(person),
  );
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string };
};
const addRisk = async (body: Record<string, unknown> = {}, person: TPerson = tenant.enterpriseUser) => {
  const response = await post(t.app, "/api/specific-risks", { ...HEIGHT, ...body }, await as(person));
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string; links: { id: string }[] };
};
const putLogogram = async (id: string, file: TFilePart | null, person: TPerson = tenant.enterpriseUser) =>
  upload(t.app, "PUT", `/api/specific-risks/${id}/logogram`, "logogram", file, await as(person));

describe("/api/links", () => {
  it("lets the enterprise add, list by tag or search, edit and delete; managers read; others refused", async () => {
    const link = await addLink();
    await addLink({ title: "Permit rules", url: "http://intranet.example.com/rules", tag: "Rules" });
    const call = await as(tenant.enterpriseUser);
    expect((await get(t.app, "/api/links?tag=training", call)).json()).toMatchObject({
      total: 1,
      data: [{ id: link.id }],
    });
    expect((await get(t.app, "/api/links?q=permit", call)).json().total).toBe(1);
    const edited = await patch(t.app, `/api/links/${link.id}`, { tag: "" }, call);
    expect(edited.json().data).toMatchObject({ title: "Harness video", tag: "" });
    for (const person of [tenant.superResponsible, tenant.responsible]) {
      expect((await get(t.app, "/api/links", await as(person))).json().total).toBe(2);
      expectError(
        await post(t.app, "/api/links", { title: "Xx", url: "https://x.example.com" }, await as(person)),
        403,
        "FORBIDDEN",
      );
      expectError(await patch(t.app, `/api/links/${link.id}`, { tag: "x" }, await as(person)), 403, "FORBIDDEN");
      expectError(await del(t.app, `/api/links/${link.id}`, await as(person)), 403, "FORBIDDEN");
    }
    for (const person of [tenant.supplierUser, tenant.employee, admin]) {
      expectError(await get(t.app, "/api/links", await as(person)), 403, "FORBIDDEN");
    }
    // Another enterprise sees none of them, and cannot touch them.
    expect((await get(t.app, "/api/links", await as(other.enterpriseUser))).json().total).toBe(0);
    expectError(
      await patch(t.app, `/api/links/${link.id}`, { tag: "x" }, await as(other.enterpriseUser)),
      404,
      "NOT_FOUND",
    );
    expectError(await del(t.app, `/api/links/${link.id}`, await as(other.enterpriseUser)), 404, "NOT_FOUND");
    expect((await del(t.app, `/api/links/${link.id}`, call)).statusCode).toBe(204);
    expectError(await del(t.app, `/api/links/${link.id}`, call), 404, "NOT_FOUND");
  });

  it("validates title, URL and tag", async () => {
    const call = await as(tenant.enterpriseUser);
    expectFields(await post(t.app, "/api/links", {}, call), { title: "titleRequired", url: "urlRequired" });
    expectFields(
      await post(t.app, "/api/links", { title: "X", url: "javascript:alert(1)", tag: "t".repeat(51) }, call),
      {
        title: "min2",
        url: "validUrl",
        tag: "max50",
      },
    );
    expectFields(await post(t.app, "/api/links", { title: "T".repeat(51), url: "not a url" }, call), {
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
    const call = await as(tenant.enterpriseUser);
    const edited = await patch(t.app, `/api/specific-risks/${risk.id}`, { trainingUrl: "", linkIds: [video.id] }, call);
    expect(edited.json().data).toMatchObject({
      trainingUrl: null,
      links: [{ id: video.id }],
      checklist: HEIGHT.checklist,
    });
    // A deleted link leaves the risk.
    await del(t.app, `/api/links/${video.id}`, call);
    expect((await get(t.app, `/api/specific-risks/${risk.id}`, call)).json().data.links).toEqual([]);
    expect((await get(t.app, "/api/specific-risks?q=height", call)).json()).toMatchObject({ total: 1 });
    expect((await del(t.app, `/api/specific-risks/${risk.id}`, call)).statusCode).toBe(204);
    expectError(await get(t.app, `/api/specific-risks/${risk.id}`, call), 404, "NOT_FOUND");
  });

  it("lets managers read, refuses their writes; contractors and the admin are refused", async () => {
    const risk = await addRisk();
    for (const person of [tenant.superResponsible, tenant.responsible]) {
      const call = await as(person);
      expect((await get(t.app, `/api/specific-risks/${risk.id}`, call)).statusCode).toBe(200);
      expect((await get(t.app, "/api/specific-risks", call)).statusCode).toBe(200);
      expectError(await post(t.app, "/api/specific-risks", HEIGHT, call), 403, "FORBIDDEN");
      expectError(await patch(t.app, `/api/specific-risks/${risk.id}`, { name: "Other" }, call), 403, "FORBIDDEN");
      expectError(await del(t.app, `/api/specific-risks/${risk.id}`, call), 403, "FORBIDDEN");
      expectError(
        await putLogogram(risk.id, { data: png(8, 8), filename: "l.png", type: "image/png" }, person),
        403,
        "FORBIDDEN",
      );
    }
    // Contractors read an affiliated enterprise's configuration, naming it (contractor-reads.test.ts); the admin never.
    for (const person of [tenant.supplierUser, tenant.employee]) {
      expectError(await get(t.app, "/api/specific-risks", await as(person)), 400, "VALIDATION_FAILED");
    }
    expectError(await get(t.app, "/api/specific-risks", await as(admin)), 403, "FORBIDDEN");
  });

  it("hides another enterprise's specific risks and refuses its links (404, 400)", async () => {
    const theirs = await addRisk({ name: "Their risk" }, other.enterpriseUser);
    const theirLink = await addLink({}, other.enterpriseUser);
    const call = await as(tenant.enterpriseUser);
    expect((await get(t.app, "/api/specific-risks?q=their", call)).json().total).toBe(0);
    expectError(await get(t.app, `/api/specific-risks/${theirs.id}`, call), 404, "NOT_FOUND");
    expectError(await patch(t.app, `/api/specific-risks/${theirs.id}`, { name: "Mine" }, call), 404, "NOT_FOUND");
    expectError(await del(t.app, `/api/specific-risks/${theirs.id}`, call), 404, "NOT_FOUND");
    expectError(
      await putLogogram(theirs.id, { data: png(8, 8), filename: "l.png", type: "image/png" }),
      404,
      "NOT_FOUND",
    );
    expectError(await get(t.app, `/api/specific-risks/${theirs.id}/logogram`, call), 404, "NOT_FOUND");
    expectFields(await post(t.app, "/api/specific-risks", { ...HEIGHT, linkIds: [theirLink.id] }, call), {
      linkIds: "invalidValue",
    });
  });

  it("validates the description, checklist, training URL and procedure links", async () => {
    const call = await as(tenant.enterpriseUser);
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
    const served = await get(t.app, url, await as(tenant.responsible));
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
      await as(tenant.enterpriseUser),
    );
    expect(file.statusCode).toBe(201);
    const fileUrl = file.json().data.url;
    expect(
      (await get(t.app, `/api/specific-risks/${risk.id}`, await as(tenant.responsible))).json().data.files,
    ).toHaveLength(1);
    expect((await get(t.app, fileUrl, await as(tenant.responsible))).rawPayload.equals(PDF_BYTES)).toBe(true);
    expectError(await get(t.app, fileUrl, await as(other.enterpriseUser)), 404, "NOT_FOUND");
    expectError(await del(t.app, fileUrl, await as(tenant.responsible)), 403, "FORBIDDEN");
    expect((await del(t.app, fileUrl, await as(tenant.enterpriseUser))).statusCode).toBe(204);
    expectError(
      await del(t.app, `/api/specific-risks/${risk.id}/files/${UNKNOWN_ID}`, await as(tenant.enterpriseUser)),
      404,
      "NOT_FOUND",
    );
  });
});
