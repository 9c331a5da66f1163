import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TPerson } from "./helpers/factories";
import { del, expectError, get, post } from "./helpers/http";
import { completeDraft, createPermitWorld, type TPermitWorld, tokenFor } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/**
 * A permit's record keeps who requested, verified and approved it and who acted in its history: a person it
 * names can be disabled, never deleted (the names would otherwise vanish from the permits).
 */
let t: TTestApp;
let w: TPermitWorld;
let permitId: string;
const as = async (person: TPerson) => ({ token: await tokenFor(t.ctx, person) });
const stillThere = async (id: string) =>
  (await t.ctx.pool.query("SELECT count(*)::int AS n FROM users WHERE id = $1", [id])).rows[0].n === 1;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
  const draft = await post(t.app, "/api/permits", completeDraft(w), await as(w.employee));
  expect(draft.statusCode, draft.body).toBe(201);
  permitId = draft.json().data.id;
  expect((await post(t.app, `/api/permits/${permitId}/send`, undefined, await as(w.employee))).statusCode).toBe(200);
  expect((await post(t.app, `/api/permits/${permitId}/verify`, undefined, await as(w.verifier))).statusCode).toBe(200);
});
afterAll(async () => t.close());

describe("deleting a person whom a permit names", () => {
  it("refuses to delete the employee who requested it, and the permit keeps the name", async () => {
    const refused = await del(t.app, `/api/employees/${w.employee.id}`, await as(w.supplierUser));
    expectError(refused, 409, "PERSON_NAMED_ON_PERMITS");
    expect(await stillThere(w.employee.id)).toBe(true);
    const permit = await get(t.app, `/api/permits/${permitId}`, await as(w.enterpriseUser));
    expect(permit.json().data.createdBy).toMatchObject({ id: w.employee.id });
  });

  it("refuses to delete the manager who verified it; disabling the manager is the way", async () => {
    const boss = await as(w.enterpriseUser);
    expectError(await del(t.app, `/api/managers/${w.verifier.id}`, boss), 409, "PERSON_NAMED_ON_PERMITS");
    expect(await stillThere(w.verifier.id)).toBe(true);
    const disabled = await post(t.app, `/api/managers/${w.verifier.id}/disable`, undefined, boss);
    expect(disabled.statusCode, disabled.body).toBe(200);
    const permit = (await get(t.app, `/api/permits/${permitId}`, boss)).json().data;
    expect(permit.verifiedBy).toMatchObject({ id: w.verifier.id });
    const history = (await get(t.app, `/api/permits/${permitId}/history`, boss)).json().data;
    expect(history.map((event: { actor: { id: string } | null }) => event.actor?.id)).toContain(w.verifier.id);
  });

  it("still deletes a manager no permit names", async () => {
    const boss = await as(w.enterpriseUser);
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
