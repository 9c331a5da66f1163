import { V } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { links } from "../src/db/schema";
import { affiliate, createSupplierWithPeople } from "./helpers/affiliations";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, get } from "./helpers/http";
import { png, UNKNOWN_ID } from "./helpers/organisation";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
/** Affiliated with `tenant`'s enterprise now. */
let affiliated: Awaited<ReturnType<typeof createSupplierWithPeople>>;
/** Only invited by `tenant`'s enterprise: not yet one of its contractors. */
let invited: Awaited<ReturnType<typeof createSupplierWithPeople>>;

const VIDEO = "dQw4w9WgXcQ";
interface TDay {
  closed: boolean;
  open: string | null;
  close: string | null;
}
const WEEK: TDay[] = [
  ...Array.from({ length: 5 }, () => ({ closed: false, open: "07:30", close: "17:00" })),
  { closed: false, open: "08:00", close: "12:00" },
  { closed: true, open: null, close: null },
];
const PAGE = {
  name: "Rhône Works",
  email: "contact@rhone.example",
  phone: "+33 4 72 00 00 00",
  address: "1 quai du Rhône, Lyon",
  website: "https://rhone.example",
  serviceDescription: "Refining and storage.",
  itinerary: "Gate B, then follow the blue line.",
  youtubeUrls: [`https://youtu.be/${VIDEO}`],
  businessHours: WEEK,
  socialLinks: [{ network: "linkedin", url: "https://www.linkedin.com/company/rhone" }],
};

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.ctx);
  other = await createTenant(t.ctx);
  affiliated = await createSupplierWithPeople(t.ctx);
  invited = await createSupplierWithPeople(t.ctx);
  await affiliate(t.ctx, tenant.enterprise.id, affiliated.supplier.id);
  await affiliate(t.ctx, tenant.enterprise.id, invited.supplier.id, "invited");
  await t.ctx.db.insert(links).values([
    { enterpriseId: tenant.enterprise.id, title: "Site rules", url: "https://rhone.example/rules", tag: "safety" },
    { enterpriseId: other.enterprise.id, title: "Other rules", url: "https://other.example/rules", tag: "" },
  ]);
});
afterAll(() => t.close());

const savePage = async (body: unknown, person: TPerson = tenant.enterpriseUser) =>
  t.as(person).put("/api/enterprise/company", body);
const ownPage = async (person: TPerson) => t.as(person).get("/api/enterprise/company");
const pageOf = async (enterpriseId: string, person: TPerson) =>
  t.as(person).get(`/api/enterprises/${enterpriseId}/company`);
const putLogo = async (person: TPerson, data: Buffer, filename = "logo.png", type = "image/png") =>
  t.as(person).upload("PUT", "/api/enterprise/company/logo", "logo", { data, filename, type });
const stored = async () => (await ownPage(tenant.enterpriseUser)).json().data;

describe("the enterprise's company page", () => {
  it("is saved whole by the Enterprise, videos kept as canonical watch URLs", async () => {
    const saved = await savePage(PAGE);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      id: tenant.enterprise.id,
      ...PAGE,
      youtubeUrls: [`https://www.youtube.com/watch?v=${VIDEO}`],
      logo: null,
      updatedAt: expect.any(String),
    });
    expect(await stored()).toEqual(saved.json().data);
  });

  it("is read by its managers, who may not write it", async () => {
    for (const person of [tenant.superResponsible, tenant.responsible]) {
      const read = await ownPage(person);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().data.id).toBe(tenant.enterprise.id);
      expectError(await savePage({ ...PAGE, name: "Taken over" }, person), 403, "FORBIDDEN");
      expectError(await putLogo(person, png(4, 4)), 403, "FORBIDDEN");
      expectError(await t.as(person).del("/api/enterprise/company/logo"), 403, "FORBIDDEN");
    }
    expect((await stored()).name).toBe(PAGE.name);
  });

  it("cannot be written by contractors or the admin", async () => {
    const admin = await createUser(t.ctx, "Admin");
    for (const person of [affiliated.supplierUser, affiliated.employee, admin]) {
      expectError(await savePage({ ...PAGE, name: "Taken over" }, person), 403, "FORBIDDEN");
      expectError(await ownPage(person), 403, "FORBIDDEN");
    }
    expectError(await pageOf(tenant.enterprise.id, admin), 403, "FORBIDDEN");
    expect((await stored()).name).toBe(PAGE.name);
  });

  it("clears optional fields sent empty and accepts a page without hours", async () => {
    const minimal = await savePage({ name: "Rhône Works", email: "contact@rhone.example", website: "", itinerary: "" });
    expect(minimal.statusCode, minimal.body).toBe(200);
    expect(minimal.json().data).toMatchObject({
      website: null,
      itinerary: null,
      youtubeUrls: [],
      businessHours: null,
      socialLinks: [],
    });
    expect((await savePage(PAGE)).statusCode).toBe(200);
  });
});

describe("validation (400 in the error shape, nothing stored)", () => {
  const refused = async (body: unknown, fields: Record<string, string>) => {
    const before = await stored();
    expectFields(await savePage(body), fields);
    expect(await stored()).toEqual(before);
  };

  it("accepts only YouTube video URLs", async () => {
    await refused(
      { ...PAGE, youtubeUrls: [`https://youtu.be/${VIDEO}`, "https://vimeo.com/1234"] },
      {
        "youtubeUrls.1": V.youtubeOnly,
      },
    );
    await refused({ ...PAGE, youtubeUrls: ["https://www.youtube.com/@channel"] }, { "youtubeUrls.0": V.youtubeOnly });
    await refused(
      { ...PAGE, youtubeUrls: [`http://www.youtube.com/watch?v=${VIDEO}`] },
      {
        "youtubeUrls.0": V.youtubeOnly,
      },
    );
    const eleven = Array.from(
      { length: 11 },
      (_, i) => `https://youtu.be/${VIDEO.slice(0, 9)}${String(i).padStart(2, "0")}`,
    );
    await refused({ ...PAGE, youtubeUrls: eleven }, { youtubeUrls: V.tooManyItems });
  });

  it("checks business hours: seven days, open before close, times required unless Closed", async () => {
    await refused({ ...PAGE, businessHours: WEEK.slice(0, 6) }, { businessHours: V.sevenDays });
    const bad = WEEK.map((day) => ({ ...day }));
    bad[0] = { closed: false, open: "17:00", close: "08:00" };
    bad[1] = { closed: false, open: "09:00", close: "09:00" };
    bad[2] = { closed: false, open: null, close: "12:00" };
    bad[3] = { closed: false, open: "25:00", close: "26:00" };
    await refused(
      { ...PAGE, businessHours: bad },
      {
        "businessHours.0.close": V.closeAfterOpen,
        "businessHours.1.close": V.closeAfterOpen,
        "businessHours.2.open": V.timeRequired,
        "businessHours.3.open": V.timeFormat,
        "businessHours.3.close": V.timeFormat,
      },
    );
  });

  it("wants valid URLs for the website and social links, from the fixed networks", async () => {
    await refused({ ...PAGE, website: "not a url" }, { website: V.validUrl });
    await refused(
      { ...PAGE, socialLinks: [{ network: "linkedin", url: "javascript:alert(1)" }] },
      {
        "socialLinks.0.url": V.validUrl,
      },
    );
    await refused(
      { ...PAGE, socialLinks: [{ network: "myspace", url: "https://myspace.com/x" }] },
      {
        "socialLinks.0.network": V.invalidValue,
      },
    );
  });

  it("limits the texts", async () => {
    await refused(
      { ...PAGE, serviceDescription: "x".repeat(2001), itinerary: "y".repeat(2001) },
      {
        serviceDescription: V.max2000,
        itinerary: V.max2000,
      },
    );
    await refused({ ...PAGE, name: "" }, { name: V.companyNameRequired });
    await refused({ ...PAGE, email: "nope" }, { email: V.invalidEmail });
  });
});

describe("the page contractors read", () => {
  it("is open to an affiliated supplier and its employees, without any purchase summary", async () => {
    for (const person of [affiliated.supplierUser, affiliated.employee]) {
      const read = await pageOf(tenant.enterprise.id, person);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().data).toEqual(await stored());
      expect(Object.keys(read.json().data)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/credit|purchase|remaining|total|used/i)]),
      );
    }
  });

  it("lists the enterprise's useful links, a page at a time", async () => {
    const read = await get(
      t.app,
      `/api/enterprises/${tenant.enterprise.id}/company/links?pageSize=5`,
      await t.as(affiliated.employee).call(),
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ page: 1, pageSize: 5, total: 1 });
    expect(read.json().data.map((l: { title: string }) => l.title)).toEqual(["Site rules"]);
  });

  it("answers 404 to an unaffiliated or only invited contractor, and for another enterprise or an unknown one", async () => {
    for (const person of [invited.supplierUser, invited.employee, other.supplierUser]) {
      expectError(await pageOf(tenant.enterprise.id, person), 404, "COMPANY_NOT_LISTED");
      const links = await t.as(person).get(`/api/enterprises/${tenant.enterprise.id}/company/links`);
      expectError(links, 404, "COMPANY_NOT_LISTED");
    }
    expectError(await pageOf(other.enterprise.id, affiliated.supplierUser), 404, "COMPANY_NOT_LISTED");
    expectError(await pageOf(UNKNOWN_ID, affiliated.supplierUser), 404, "COMPANY_NOT_LISTED");
    // The principal's own staff read their own page here too, never another tenant's.
    expect((await pageOf(tenant.enterprise.id, tenant.responsible)).statusCode).toBe(200);
    expectError(await pageOf(other.enterprise.id, tenant.enterpriseUser), 404, "COMPANY_NOT_LISTED");
  });
});

describe("the company logo", () => {
  it("is uploaded by the Enterprise and served to the page's readers only", async () => {
    const uploaded = await putLogo(tenant.enterpriseUser, png(8, 8));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url } = uploaded.json().data.logo;
    expect(url).toMatch(new RegExp(`^/api/enterprises/${tenant.enterprise.id}/company/logo\\?v=[0-9a-f-]{36}$`));
    for (const person of [tenant.enterpriseUser, tenant.responsible, affiliated.supplierUser, affiliated.employee]) {
      const served = await t.as(person).get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
    }
    for (const person of [invited.supplierUser, other.enterpriseUser]) {
      expectError(await t.as(person).get(url), 404, "COMPANY_NOT_LISTED");
    }
  });

  it("is checked by content: a text file named .png is refused (415) and the stored logo kept", async () => {
    const before = (await stored()).logo;
    const text = Buffer.from("<svg onload=alert(1)></svg>");
    expectError(await putLogo(tenant.enterpriseUser, text, "logo.png", "image/png"), 415, "UNSUPPORTED_MEDIA_TYPE");
    expect((await stored()).logo).toEqual(before);
  });

  it("is removed by the Enterprise, twice harmlessly, and then no longer served", async () => {
    const { url } = (await stored()).logo;
    const removed = await t.as(tenant.enterpriseUser).del("/api/enterprise/company/logo");
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.logo).toBeNull();
    expect((await t.as(tenant.enterpriseUser).del("/api/enterprise/company/logo")).statusCode).toBe(200);
    expectError(await t.as(tenant.enterpriseUser).get(url), 404, "NOT_FOUND");
  });
});
