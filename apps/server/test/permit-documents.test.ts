import type { TPermitStatus } from "@openpermit/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permits, users } from "../src/db/schema";
import type { TPerson } from "./helpers/factories";
import { expectError, expectFields, get } from "./helpers/http";
import { pdfText } from "./helpers/pdf";
import { completeDraft, createPermitWorld, putInStatus, SIGNED, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: "https://permits.example" });
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

async function draft(person: TPerson = w.employee) {
  const response = await t.as(person).post("/api/permits", completeDraft(w, WINDOW));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}
const CLOSE_OUT = { workComplete: true, remainingWork: "", areaSafe: true, toolsRemoved: true, peopleOut: true };
/** A window far enough ahead for the send gate, and fixed, so that the printed dates can be written out. */
const WINDOW = { startAt: "2099-12-01T08:00:00.000Z", endAt: "2099-12-01T17:00:00.000Z" };

async function sent(person: TPerson = w.employee) {
  const id = await draft(person);
  const response = await t.as(person).post(`/api/permits/${id}/send`, undefined);
  expect(response.statusCode, response.body).toBe(200);
  return { id, number: response.json().data.documentNumber as string };
}
const tokenOfPermit = async (id: string) =>
  (await t.ctx.db.select({ token: permits.checkToken }).from(permits).where(eq(permits.id, id)))[0]!.token;

describe("the printable permit", () => {
  it("is an A4 PDF attachment named after the number, with every section, the number and the check URL", async () => {
    const { id, number } = await sent();
    const token = await tokenOfPermit(id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const response = await t.as(w.employee).get(`/api/permits/${id}/pdf?tz=Europe/Paris`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${number}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(response.rawPayload.toString("latin1")).toContain("/MediaBox [0 0 595.28 841.89]");

    const lines = pdfText(response);
    const url = `https://permits.example/auth/permit-check/${token}`;
    expect(lines).toContain(number);
    expect(lines).toContain(url);
    const all = lines.join("\n");
    for (const expected of [
      "Permit to work",
      w.enterprise.name,
      "Status: Sent",
      "Criticality: High",
      w.sector.name,
      "Welding",
      w.supplier.name,
      "Weld the tank flange",
      "Replace the flange of tank 3",
      "Burns",
      "Confined space",
      "Welding mask",
      "Extinguisher nearby",
      "Gas test done",
      "Times in Europe/Paris",
      // 08:00 UTC on 1 December is 09:00 in Paris.
      "1 Dec 2099, 09:00",
      "SIGNATURES",
      "HISTORY",
    ]) {
      expect(all).toContain(expected);
    }
  });

  it("prints who accepted the conditions, overdue work beside its status, and an expired permit as Expired", async () => {
    const { id } = await sent();
    const print = async () => pdfText(await t.as(w.employee).get(`/api/permits/${id}/pdf?tz=UTC`)).join("\n");
    const past = { startAt: new Date("2026-01-05T08:00:00Z"), endAt: new Date("2026-01-05T17:00:00Z") };
    const accepted = { acceptedBy: w.supplierUser.id, acceptedAt: new Date("2026-01-05T07:30:00Z") };
    await putInStatus(t.ctx, id, "In_progress", { ...past, ...accepted });
    const overdue = await print();
    expect(overdue).toContain("Status: In progress - OVERDUE: past its end, not closed");
    expect(overdue).toMatch(/Conditions accepted by: \n.+ on 5 Jan 2026, 07:30/);
    await putInStatus(t.ctx, id, "Canceled", { expiredAt: new Date("2026-01-05T17:01:00Z") });
    expect(await print()).toContain("Status: Expired");
  });

  it("prints the signatures (who, role, when, hash, declaration; voided marked), the close-out and the awaiting hand-back", async () => {
    const { id } = await sent();
    expect((await t.as(w.verifier).post(`/api/permits/${id}/verify`, SIGNED)).statusCode).toBe(200);
    const approved = await t.as(w.approver).post(`/api/permits/${id}/approve`, SIGNED);
    const [verifiedBy, approvedBy] = approved
      .json()
      .data.signatures.map((g: { signer: { name: string } }) => g.signer.name);
    const hash = approved.json().data.signatures[1].contentHash as string;
    await putInStatus(t.ctx, id, "In_progress", {
      closedOutAt: new Date(),
      closedOutBy: w.employee.id,
      closeOut: CLOSE_OUT,
    });
    const all = pdfText(await t.as(w.employee).get(`/api/permits/${id}/pdf`)).join("\n");
    for (const expected of [
      "Status: In progress - Awaiting hand-back",
      "Verification signed by: ",
      `${verifiedBy} (Permit manager)`,
      "Approval signed by: ",
      `${approvedBy} (Permit manager)`,
      "I authorise this work",
      "Closed out by: ",
      "Area left safe: Yes",
    ]) {
      expect(all).toContain(expected);
    }
    // Where a line wraps depends on the lengths of the names and times printed before it: read the words as a run.
    expect(all.replace(/\s+/g, " ")).toContain(`content hash ${hash.slice(0, 12)}`);
  });

  it("says a single-step permit was approved at its verification, by whom", async () => {
    const id = await draft();
    await t.ctx.db
      .update(permits)
      .set({ probabilityId: w.probability.low.id, severityId: w.severity.low.id })
      .where(eq(permits.id, id));
    expect((await t.as(w.employee).post(`/api/permits/${id}/send`, undefined)).statusCode).toBe(200);
    const verified = (await t.as(w.verifier).post(`/api/permits/${id}/verify`, SIGNED)).json().data;
    expect(verified.status).toBe("Approved");
    const all = pdfText(await t.as(w.employee).get(`/api/permits/${id}/pdf`)).join("\n");
    expect(all).toContain(`Approved by: \nApproved at verification by ${verified.verifiedBy.name}`);
  });

  it("is in French for a French reader, with UTC written out when no zone is given", async () => {
    const { id, number } = await sent();
    await t.ctx.db.update(users).set({ language: "fr" }).where(eq(users.id, w.supplierUser.id));
    const response = await t.as(w.supplierUser).get(`/api/permits/${id}/pdf`);
    expect(response.statusCode, response.body).toBe(200);
    const all = pdfText(response).join("\n");
    expect(all).toContain("Permis de travail");
    expect(all).toContain("Statut: Envoy\u00e9");
    expect(all).toContain("Heures en UTC");
    expect(all).toContain(number);
  });

  it("names the EPIs in its own language: the French name in French when there is one, else the English", async () => {
    const { id } = await sent();
    await t.ctx.db.update(users).set({ language: "fr" }).where(eq(users.id, w.supplierUser.id));
    const print = async (person: TPerson) => pdfText(await t.as(person).get(`/api/permits/${id}/pdf`)).join("\n");
    // No French name yet: the French print shows the English one.
    expect(await print(w.supplierUser)).toContain("Welding mask");
    await t.as(w.admin).patch(`/api/epis/${w.epi.id}`, { nameFr: "Masque de soudeur" });
    try {
      expect((await t.as(w.employee).get(`/api/permits/${id}`)).json().data.epis).toEqual([
        expect.objectContaining({ name: "Welding mask", nameFr: "Masque de soudeur" }),
      ]);
      const french = await print(w.supplierUser);
      expect(french).toContain("Masque de soudeur");
      expect(french).not.toContain("Welding mask");
      const english = await print(w.employee);
      expect(english).toContain("Welding mask");
      expect(english).not.toContain("Masque de soudeur");
    } finally {
      await t.as(w.admin).patch(`/api/epis/${w.epi.id}`, { nameFr: "" });
    }
  });

  it("is given to whoever sees the permit, 404 to those who do not, 403 to the admin", async () => {
    const { id } = await sent();
    for (const person of [w.employee, w.supplierUser, w.enterpriseUser, w.superResponsible, w.verifier, w.approver]) {
      const response = await t.as(person).get(`/api/permits/${id}/pdf`);
      expect(response.statusCode, `${person.role} ${response.body}`).toBe(200);
    }
    for (const person of [
      w.otherSupplier.supplierUser,
      w.otherSupplier.employee,
      w.otherDivisionResponsible,
      w.otherTenant.enterpriseUser,
      w.otherTenant.responsible,
    ]) {
      expectError(await t.as(person).get(`/api/permits/${id}/pdf`), 404, "NOT_FOUND");
    }
    expectError(await t.as(w.admin).get(`/api/permits/${id}/pdf`), 403, "FORBIDDEN");
    expectError(await get(t.app, `/api/permits/${id}/pdf`), 401, "UNAUTHENTICATED");
  });

  it("refuses a draft never sent (409), an unknown zone (400) and an unknown permit (404)", async () => {
    const id = await draft();
    expectError(await t.as(w.employee).get(`/api/permits/${id}/pdf`), 409, "CONFLICT");
    const { id: sentId } = await sent();
    expectFields(await t.as(w.employee).get(`/api/permits/${sentId}/pdf?tz=Mars/Olympus`), {
      tz: "invalidValue",
    });
    expectError(await t.as(w.employee).get("/api/permits/00000000-0000-4000-8000-000000000000/pdf"), 404, "NOT_FOUND");
  });

  it("gives a check token to a permit numbered before tokens existed, the same one on every print", async () => {
    const { id } = await sent();
    await t.ctx.db.update(permits).set({ checkToken: null }).where(eq(permits.id, id));
    const first = await t.as(w.employee).get(`/api/permits/${id}/pdf`);
    expect(first.statusCode).toBe(200);
    const token = await tokenOfPermit(id);
    expect(token).toBeTruthy();
    await t.as(w.employee).get(`/api/permits/${id}/pdf`);
    expect(await tokenOfPermit(id)).toBe(token);
    expect(pdfText(first)).toContain(`https://permits.example/auth/permit-check/${token}`);
  });
});

describe("the public check of a printed permit", () => {
  const check = (token: string) => get(t.app, `/api/public/permit-checks/${token}`);

  it("shows, signed out, only the number, status, period, place, enterprise and whether it is valid now", async () => {
    const { id, number } = await sent();
    const token = (await tokenOfPermit(id))!;
    const response = await check(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json().data).toEqual({
      documentNumber: number,
      status: "sended",
      ...WINDOW,
      sector: w.sector.name,
      subSector: w.subSector.name,
      enterprise: w.enterprise.name,
      validNow: false,
      reason: "notApproved",
      awaitingHandBack: false,
      suspendedAt: null,
      signatures: [],
      isolations: [],
      crewSignedOn: [],
      // Its work type requires no gas test: nothing to say of one.
      lastGasTest: null,
      // The holder's name (its creator until a handover); no extension or handover yet.
      holder: expect.any(String),
      handoverDue: false,
      extensions: [],
      handovers: [],
      checkedAt: expect.any(String),
    });
  });

  it("shows who signed, with their role, when and the start of the hash; voided ones marked; the awaiting hand-back", async () => {
    const { id } = await sent();
    const token = (await tokenOfPermit(id))!;
    expect((await t.as(w.verifier).post(`/api/permits/${id}/verify`, SIGNED)).statusCode).toBe(200);
    expect((await t.as(w.approver).post(`/api/permits/${id}/recheck`, { remark: "Noise" })).statusCode).toBe(200);
    expect((await t.as(w.employee).post(`/api/permits/${id}/send`, undefined)).statusCode).toBe(200);
    const verified = await t.as(w.verifier).post(`/api/permits/${id}/verify`, SIGNED);
    const hash = verified.json().data.signatures[1].contentHash as string;
    const name = verified.json().data.verifiedBy.name as string;
    await putInStatus(t.ctx, id, "In_progress", {
      closedOutAt: new Date(),
      closedOutBy: w.employee.id,
      closeOut: CLOSE_OUT,
    });
    const data = (await check(token)).json().data;
    expect(data).toMatchObject({ status: "In_progress", awaitingHandBack: true });
    expect(data.signatures).toEqual([
      {
        kind: "verify",
        signer: name,
        role: "Responsible",
        signedAt: expect.any(String),
        hashPrefix: expect.any(String),
        voided: true,
      },
      {
        kind: "verify",
        signer: name,
        role: "Responsible",
        signedAt: expect.any(String),
        hashPrefix: hash.slice(0, 12),
        voided: false,
      },
    ]);
  });

  it("is valid now only while in progress within its period, and says why (an enumerated reason)", async () => {
    const { id } = await sent();
    const token = (await tokenOfPermit(id))!;
    const hour = 3600_000;
    const now = Date.now();
    const period = (from: number, to: number) => ({ startAt: new Date(now + from), endAt: new Date(now + to) });
    const at = async (status: TPermitStatus, from: number, to: number, fields = {}) => {
      await putInStatus(t.ctx, id, status, { ...period(from, to), checkToken: token, expiredAt: null, ...fields });
      return (await check(token)).json().data;
    };
    expect(await at("In_progress", -hour, hour)).toMatchObject({ validNow: true, reason: "inProgress" });
    expect(await at("In_progress", -2 * hour, -hour)).toMatchObject({ validNow: false, reason: "overdue" });
    expect(await at("accepted", -hour, hour)).toMatchObject({ validNow: false, reason: "awaitingStart" });
    expect(await at("accepted", hour, 2 * hour)).toMatchObject({ validNow: false, reason: "beforeWindow" });
    expect(await at("Approved", -hour, hour)).toMatchObject({ validNow: false, reason: "notAccepted" });
    expect(await at("Confirmed", -hour, hour)).toMatchObject({ validNow: false, reason: "notApproved" });
    expect(await at("Ended", -hour, hour)).toMatchObject({ validNow: false, reason: "ended" });
    expect(await at("Failed", -hour, hour)).toMatchObject({ validNow: false, reason: "rejected" });
    expect(await at("Canceled", -hour, hour)).toMatchObject({
      status: "Canceled",
      validNow: false,
      reason: "cancelled",
    });
    const expired = await at("Canceled", -2 * hour, -hour, { expiredAt: new Date() });
    expect(expired).toMatchObject({ status: "Canceled", validNow: false, reason: "expired" });
  });

  it("is 404 for an unknown or malformed token", async () => {
    expectError(await check("x".repeat(43)), 404, "NOT_FOUND");
    expectError(await check("nope"), 404, "NOT_FOUND");
  });
});
