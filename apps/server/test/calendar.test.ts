import { eq } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarFeeds, permits, suppliers, users } from "../src/db/schema";
import { FeedTokens } from "../src/modules/calendar/feed-token";
import { affiliate, createSupplierWithPeople } from "./helpers/affiliations";
import { createUser, type TPerson } from "./helpers/factories";
import { expectError, get, post } from "./helpers/http";
import { UNKNOWN_ID } from "./helpers/organisation";
import { completeDraft, createPermitWorld, putInStatus, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
const ids: Record<string, string> = {};

const DAY = 24 * 60 * 60 * 1000;
// Relative to today, so the feed's window (30 days back, 180 ahead) always holds them.
const day0 = new Date(Math.floor(Date.now() / DAY) * DAY + 10 * DAY);
const at = (days: number, hours = 0) => new Date(day0.getTime() + days * DAY + hours * 60 * 60 * 1000).toISOString();

async function make(name: string, person: TPerson, overrides = {}) {
  const response = await t.as(person).post("/api/permits", completeDraft(w, overrides));
  expect(response.statusCode, response.body).toBe(201);
  ids[name] = response.json().data.id;
  return ids[name]!;
}

const calendarOf = async (person: TPerson, query: string) => t.as(person).get(`/api/permits/calendar?${query}`);

/** The names of the permits a person's calendar shows for a period (and filters), in the answer's order. */
async function names(person: TPerson, from: string, to: string, filters = "") {
  const query = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${filters}`;
  const response = await calendarOf(person, query);
  expect(response.statusCode, response.body).toBe(200);
  const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  return response.json().data.events.map((event: { id: string }) => byId.get(event.id) ?? event.id);
}
const week = (person: TPerson, filters = "") => names(person, at(-1), at(6), filters);

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  await make("sent", w.employee, { taskTitle: "Weld flange A", startAt: at(0, 8), endAt: at(0, 17) });
  await putInStatus(t.ctx, ids.sent!, "sended", { documentNumber: "PTW-2026-000001" });
  await make("draft", w.employee, { taskTitle: "Paint the railing", startAt: at(1, 8), endAt: at(1, 12) });
  await make("noStart", w.employee, { taskTitle: "Someday", startAt: null, endAt: null });
  await make("elsewhere", w.otherSupplier.employee, {
    taskTitle: "Insulation",
    sectorId: w.otherSector.id,
    checklist: [],
    riskIds: [],
    startAt: at(2, 8),
    endAt: at(3, 8),
  });
  await putInStatus(t.ctx, ids.elsewhere!, "sended", { documentNumber: "PTW-2026-000002" });
  await make("later", w.employee, { taskTitle: "Next season", startAt: at(200, 8), endAt: at(200, 9) });
  await putInStatus(t.ctx, ids.later!, "sended", { documentNumber: "PTW-2026-000003" });
});
afterAll(async () => t.close());

describe("GET /api/permits/calendar", () => {
  it("gives each permit of the period on its day, with its status, level, place and contractor", async () => {
    const response = await calendarOf(w.enterpriseUser, `from=${at(-1)}&to=${at(6)}`);
    expect(response.statusCode, response.body).toBe(200);
    const { events, truncated } = response.json().data;
    expect(truncated).toBe(false);
    expect(events[0]).toEqual({
      id: ids.sent,
      documentNumber: "PTW-2026-000001",
      taskTitle: "Weld flange A",
      status: "sended",
      startAt: at(0, 8),
      endAt: at(0, 17),
      criticality: { name: "High", colour: "#e03131" },
      sector: { id: w.sector.id, name: w.sector.name },
      contractor: { id: w.supplier.id, name: w.supplier.name },
    });
    // The contractor's never-sent draft is its own: not on the principal's calendar.
    expect(await week(w.enterpriseUser)).toEqual(["sent", "elsewhere"]);
  });

  it("shows each person only the permits the list shows it", async () => {
    expect(await week(w.superResponsible)).toEqual(["sent"]);
    expect(await week(w.verifier)).toEqual(["sent"]);
    expect(await week(w.otherDivisionResponsible)).toEqual(["elsewhere"]);
    expect(await week(w.employee)).toEqual(["sent", "draft"]);
    expect(await week(w.supplierUser)).toEqual(["sent", "draft"]);
    expect(await week(w.otherSupplier.supplierUser)).toEqual(["elsewhere"]);
    expect(await week(w.otherSupplier.employee)).toEqual(["elsewhere"]);
    expect(await week(w.otherTenant.enterpriseUser)).toEqual([]);
    expect(await week(w.otherTenant.responsible)).toEqual([]);
    expectError(await calendarOf(w.admin, `from=${at(-1)}&to=${at(6)}`), 403, "FORBIDDEN");
    expectError(await get(t.app, `/api/permits/calendar?from=${at(-1)}&to=${at(6)}`), 401, "UNAUTHENTICATED");
  });

  it("takes the period as [from, to): a permit ending at `from` or starting at `to` is out", async () => {
    const e = w.enterpriseUser;
    expect(await names(w.supplierUser, at(0, 17), at(1, 9))).toEqual(["draft"]);
    expect(await names(e, at(0, 17), at(1, 9))).toEqual([]);
    expect(await names(e, at(0), at(0, 8))).toEqual([]);
    expect(await names(e, at(0, 16), at(0, 18))).toEqual(["sent"]);
    expect(await names(e, at(2, 12), at(2, 13))).toEqual(["elsewhere"]);
    expect(await names(e, at(180), at(230))).toEqual(["later"]);
  });

  it("refuses a period that is missing, reversed or longer than 62 days", async () => {
    const e = w.enterpriseUser;
    expectError(await calendarOf(e, `from=${at(0)}`), 400, "VALIDATION_FAILED");
    expectError(await calendarOf(e, `from=${at(2)}&to=${at(1)}`), 400, "VALIDATION_FAILED");
    expectError(await calendarOf(e, `from=${at(1)}&to=${at(1)}`), 400, "VALIDATION_FAILED");
    expectError(await calendarOf(e, `from=${at(0)}&to=${at(62, 1)}`), 400, "VALIDATION_FAILED");
    expectError(await calendarOf(e, `from=yesterday&to=${at(1)}`), 400, "VALIDATION_FAILED");
    expect((await calendarOf(e, `from=${at(0)}&to=${at(62)}`)).statusCode).toBe(200);
  });

  it("applies the list's filters", async () => {
    const e = w.enterpriseUser;
    expect(await week(e, "&status=sended")).toEqual(["sent", "elsewhere"]);
    expect(await week(w.supplierUser, "&status=pending,Recheck")).toEqual(["draft"]);
    expect(await week(e, "&status=pending,Recheck")).toEqual([]);
    expect(await week(e, `&sectorId=${w.otherSector.id}`)).toEqual(["elsewhere"]);
    expect(await week(e, `&divisionId=${w.division.id}`)).toEqual(["sent"]);
    expect(await week(e, `&contractorId=${w.otherSupplier.supplier.id}`)).toEqual(["elsewhere"]);
    expect(await week(e, `&workTypeId=${w.workType.id}`)).toEqual(["sent", "elsewhere"]);
    expect(await week(e, "&criticality=High")).toEqual(["sent", "elsewhere"]);
    expect(await week(e, "&criticality=Low")).toEqual([]);
    expect(await week(w.supplierUser, "&q=railing")).toEqual(["draft"]);
    expect(await week(e, "&q=000002")).toEqual(["elsewhere"]);
    expectError(await calendarOf(e, `from=${at(0)}&to=${at(1)}&status=sent`), 400, "VALIDATION_FAILED");
  });

  it("stops at 1000 permits and says so", async () => {
    const tenant = w.otherTenant;
    const start = new Date(at(40)).getTime();
    await t.ctx.db.insert(permits).values(
      Array.from({ length: 1001 }, (_, i) => ({
        enterpriseId: tenant.enterprise.id,
        createdBy: tenant.enterpriseUser.id,
        internal: true,
        taskTitle: `Round ${i}`,
        startAt: new Date(start + i * 60_000),
        endAt: new Date(start + i * 60_000 + 30 * 60_000),
      })),
    );
    const response = await calendarOf(tenant.enterpriseUser, `from=${at(39)}&to=${at(42)}`);
    const { events, truncated } = response.json().data;
    expect(events).toHaveLength(1000);
    expect(truncated).toBe(true);
    expect(events[0].taskTitle).toBe("Round 0");
    expect(await names(tenant.enterpriseUser, at(39), at(40, 2))).toHaveLength(120);
  });
});

/** The feed's path as the app serves it (the URL carries the public origin). */
const pathOf = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string) => get(t.app, pathOf(url));

async function createFeed(person: TPerson): Promise<string> {
  const response = await t.as(person).post("/api/calendar-feed", undefined);
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json().data;
  expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/public\/calendar\/[0-9a-f-]{36}\.[\w-]{43}\.ics$/);
  return url;
}

/** URL;VALUE=URI:… parses as `{ params, val }`. */
function linkOf(event: VEvent): string {
  const url = event.url as unknown;
  return typeof url === "string" ? url : (url as { val: string }).val;
}

function eventsIn(body: string): VEvent[] {
  return Object.values(ical.sync.parseICS(body)).filter((c): c is VEvent => c?.type === "VEVENT");
}

describe("the private calendar feed", () => {
  it("is none until created; the address is the same when read again", async () => {
    const e = t.as(w.employee);
    expect((await e.get("/api/calendar-feed")).json().data).toEqual({ url: null, createdAt: null });
    const url = await createFeed(w.employee);
    const read = await e.get("/api/calendar-feed");
    expect(read.headers["cache-control"]).toBe("private, no-store");
    expect(read.json().data).toEqual({ url, createdAt: expect.any(String) });
  });

  it("is valid iCalendar with the owner's permits, worded in its language, linking into its area", async () => {
    const url = await createFeed(w.superResponsible);
    const response = await fetchFeed(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const events = eventsIn(response.body);
    const sent = events.find((event) => event.uid === `${ids.sent}@openpermit`);
    expect(sent).toBeDefined();
    expect(sent!.start.toISOString()).toBe(at(0, 8));
    expect(sent!.end?.toISOString()).toBe(at(0, 17));
    expect(sent!.summary).toBe("PTW-2026-000001 Weld flange A (Sent)");
    expect(sent!.description).toBe(`Sector: ${w.sector.name}\nContractor: ${w.supplier.name}`);
    expect(linkOf(sent!)).toBe(`${t.ctx.config.publicUrl}/superresponsible/permit/${ids.sent}`);
    // Its division's sent permits of the window only: not another division's, not one beyond 180 days, none
    // undated, no contractor's never-sent draft.
    expect(events.map((event) => event.uid)).toEqual([`${ids.sent}@openpermit`]);
    // The contractor's own feed has its draft, without a number.
    const own = eventsIn((await fetchFeed(await createFeed(w.employee))).body);
    expect(own.map((event) => event.uid).sort()).toEqual([`${ids.draft}@openpermit`, `${ids.sent}@openpermit`].sort());
    expect(own.find((event) => event.uid === `${ids.draft}@openpermit`)!.summary).toBe("Paint the railing (Saved)");
  });

  it("lists what its owner sees now, in its language", async () => {
    const url = await createFeed(w.otherDivisionResponsible);
    await t.ctx.db.update(users).set({ language: "fr" }).where(eq(users.id, w.otherDivisionResponsible.id));
    const events = eventsIn((await fetchFeed(url)).body);
    expect(events.map((event) => [event.uid, event.summary])).toEqual([
      [`${ids.elsewhere}@openpermit`, "PTW-2026-000002 Insulation (Envoyé)"],
    ]);
    expect(linkOf(events[0]!)).toBe(`${t.ctx.config.publicUrl}/responsible/permit/${ids.elsewhere}`);
    const contractor = eventsIn((await fetchFeed(await createFeed(w.otherSupplier.employee))).body);
    expect(contractor.map((event) => event.uid)).toEqual([`${ids.elsewhere}@openpermit`]);
    expect(linkOf(contractor[0]!)).toBe(`${t.ctx.config.publicUrl}/employee/list-permis-sent/${ids.elsewhere}`);
    const otherTenant = eventsIn((await fetchFeed(await createFeed(w.otherTenant.enterpriseUser))).body);
    const ours = new Set(Object.values(ids).map((id) => `${id}@openpermit`));
    expect(otherTenant.filter((event) => ours.has(event.uid))).toEqual([]);
  });

  it("notes when it was last read, and keeps its address out of the log", async () => {
    const url = await createFeed(w.supplierUser);
    const feedId = pathOf(url).split("/").pop()!.split(".")[0]!;
    await fetchFeed(url);
    const [row] = await t.ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
    expect(row!.lastReadAt).not.toBeNull();
    const secret = pathOf(url).split("/").pop()!.split(".")[1]!;
    expect(t.logLines.filter((line) => line.includes(secret))).toEqual([]);
  });

  it("reset: the old address stops working, the new one works", async () => {
    const old = await createFeed(w.verifier);
    const renewed = await createFeed(w.verifier);
    expect(renewed).not.toBe(old);
    expectError(await fetchFeed(old), 404, "NOT_FOUND");
    expect((await fetchFeed(renewed)).statusCode).toBe(200);
    const read = await t.as(w.verifier).get("/api/calendar-feed");
    expect(read.json().data.url).toBe(renewed);
  });

  it("turned off: its address is refused and none is shown", async () => {
    const url = await createFeed(w.approver);
    const off = await t.as(w.approver).del("/api/calendar-feed");
    expect(off.statusCode).toBe(204);
    expectError(await fetchFeed(url), 404, "NOT_FOUND");
    expect((await t.as(w.approver).get("/api/calendar-feed")).json().data.url).toBeNull();
    expect((await t.as(w.approver).del("/api/calendar-feed")).statusCode).toBe(204);
  });

  it("refuses forged, malformed and unknown addresses", async () => {
    const url = await createFeed(w.enterpriseUser);
    const path = pathOf(url);
    const [feedId, mac] = path
      .split("/")
      .pop()!
      .replace(/\.ics$/, "")
      .split(".") as [string, string];
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === "A" ? "B" : "A"}${mac.at(-1)}`;
    const base = "/api/public/calendar";
    expectError(await get(t.app, `${base}/${feedId}.${flipped}.ics`), 404, "NOT_FOUND");
    expectError(await get(t.app, `${base}/${UNKNOWN_ID}.${mac}.ics`), 404, "NOT_FOUND");
    expectError(await get(t.app, `${base}/${feedId}.ics`), 404, "NOT_FOUND");
    expectError(await get(t.app, `${base}/${feedId}.${mac}.x.ics`), 404, "NOT_FOUND");
    expect((await get(t.app, `${base}/${feedId}.${mac}`)).statusCode).toBe(404);
    // Well signed, but for a feed that does not exist (deleted long ago).
    const signed = new FeedTokens(t.ctx.codeKey).sign(UNKNOWN_ID);
    expectError(await get(t.app, `${base}/${signed}.ics`), 404, "NOT_FOUND");
    expect((await fetchFeed(url)).statusCode).toBe(200);
  });

  it("closes with its owner: a disabled person or company reads nothing (404)", async () => {
    const person = await createUser(t.ctx, "Responsible", {
      enterpriseId: w.enterprise.id,
      divisionId: w.division.id,
    });
    const url = await createFeed(person);
    expect((await fetchFeed(url)).statusCode).toBe(200);
    await t.ctx.db.update(users).set({ status: "disabled" }).where(eq(users.id, person.id));
    expectError(await fetchFeed(url), 404, "NOT_FOUND");

    const contractor = await createSupplierWithPeople(t.ctx);
    await affiliate(t.ctx, w.enterprise.id, contractor.supplier.id);
    const contractorUrl = await createFeed(contractor.employee);
    expect((await fetchFeed(contractorUrl)).statusCode).toBe(200);
    await t.ctx.db.update(suppliers).set({ status: "disabled" }).where(eq(suppliers.id, contractor.supplier.id));
    expectError(await fetchFeed(contractorUrl), 404, "NOT_FOUND");
  });

  it("is for permit parties only: the admin has none, a signed-out caller is asked to sign in", async () => {
    const admin = t.as(w.admin);
    expectError(await admin.get("/api/calendar-feed"), 403, "FORBIDDEN");
    expectError(await admin.post("/api/calendar-feed", undefined), 403, "FORBIDDEN");
    expectError(await admin.del("/api/calendar-feed"), 403, "FORBIDDEN");
    expectError(await get(t.app, "/api/calendar-feed"), 401, "UNAUTHENTICATED");
    expectError(await post(t.app, "/api/calendar-feed"), 401, "UNAUTHENTICATED");
  });
});
