import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { del, expectError, post } from "./helpers/http";
import { completeDraft, createPermitWorld, SIGNED, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/**
 * A permit's record keeps who requested, verified and approved it and who acted in its history: a person it
 * names can be disabled, never deleted (the names would otherwise vanish from the permits).
 */
let t: TTestApp;
let w: TPermitWorld;
let permitId: string;
const stillThere = async (id: string) =>
  (await t.ctx.pool.query("SELECT count(*)::int AS n FROM users WHERE id = $1", [id])).rows[0].n === 1;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  const draft = await t.as(w.employee).post("/api/permits", completeDraft(w));
  expect(draft.statusCode, draft.body).toBe(201);
  permitId = draft.json().data.id;
  expect((await t.as(w.employee).post(`/api/permits/${permitId}/send`, undefined)).statusCode).toBe(200);
  expect((await t.as(w.verifier).post(`/api/permits/${permitId}/verify`, SIGNED)).statusCode).toBe(200);
});
afterAll(async () => t.close());

describe("deleting a person whom a permit names", () => {
  it("refuses to delete the employee who requested it, and the permit keeps the name", async () => {
    const refused = await t.as(w.supplierUser).del(`/api/employees/${w.employee.id}`);
    expectError(refused, 409, "PERSON_NAMED_ON_PERMITS");
    expect(await stillThere(w.employee.id)).toBe(true);
    const permit = await t.as(w.enterpriseUser).get(`/api/permits/${permitId}`);
    expect(permit.json().data.createdBy).toMatchObject({ id: w.employee.id });
  });

  it("refuses to delete the manager who verified it; disabling the manager is the way", async () => {
    const boss = t.as(w.enterpriseUser);
    expectError(await boss.del(`/api/managers/${w.verifier.id}`), 409, "PERSON_NAMED_ON_PERMITS");
    expect(await stillThere(w.verifier.id)).toBe(true);
    const disabled = await boss.post(`/api/managers/${w.verifier.id}/disable`, undefined);
    expect(disabled.statusCode, disabled.body).toBe(200);
    const permit = (await boss.get(`/api/permits/${permitId}`)).json().data;
    expect(permit.verifiedBy).toMatchObject({ id: w.verifier.id });
    const history = (await boss.get(`/api/permits/${permitId}/history`)).json().data;
    expect(history.map((event: { actor: { id: string } | null }) => event.actor?.id)).toContain(w.verifier.id);
  });

  it("still deletes a manager no permit names", async () => {
    const boss = await t.as(w.enterpriseUser).call();
    const created = await post(
      t.app,
      "/api/managers",
      {
        role: "Responsible",
        divisionId: w.division.id,
        name: "Nina Nopermit",
        email: "nina.nopermit@example.com",
        phone: "+33 1 02 03 04 05",
      },
      boss,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    expect((await del(t.app, `/api/managers/${id}`, boss)).statusCode).toBe(204);
    expect(await stillThere(id)).toBe(false);
  });

  it("is refused by the database itself, whatever the path", async () => {
    // restrict_violation since PostgreSQL 16 (or so), foreign_key_violation on 15: the server takes both.
    const refused = await t.ctx.pool.query("DELETE FROM users WHERE id = $1", [w.employee.id]).catch((e) => e);
    expect(["23001", "23503"]).toContain(refused.code);
    expect(await stillThere(w.employee.id)).toBe(true);
  });
});
