import type { TPermitStatus } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permitClashAcknowledgements, permitIsolations, permits, workTypes } from "../src/db/schema";
import type { TPerson } from "./helpers/factories";
import { expectError, expectFields } from "./helpers/http";
import { addSubSector, UNKNOWN_ID } from "./helpers/organisation";
import { pdfText } from "./helpers/pdf";
import { completeDraft, createPermitWorld, putInStatus, SIGNED, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;
let slot = 0;
const HOUR = 3_600_000;
let confinedSpace: { id: string };
let otherSubSector: { id: string };

beforeAll(async () => {
  // The bodies go as written: these tests acknowledge clashes themselves (or not).
  t = await createTestApp({}, { clashes: "as-sent" });
  w = await createPermitWorld(t.ctx);
  const [added] = await t.ctx.db
    .insert(workTypes)
    .values({ enterpriseId: w.enterprise.id, kind: "general", name: "Confined-space entry" })
    .returning();
  confinedSpace = added!;
  otherSubSector = await addSubSector(t.ctx, w.sector.id, "Tank 4");
});
afterAll(async () => t.close());

/** A window of its own for each test (a day apart, from tomorrow): the tests' permits never meet by accident. */
function nextWindow() {
  slot += 1;
  const startAt = new Date(Math.ceil(Date.now() / HOUR) * HOUR + slot * 24 * HOUR);
  return { startAt, endAt: new Date(startAt.getTime() + 8 * HOUR) };
}
const iso = (window: { startAt: Date; endAt: Date }) => ({
  startAt: window.startAt.toISOString(),
  endAt: window.endAt.toISOString(),
});

/** A draft of the world's employee at the world's sub-sector in `window`. */
async function draftIn(window: { startAt: Date; endAt: Date }, by: TPerson = w.employee) {
  const response = await t.as(by).post("/api/permits", completeDraft(w, iso(window)));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}
/** Another permit put straight into `status`, with `fields` (its place, window, work type…). */
async function otherIn(
  window: { startAt: Date; endAt: Date },
  status: TPermitStatus = "Approved",
  fields: Partial<typeof permits.$inferInsert> = {},
) {
  const id = await draftIn(window);
  await putInStatus(t.ctx, id, status, { ...window, ...fields }, { crew: false });
  return id;
}
const clashesOf = async (id: string, by: TPerson = w.employee) => {
  const response = await t.as(by).get(`/api/permits/${id}/clashes`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    clashes: Array<{ permit: { id: string | null; documentNumber: string }; rules: string[] }>;
    acknowledgements: Array<{ step: string; remark: string; otherPermit: { id: string }; by: { id: string } }>;
  };
};
const rulesOf = async (id: string) =>
  Object.fromEntries((await clashesOf(id)).clashes.map((c) => [c.permit.id, c.rules]));
/** The document number a permit was given (every clashing permit has one). */
const numberOf = async (id: string) =>
  (await t.as(w.verifier).get(`/api/permits/${id}`)).json().data.documentNumber as string;
const ack = (...numbers: string[]) => ({
  clashAcknowledgements: numbers.map((documentNumber) => ({
    documentNumber,
    remark: "Hot work stops while the tank is entered",
  })),
});
const act = (id: string, action: string, by: TPerson, body: object = {}) =>
  t.as(by).post(`/api/permits/${id}/${action}`, action === "send" ? body : { ...SIGNED, ...body });

describe("detection", () => {
  it("finds the live permits at the same sub-sector, or anywhere in the sector when either names none", async () => {
    const window = nextWindow();
    const mine = await draftIn(window);
    const sameSub = await otherIn(window);
    const wholeSector = await otherIn(window, "In_progress", { subSectorId: null });
    const otherSub = await otherIn(window, "Approved", { subSectorId: otherSubSector.id });
    const otherSector = await otherIn(window, "Approved", { sectorId: w.otherSector.id, subSectorId: null });
    expect(await rulesOf(mine)).toEqual({ [sameSub]: ["samePlace"], [wholeSector]: ["samePlace"] });
    expect(await rulesOf(otherSub)).toEqual({ [wholeSector]: ["samePlace"] });
    expect(await rulesOf(otherSector)).toEqual({});
  });

  it("finds an incompatible work type anywhere in the sector, whichever order the pair was declared in", async () => {
    const window = nextWindow();
    const mine = await draftIn(window);
    const entry = await otherIn(window, "accepted", { subSectorId: otherSubSector.id, workTypeId: confinedSpace.id });
    expect(await rulesOf(mine)).toEqual({});
    const pair = await t
      .as(w.enterpriseUser)
      .post("/api/incompatible-work-types", { workTypeAId: confinedSpace.id, workTypeBId: w.workType.id });
    expect(pair.statusCode, pair.body).toBe(201);
    expect(await rulesOf(mine)).toEqual({ [entry]: ["incompatibleWork"] });
    // Not across sectors.
    await t.ctx.db.update(permits).set({ sectorId: w.otherSector.id, subSectorId: null }).where(eq(permits.id, entry));
    expect(await rulesOf(mine)).toEqual({});
    await t.as(w.enterpriseUser).del(`/api/incompatible-work-types/${pair.json().data.id}`);
  });

  it("finds a permit sharing an isolation point, and names every rule that matched", async () => {
    const window = nextWindow();
    const mine = await draftIn(window);
    const elsewhere = await otherIn(window, "sended", { subSectorId: otherSubSector.id });
    const here = await otherIn(window, "Confirmed");
    const [point] = (
      await t.ctx.pool.query(
        `INSERT INTO isolation_points (enterprise_id, sector_id, tag, equipment, energy, method)
         VALUES ($1, $2, 'CL-1', 'Steam valve', 'thermal', 'Close and lock') RETURNING id`,
        [w.enterprise.id, w.sector.id],
      )
    ).rows as Array<{ id: string }>;
    await t.ctx.db.insert(permitIsolations).values([
      { permitId: mine, pointId: point!.id },
      { permitId: elsewhere, pointId: point!.id },
      { permitId: here, pointId: point!.id },
    ]);
    expect(await rulesOf(mine)).toEqual({ [elsewhere]: ["sharedIsolation"], [here]: ["samePlace", "sharedIsolation"] });
  });

  it("takes sent to in-progress permits only, and windows that overlap (touching ones do not)", async () => {
    const window = nextWindow();
    const mine = await draftIn(window);
    const live: Record<string, string[]> = {};
    for (const status of ["sended", "Recheck", "Confirmed", "Approved", "accepted", "In_progress"] as const) {
      live[await otherIn(window, status)] = ["samePlace"];
    }
    for (const status of ["pending", "Ended", "Canceled", "Failed"] as const) await otherIn(window, status);
    const before = { startAt: new Date(window.startAt.getTime() - 8 * HOUR), endAt: window.startAt };
    const after = { startAt: window.endAt, endAt: new Date(window.endAt.getTime() + 8 * HOUR) };
    await otherIn(before);
    await otherIn(after);
    // A minute's overlap is an overlap.
    const overlapping = await otherIn({ startAt: before.startAt, endAt: new Date(window.startAt.getTime() + 60_000) });
    live[overlapping] = ["samePlace"];
    expect(await rulesOf(mine)).toEqual(live);
  });

  it("never shows another enterprise's permits, even at the same place", async () => {
    const window = nextWindow();
    const mine = await draftIn(window);
    const theirs = await otherIn(window);
    await t.ctx.db.update(permits).set({ enterpriseId: w.otherTenant.enterprise.id }).where(eq(permits.id, theirs));
    expect(await rulesOf(mine)).toEqual({});
  });
});

describe("reading a permit's clashes", () => {
  it("is for those who see the permit; another company's permit shows without its link", async () => {
    const window = nextWindow();
    const mine = await otherIn(window, "sended");
    const theirs = await draftIn(window, w.otherSupplier.employee);
    await putInStatus(t.ctx, theirs, "Approved", window, { crew: false });
    const forEmployee = await clashesOf(mine);
    expect(forEmployee.clashes).toEqual([
      expect.objectContaining({
        permit: expect.objectContaining({ id: null, documentNumber: await numberOf(theirs) }),
      }),
    ]);
    expect((await clashesOf(mine, w.verifier)).clashes[0]!.permit.id).toBe(theirs);
    for (const stranger of [w.otherTenant.responsible, w.otherTenant.enterpriseUser, w.otherSupplier.employee]) {
      expectError(await t.as(stranger).get(`/api/permits/${mine}/clashes`), 404, "NOT_FOUND");
    }
    expectError(await t.as(w.admin).get(`/api/permits/${mine}/clashes`), 403, "FORBIDDEN");
    expectError(await t.as(w.verifier).get(`/api/permits/${UNKNOWN_ID}/clashes`), 404, "NOT_FOUND");
  });
});

describe("incompatible work types", () => {
  it("are the enterprise's to declare, unordered and once; its managers read them; others are refused", async () => {
    const body = { workTypeAId: w.workType.id, workTypeBId: confinedSpace.id };
    const added = await t.as(w.enterpriseUser).post("/api/incompatible-work-types", body);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.workTypes.map((x: { name: string }) => x.name)).toEqual([
      "Confined-space entry",
      "Welding",
    ]);
    const reversed = { workTypeAId: confinedSpace.id, workTypeBId: w.workType.id };
    const again = expectError(
      await t.as(w.enterpriseUser).post("/api/incompatible-work-types", reversed),
      409,
      "CONFLICT",
    );
    expect(again.fields).toEqual({ workTypeBId: "pairExists" });
    expectFields(
      await t.as(w.enterpriseUser).post("/api/incompatible-work-types", { ...body, workTypeBId: w.workType.id }),
      { workTypeBId: "sameWorkType" },
    );
    const [foreign] = await t.ctx.db
      .insert(workTypes)
      .values({ enterpriseId: w.otherTenant.enterprise.id, kind: "general", name: "Gas-freeing" })
      .returning();
    expectError(
      await t.as(w.enterpriseUser).post("/api/incompatible-work-types", { ...body, workTypeBId: foreign!.id }),
      404,
      "NOT_FOUND",
    );
    for (const reader of [w.enterpriseUser, w.verifier, w.superResponsible]) {
      const list = await t.as(reader).get("/api/incompatible-work-types");
      expect(list.json().data.map((p: { id: string }) => p.id)).toEqual([added.json().data.id]);
    }
    expect((await t.as(w.otherTenant.enterpriseUser).get("/api/incompatible-work-types")).json().data).toEqual([]);
    for (const refused of [w.verifier, w.superResponsible, w.employee, w.supplierUser, w.admin]) {
      expectError(await t.as(refused).post("/api/incompatible-work-types", body), 403, "FORBIDDEN");
    }
    for (const refused of [w.employee, w.admin]) {
      expectError(await t.as(refused).get("/api/incompatible-work-types"), 403, "FORBIDDEN");
    }
    const id = added.json().data.id;
    expectError(await t.as(w.otherTenant.enterpriseUser).del(`/api/incompatible-work-types/${id}`), 404, "NOT_FOUND");
    expectError(await t.as(w.verifier).del(`/api/incompatible-work-types/${id}`), 403, "FORBIDDEN");
    expect((await t.as(w.enterpriseUser).del(`/api/incompatible-work-types/${id}`)).statusCode).toBe(204);
    expect((await t.as(w.enterpriseUser).get("/api/incompatible-work-types")).json().data).toEqual([]);
  });
});

describe("acknowledging clashes before signing", () => {
  it("refuses a send, a verify and an approve until each clash has a remark, and records each acknowledgement", async () => {
    const window = nextWindow();
    const other = await otherIn(window, "In_progress");
    const number = (await t.as(w.verifier).get(`/api/permits/${other}`)).json().data.documentNumber as string;
    const mine = await draftIn(window);

    const refused = expectError(await act(mine, "send", w.employee), 409, "CLASHES_UNACKNOWLEDGED");
    expect(refused.fields).toEqual({ clashes: "clashesUnacknowledged" });
    expect(refused.details?.permits).toContain(number);
    expect((await t.as(w.employee).get(`/api/permits/${mine}`)).json().data.status).toBe("pending");
    expectFields(
      await act(mine, "send", w.employee, { clashAcknowledgements: [{ documentNumber: number, remark: "  " }] }),
      {
        "clashAcknowledgements.0.remark": "clashRemarkRequired",
      },
    );
    expect((await act(mine, "send", w.employee, ack(number))).statusCode).toBe(200);

    expectError(await act(mine, "verify", w.verifier), 409, "CLASHES_UNACKNOWLEDGED");
    // A remark about a permit that is not a clash does not stand for one that is.
    expectError(await act(mine, "verify", w.verifier, ack("PTW-NOT-A-CLASH")), 409, "CLASHES_UNACKNOWLEDGED");
    expect((await act(mine, "verify", w.verifier, ack(number))).statusCode).toBe(200);
    expectError(await act(mine, "approve", w.approver), 409, "CLASHES_UNACKNOWLEDGED");
    const approved = await act(mine, "approve", w.approver, ack(number));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe("Approved");

    const { acknowledgements } = await clashesOf(mine);
    expect(acknowledgements.map((a) => [a.step, a.by.id, a.otherPermit.id])).toEqual([
      ["send", w.employee.id, other],
      ["verify", w.verifier.id, other],
      ["approve", w.approver.id, other],
    ]);
    const rows = await t.ctx.db
      .select()
      .from(permitClashAcknowledgements)
      .where(eq(permitClashAcknowledgements.permitId, mine));
    expect(rows.every((r) => r.rules.join() === "samePlace" && r.remark.startsWith("Hot work"))).toBe(true);
    const history = (await t.as(w.employee).get(`/api/permits/${mine}/history`)).json().data as Array<{
      action: string;
      clashAcknowledgements?: Array<{ otherPermit: { id: string }; remark: string }>;
    }>;
    for (const step of ["send", "verify", "approve"]) {
      const event = history.find((e) => e.action === step)!;
      expect(event.clashAcknowledgements).toEqual([
        { otherPermit: expect.objectContaining({ id: other, documentNumber: number }), remark: expect.any(String) },
      ]);
    }
    expect(history.find((e) => e.action === "create")!.clashAcknowledgements).toBeUndefined();
    // The PDF lists the clash now and each acknowledgement.
    const pdf = pdfText(await t.as(w.verifier).get(`/api/permits/${mine}/pdf`)).join("\n");
    expect(pdf).toContain("CLASHES (SIMULTANEOUS OPERATIONS)");
    expect(pdf).toMatch(new RegExp(`- ${number} - Weld the tank flange - .* \\(same place\\)`));
    expect(pdf).toContain(`Approved: ${number} acknowledged by`);
  });

  it("refuses a clash that appeared after the signer's dialog opened, then takes its acknowledgement", async () => {
    const window = nextWindow();
    const mine = await draftIn(window);
    await putInStatus(t.ctx, mine, "sended", window, { crew: false });
    // The verifier's dialog opens on no clash…
    expect((await clashesOf(mine, w.verifier)).clashes).toEqual([]);
    // …then another permit at the same place is sent.
    const late = await otherIn(window, "sended");
    const refused = expectError(
      await act(mine, "verify", w.verifier, { clashAcknowledgements: [] }),
      409,
      "CLASHES_UNACKNOWLEDGED",
    );
    expect(refused.fields).toEqual({ clashes: "clashesUnacknowledged" });
    expect((await t.as(w.verifier).get(`/api/permits/${mine}`)).json().data.status).toBe("sended");
    expect((await act(mine, "verify", w.verifier, ack(await numberOf(late)))).statusCode).toBe(200);
  });

  it("asks nothing of a permit without clashes", async () => {
    const mine = await draftIn(nextWindow());
    expect((await act(mine, "send", w.employee)).statusCode).toBe(200);
  });
});

describe("clash checks made at the same moment", () => {
  it("of two permits sent at once at one place and time, the second sees the first: one is refused until acknowledged", async () => {
    const window = nextWindow();
    // Numbered already (sent before, back for changes): their sends take no credit, whose account row would
    // otherwise make them take turns before the clash gate does.
    const numbered = (n: string) => otherIn(window, "pending", { documentNumber: `PTW-SAME-${n}-${slot}` });
    const [first, second] = [await numbered("1"), await numbered("2")];
    // The enterprise's audit chain held here: both sends go as far as they can, then wait (past the clash gate
    // without its lock; one in the gate, holding it, the other at its door with it), and commit when it is let go.
    const holder = await t.ctx.pool.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`audit:${w.enterprise.id}`]);
      const sends = Promise.all([act(first, "send", w.employee), act(second, "send", w.employee)]);
      const waiting = async () =>
        Number(
          (
            await t.ctx.pool.query(
              `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
                 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
            )
          ).rows[0].count,
        );
      await expect.poll(waiting, { timeout: 15_000 }).toBe(2);
      await holder.query("COMMIT");
      const answers = await sends;
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body).join("\n")).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().error.code).toBe("CLASHES_UNACKNOWLEDGED");
    } finally {
      await holder.query("ROLLBACK").catch(() => undefined);
      holder.release();
    }
  });
});
