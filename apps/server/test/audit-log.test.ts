import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditChains } from "../src/modules/audit";
import { appendAuditAlone } from "../src/modules/audit/append";
import { NEW_PASSWORD, signUpWithCode } from "./helpers/accounts";
import { createTenant, PASSWORD } from "./helpers/factories";
import { expectError, get, post, put } from "./helpers/http";
import { forgetTokenOf } from "./helpers/organisation";
import { completeDraft, createPermitWorld, SIGNED, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
let w: TPermitWorld;

interface TRow {
  chain: string;
  seq: number;
  at: Date;
  actor_id: string | null;
  actor_role: string | null;
  actor_label: string | null;
  enterprise_id: string | null;
  action: string;
  object_type: string | null;
  object_id: string | null;
  details: Record<string, unknown>;
  ip: string | null;
}
const entries = async (action: string) =>
  (await t.ctx.pool.query<TRow>("SELECT * FROM audit_log WHERE action = $1 ORDER BY id", [action])).rows;
const superuser = (statement: string, values: unknown[] = []) => t.ctx.pool.query(statement, values);

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

describe("what the trail records", () => {
  it("records sign-ins, successful and failed, with who, when, tenant and address — never the password", async () => {
    const before = Date.now();
    const ok = await post(t.app, "/api/auth/sign-in", { email: w.enterpriseUser.email, password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    const wrong = await post(t.app, "/api/auth/sign-in", {
      email: w.enterpriseUser.email,
      password: "Not-it-at-all-1",
    });
    expect(wrong.statusCode).toBe(401);

    const [signIn] = (await entries("auth.signIn")).filter((e) => e.actor_id === w.enterpriseUser.id);
    expect(signIn).toMatchObject({
      chain: w.enterprise.id,
      enterprise_id: w.enterprise.id,
      actor_role: "Enterprise",
      actor_label: w.enterpriseUser.email,
      object_type: "user",
      object_id: w.enterpriseUser.id,
    });
    expect(signIn!.at.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(signIn!.ip).toBeTruthy();
    const [failed] = await entries("auth.signInFailed");
    expect(failed).toMatchObject({
      chain: w.enterprise.id,
      actor_id: w.enterpriseUser.id,
      details: { reason: "wrong password" },
    });
  });

  it("records a refusal of the policy check and of a service, each once", async () => {
    const policy = await t.as(w.responsible).get("/api/audit");
    expectError(policy, 403, "FORBIDDEN");
    const refused = (await entries("access.refused")).filter((e) => e.actor_id === w.responsible.id);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      chain: w.enterprise.id,
      actor_role: "Responsible",
      details: { error: "FORBIDDEN", method: "GET", route: "/api/audit" },
    });
    const anonymous = await get(t.app, "/api/audit");
    expectError(anonymous, 401, "UNAUTHENTICATED");
    expect((await entries("access.refused")).some((e) => e.chain === "platform" && e.actor_id === null)).toBe(true);
  });

  it("records a permissions matrix change and an account change in the enterprise's chain", async () => {
    const cell = await put(
      t.app,
      "/api/permissions/cell",
      { managerId: w.approver.id, sectorId: w.sector.id, role: "both" },
      await t.as(w.enterpriseUser).call(),
    );
    expect(cell.statusCode, cell.body).toBe(200);
    const [change] = await entries("permission.changed");
    expect(change).toMatchObject({
      chain: w.enterprise.id,
      actor_id: w.enterpriseUser.id,
      object_id: w.approver.id,
      details: { sectorId: w.sector.id, role: "both" },
    });

    const manager = {
      role: "Responsible",
      divisionId: w.division.id,
      name: "Ada Audit",
      email: "ada.audit@example.com",
      phone: "+33 1 02 03 04 05",
    };
    const created = await t.as(w.enterpriseUser).post("/api/managers", manager);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const disabled = await t.as(w.enterpriseUser).post(`/api/managers/${id}/disable`, undefined);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await entries("account.created")).toEqual([
      expect.objectContaining({
        chain: w.enterprise.id,
        object_id: id,
        details: { role: "Responsible", email: manager.email },
      }),
    ]);
    expect(await entries("account.disabled")).toEqual([expect.objectContaining({ object_id: id })]);
  });

  it("records the admin disabling and enabling an enterprise in that enterprise's chain, and a person's own edit", async () => {
    const { enterprise } = await createTenant(t.ctx);
    for (const action of ["disable", "enable"]) {
      const done = await t.as(w.admin).post(`/api/admin/enterprises/${enterprise.id}/${action}`, undefined);
      expect(done.statusCode, done.body).toBe(200);
    }
    const changes = (await entries("company.statusChanged")).filter((e) => e.chain === enterprise.id);
    expect(changes.map((e) => [e.seq, e.actor_id, e.actor_role, e.object_id, e.details])).toEqual([
      [1, w.admin.id, "Admin", enterprise.id, { status: "disabled" }],
      [2, w.admin.id, "Admin", enterprise.id, { status: "active" }],
    ]);

    const edited = await t.as(w.responsible).patch("/api/auth/me", { name: "Rita Renamed" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await entries("account.updated")).filter((e) => e.object_id === w.responsible.id)).toEqual([
      expect.objectContaining({ actor_id: w.responsible.id, chain: w.enterprise.id, details: { fields: ["name"] } }),
    ]);
  });

  it("records every permit transition in the permit's enterprise chain, whoever acts", async () => {
    const draft = await t.as(w.employee).post("/api/permits", completeDraft(w));
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.id as string;
    const sent = await t.as(w.employee).post(`/api/permits/${id}/send`, undefined);
    expect(sent.statusCode, sent.body).toBe(200);
    const verified = await t.as(w.verifier).post(`/api/permits/${id}/verify`, SIGNED);
    expect(verified.statusCode, verified.body).toBe(200);

    expect(await entries("permit.send")).toEqual([
      expect.objectContaining({
        chain: w.enterprise.id,
        enterprise_id: w.enterprise.id,
        actor_id: w.employee.id,
        actor_role: "Employee",
        object_type: "permit",
        object_id: id,
        details: { from: "pending", to: "sended" },
      }),
    ]);
    expect(await entries("permit.verify")).toEqual([
      expect.objectContaining({
        actor_id: w.verifier.id,
        object_id: id,
        details: expect.objectContaining({ from: "sended" }),
      }),
    ]);
  });

  it("records a sign-up in the new enterprise's chain, without its password or confirmation code", async () => {
    const signedUp = await signUpWithCode(t, { accountType: "Enterprise" });
    const [created] = (await entries("account.created")).filter((e) => e.actor_label === signedUp.email);
    expect(created).toMatchObject({ actor_role: "Enterprise", seq: 1, details: { role: "Enterprise", signUp: true } });
    expect(created!.chain).toBe(created!.enterprise_id);
    const all = JSON.stringify((await t.ctx.pool.query("SELECT * FROM audit_log")).rows);
    expect(all).not.toContain(signedUp.password);
    expect(all).not.toMatch(new RegExp(`(?<![0-9])${signedUp.code}(?![0-9])`));
  });

  it("records a password change — and keeps no secret: no password, token or code in any entry", async () => {
    const auth = await t.as(w.superResponsible).call();
    const changed = await post(
      t.app,
      "/api/auth/change-password",
      { oldPassword: PASSWORD, newPassword: NEW_PASSWORD },
      auth,
    );
    expect(changed.statusCode, changed.body).toBe(204);
    forgetTokenOf(w.superResponsible);
    expect(await entries("auth.passwordChanged")).toEqual([
      expect.objectContaining({ chain: w.enterprise.id, actor_id: w.superResponsible.id, details: {} }),
    ]);
    const tokens = [auth.token, (await t.as(w.enterpriseUser).call()).token, (await t.as(w.employee).call()).token];
    const all = JSON.stringify((await t.ctx.pool.query("SELECT * FROM audit_log")).rows);
    for (const secret of [PASSWORD, NEW_PASSWORD, "Not-it-at-all-1", ...tokens]) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/"(password|\w*token|code)":/i);
  });
});

describe("the chain", () => {
  it("verifies, and the trigger refuses to change or remove an entry", async () => {
    const reports = await verifyAuditChains(t.ctx.pool);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(reports.every((r) => r.firstBreak === null && r.checked > 0)).toBe(true);
    await expect(superuser("UPDATE audit_log SET details = '{}' WHERE seq = 1")).rejects.toThrow(/append-only/);
    await expect(superuser("DELETE FROM audit_log WHERE seq = 1")).rejects.toThrow(/append-only/);
    await expect(superuser("TRUNCATE audit_log")).rejects.toThrow(/append-only/);
  });

  it("gives 20 parallel audited actions of one tenant seq 1..n without gaps", async () => {
    const tenant = (await createPermitWorld(t.ctx)).enterpriseUser;
    const auth = t.as(tenant);
    const calls = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        auth.patch("/api/risk-matrix/settings", { superResponsibleMayEdit: i % 2 === 0 }),
      ),
    );
    expect(calls.map((c) => c.statusCode)).toEqual(Array(20).fill(200));
    const { rows } = await t.ctx.pool.query<{ seq: number }>(
      "SELECT seq FROM audit_log WHERE chain = $1 ORDER BY seq",
      [tenant.enterpriseId],
    );
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    const report = (await verifyAuditChains(t.ctx.pool)).find((r) => r.chain === tenant.enterpriseId);
    expect(report).toEqual({ chain: tenant.enterpriseId, checked: rows.length, firstBreak: null });
  });
});

describe("the enterprise's own trail", () => {
  it("lists its own entries, newest first and filtered; another tenant's stay invisible", async () => {
    const page = await t.as(w.enterpriseUser).get("/api/audit?pageSize=5");
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { data: { seq: number; action: string }[]; total: number };
    expect(body.data).toHaveLength(5);
    expect(body.data.map((e) => e.seq)).toEqual([...body.data.map((e) => e.seq)].sort((a, b) => b - a));
    const mine = await t.ctx.pool.query("SELECT count(*)::int AS n FROM audit_log WHERE chain = $1", [w.enterprise.id]);
    expect(body.total).toBe(mine.rows[0].n);

    const sends = await t.as(w.enterpriseUser).get("/api/audit?action=permit.send");
    expect(sends.json().data.map((e: { action: string }) => e.action)).toEqual(["permit.send"]);
    const byActor = await get(
      t.app,
      `/api/audit?actor=${encodeURIComponent(w.verifier.email)}`,
      await t.as(w.enterpriseUser).call(),
    );
    expect(byActor.json().data.every((e: { actorId: string }) => e.actorId === w.verifier.id)).toBe(true);
    const future = await t.as(w.enterpriseUser).get("/api/audit?from=2999-01-01");
    expect(future.json()).toMatchObject({ data: [], total: 0 });

    const other = await t.as(w.otherTenant.enterpriseUser).get("/api/audit?pageSize=100");
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain(w.enterprise.id);
    expect(other.body).not.toContain(w.enterpriseUser.email);
  });

  it("names the ids its entries hold — a permit's number, a manager's and a sector's names — never another tenant's", async () => {
    const [send] = (await t.as(w.enterpriseUser).get("/api/audit?action=permit.send")).json().data;
    expect(send.labels[send.objectId]).toMatch(/^PTW-/);
    const [change] = (await t.as(w.enterpriseUser).get("/api/audit?action=permission.changed")).json().data;
    const { rows } = await t.ctx.pool.query("SELECT name FROM users WHERE id = $1", [w.approver.id]);
    expect(change.labels).toEqual({ [w.approver.id]: rows[0].name, [w.sector.id]: w.sector.name });
    // An entry of this chain that names another tenant's things (as a refused attempt could): they stay ids.
    await appendAuditAlone(t.ctx.pool, {
      by: null,
      enterpriseId: w.enterprise.id,
      action: "permission.changed",
      object: ["user", w.otherTenant.responsible.id],
      details: { divisionId: w.otherTenant.division.id, sectorId: w.sector.id },
    });
    const [latest] = (await t.as(w.enterpriseUser).get("/api/audit?action=permission.changed")).json().data;
    expect(latest.labels).toEqual({ [w.sector.id]: w.sector.name });
  });

  it("refuses every other role", async () => {
    for (const person of [w.superResponsible, w.responsible, w.supplierUser, w.employee, w.admin]) {
      expectError(await t.as(person).get("/api/audit"), 403, "FORBIDDEN");
      expectError(await t.as(person).get("/api/audit/export?format=csv"), 403, "FORBIDDEN");
    }
  });

  it("exports its trail as CSV and XLSX", async () => {
    const csv = await t.as(w.enterpriseUser).get("/api/audit/export?format=csv&action=permit.send");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toMatch(/attachment; filename="audit-trail-.*\.csv"/);
    const lines = csv.body.trim().split("\n");
    expect(lines[0]).toContain("Action");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("permit.send");
    expect(lines[1]).toContain(w.employee.email);
    // The permit's document number beside its id.
    expect(lines[0]).toContain("Object type,Object,Object id");
    expect(lines[1]).toMatch(/,permit,PTW-[^,]+,[0-9a-f-]{36},/);

    const xlsx = await t.as(w.enterpriseUser).get("/api/audit/export?format=xlsx");
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const mine = await t.ctx.pool.query("SELECT count(*)::int AS n FROM audit_log WHERE chain = $1", [w.enterprise.id]);
    expect(sheet.rowCount).toBe(mine.rows[0].n + 1);
  });
});

describe("tampering", () => {
  const cli = () =>
    promisify(execFile)(process.execPath, ["--import", "tsx", path.join("src", "ops", "audit-verify.ts")], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: { ...process.env, DATABASE_URL: t.ctx.config.databaseUrl, LOG_LEVEL: "warn" },
    }).then(
      (done) => ({ code: 0, out: done.stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, out: error.stdout }),
    );

  it("finds an altered entry and a removed one, by chain and seq; the command exits 1", async () => {
    expect((await cli()).code).toBe(0);
    await superuser("ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change");
    await superuser(`UPDATE audit_log SET details = '{"reason":"ok"}' WHERE chain = $1 AND seq = 2`, [w.enterprise.id]);
    const other = w.otherTenant.enterprise.id;
    await superuser(
      "INSERT INTO audit_log (chain, seq, action, prev_hash, hash) SELECT $1, s, 'x', 'p', 'h' FROM generate_series(1, 3) s",
      [other],
    );
    await superuser("DELETE FROM audit_log WHERE chain = 'platform' AND seq = 1");
    await superuser("ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change");

    const reports = await verifyAuditChains(t.ctx.pool);
    expect(reports.find((r) => r.chain === w.enterprise.id)).toEqual({
      chain: w.enterprise.id,
      checked: 1,
      firstBreak: { seq: 2, kind: "altered" },
    });
    expect(reports.find((r) => r.chain === "platform")?.firstBreak).toEqual({ seq: 1, kind: "missing" });
    expect(reports.find((r) => r.chain === other)?.firstBreak).toEqual({ seq: 1, kind: "altered" });
    const run = await cli();
    expect(run.code).toBe(1);
    expect(run.out).toContain(`chain ${w.enterprise.id}: 1 entries checked, BROKEN at seq 2: altered`);
    expect(run.out).toContain("chain platform: 0 entries checked, BROKEN at seq 1: missing");
  });
});
