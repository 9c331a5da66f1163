import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextMail, pendingEnterpriseDemand } from "./helpers/accounts";
import { createTenant, createUser, PASSWORD, signIn } from "./helpers/factories";
import { expectError, expectFields, get, post } from "./helpers/http";
import { textOf } from "./helpers/mail";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await signIn(t.app, (await createUser(t.ctx, "Admin")).email)).token;
});
afterAll(() => t.close());

const list = (query = "", token = adminToken) => get(t.app, `/api/admin/demands${query}`, { token });
const decide = (id: string, action: "approve" | "deny", body?: unknown, token = adminToken) =>
  post(t.app, `/api/admin/demands/${id}/${action}`, body, { token });
const signInCall = (email: string) => post(t.app, "/api/auth/sign-in", { email, password: PASSWORD });
const statusOf = async (table: "users" | "enterprises", id: string) =>
  (await t.ctx.pool.query(`SELECT status FROM ${table} WHERE id = $1`, [id])).rows[0].status as string;

describe("GET /api/admin/demands", () => {
  it("lists enterprise-account demands with paging and a status filter", async () => {
    const demands = [
      await pendingEnterpriseDemand(t.ctx),
      await pendingEnterpriseDemand(t.ctx),
      await pendingEnterpriseDemand(t.ctx),
    ];
    expect((await decide(demands[0]!.demandId, "approve")).statusCode).toBe(200);

    const all = await list("?pageSize=2");
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(all.json().data).toHaveLength(2);
    const page2 = (await list("?pageSize=2&page=2")).json();
    expect(page2).toMatchObject({ page: 2, total: 3 });
    const ids = [...all.json().data, ...page2.data].map((d: { id: string }) => d.id);
    expect(ids.sort()).toEqual(demands.map((d) => d.demandId).sort());

    const pending = (await list("?status=pending")).json();
    expect(pending.total).toBe(2);
    expect(pending.data.every((d: { status: string }) => d.status === "pending")).toBe(true);
    const approved = (await list("?status=approved")).json();
    expect(approved.total).toBe(1);
    expect(approved.data[0]).toMatchObject({
      id: demands[0]!.demandId,
      kind: "enterprise_account",
      status: "approved",
      enterprise: { id: demands[0]!.enterprise.id, name: demands[0]!.enterprise.name, status: "active" },
      requester: { id: demands[0]!.requester.id, email: demands[0]!.requester.email },
    });
    expect(Date.parse(approved.data[0].decidedAt)).not.toBeNaN();
  });

  it("validates the query", async () => {
    expectError(await list("?status=maybe"), 400, "VALIDATION_FAILED");
    expectFields(await list("?pageSize=1000"), { pageSize: "invalidValue" });
    expectFields(await list("?page=0"), { page: "invalidValue" });
  });
});

describe("POST /api/admin/demands/{id}/approve and /deny", () => {
  it("approval activates the enterprise and its user, mails the requester, who can sign in", async () => {
    const { demandId, enterprise, requester } = await pendingEnterpriseDemand(t.ctx);
    expectError(await signInCall(requester.email), 403, "ACCOUNT_INACTIVE");
    const mail = nextMail(t, requester.email);
    const response = await decide(demandId, "approve");
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: demandId, status: "approved", enterprise: { status: "active" } });
    expect(await statusOf("enterprises", enterprise.id)).toBe("active");
    expect(await statusOf("users", requester.id)).toBe("active");
    expect(textOf(await mail)).toContain(`“${enterprise.name}” has been verified`);
    expect((await signInCall(requester.email)).statusCode).toBe(200);
  });

  it("denial disables them and mails the remark, in the requester's language", async () => {
    const { demandId, enterprise, requester } = await pendingEnterpriseDemand(t.ctx, "fr");
    const mail = nextMail(t, requester.email);
    const response = await decide(demandId, "deny", { remark: "SIRET introuvable" });
    expect(response.json().data).toMatchObject({ status: "denied", remark: "SIRET introuvable" });
    expect(await statusOf("enterprises", enterprise.id)).toBe("disabled");
    expect(await statusOf("users", requester.id)).toBe("disabled");
    const text = textOf(await mail);
    expect(text).toContain("n'a pas été acceptée");
    expect(text).toContain("Remarque : “SIRET introuvable”");
    expectError(await signInCall(requester.email), 403, "ACCOUNT_DISABLED");
  });

  it("refuses to decide twice (409), whichever the second decision", async () => {
    const { demandId, enterprise } = await pendingEnterpriseDemand(t.ctx);
    expect((await decide(demandId, "approve")).statusCode).toBe(200);
    expectError(await decide(demandId, "approve"), 409, "CONFLICT");
    expectError(await decide(demandId, "deny", { remark: "Too late" }), 409, "CONFLICT");
    expect(await statusOf("enterprises", enterprise.id)).toBe("active");
  });

  it("lets one of two simultaneous decisions win; the other gets 409", async () => {
    const { demandId, requester } = await pendingEnterpriseDemand(t.ctx);
    const answers = await Promise.all([decide(demandId, "approve"), decide(demandId, "approve")]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await t.ctx.pool.query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email.send' AND data->>'to' = $1",
      [requester.email],
    );
    expect(rows[0].n).toBe(1);
  });

  it("answers 404 for an unknown demand and 400 for a malformed id", async () => {
    expectError(await decide("00000000-0000-4000-8000-000000000000", "approve"), 404, "NOT_FOUND");
    expectFields(await decide("not-a-uuid", "deny"), { id: "invalidValue" });
    const { demandId } = await pendingEnterpriseDemand(t.ctx);
    expectFields(await decide(demandId, "deny", { remark: "x".repeat(251) }), { remark: "max250" });
  });

  it("refuses a denial without a reason (the enterprise reads why), and changes nothing", async () => {
    const { demandId, enterprise } = await pendingEnterpriseDemand(t.ctx);
    expectFields(await decide(demandId, "deny"), { remark: "descriptionRequired" });
    expectFields(await decide(demandId, "deny", {}), { remark: "descriptionRequired" });
    expectFields(await decide(demandId, "deny", { remark: "   " }), { remark: "descriptionRequired" });
    expect(await statusOf("enterprises", enterprise.id)).toBe("pending_verification");
    expect((await decide(demandId, "deny", { remark: "Unknown company" })).statusCode).toBe(200);
  });

  it("is for the admin only: 403 for the five other roles, 401 without a token", async () => {
    const { demandId } = await pendingEnterpriseDemand(t.ctx);
    const tenant = await createTenant(t.ctx);
    const others = [
      tenant.enterpriseUser,
      tenant.superResponsible,
      tenant.responsible,
      tenant.supplierUser,
      tenant.employee,
    ];
    for (const person of others) {
      const { token } = await signIn(t.app, person.email);
      expectError(await list("", token), 403, "FORBIDDEN");
      expectError(await decide(demandId, "approve", undefined, token), 403, "FORBIDDEN");
    }
    expectError(await get(t.app, "/api/admin/demands"), 401, "UNAUTHENTICATED");
    expectError(await post(t.app, `/api/admin/demands/${demandId}/approve`), 401, "UNAUTHENTICATED");
    expect((await list("?status=pending")).json().data.map((d: { id: string }) => d.id)).toContain(demandId);
  });
});
