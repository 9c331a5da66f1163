import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { del, expectError, expectFields, get, patch, post } from "./helpers/http";
import { tokenOf, UNKNOWN_ID } from "./helpers/organisation";
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
const addRisk = async (body: Record<string, unknown> = {}, person: TPerson = tenant.enterpriseUser) => {
  const response = await post(t.app, "/api/risks", { name: "Fall", ...body }, await as(person));
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string };
};

describe("/api/risks", () => {
  it("lets the enterprise create, edit and delete; the critical list and search filter", async () => {
    const fall = await addRisk({ name: "Fall from height", category: "Height", critical: true });
    const noise = await addRisk({ name: "Noise", description: "Above 85 dB" });
    expect(noise).toMatchObject({ name: "Noise", description: "Above 85 dB", category: "", critical: false });
    const call = await as(tenant.enterpriseUser);
    const critical = await get(t.app, "/api/risks?critical=true", call);
    expect(critical.json()).toMatchObject({ total: 1, data: [{ id: fall.id }] });
    expect((await get(t.app, "/api/risks?critical=false", call)).json().data).toEqual([
      expect.objectContaining({ id: noise.id }),
    ]);
    expect((await get(t.app, "/api/risks?q=heig", call)).json().data).toEqual([
      expect.objectContaining({ id: fall.id }),
    ]);
    const edited = await patch(t.app, `/api/risks/${noise.id}`, { critical: true, category: "Health" }, call);
    expect(edited.json().data).toMatchObject({ name: "Noise", critical: true, category: "Health" });
    expect((await del(t.app, `/api/risks/${noise.id}`, call)).statusCode).toBe(204);
    expectError(await get(t.app, `/api/risks/${noise.id}`, call), 404, "NOT_FOUND");
    expectError(await del(t.app, `/api/risks/${noise.id}`, call), 404, "NOT_FOUND");
  });

  it("lets managers read, refuses their writes; contractors and the admin are refused", async () => {
    const risk = await addRisk();
    for (const person of [tenant.superResponsible, tenant.responsible]) {
      const call = await as(person);
      expect((await get(t.app, "/api/risks", call)).statusCode).toBe(200);
      expect((await get(t.app, `/api/risks/${risk.id}`, call)).statusCode).toBe(200);
      expectError(await post(t.app, "/api/risks", { name: "Heat" }, call), 403, "FORBIDDEN");
      expectError(await patch(t.app, `/api/risks/${risk.id}`, { name: "Heat" }, call), 403, "FORBIDDEN");
      expectError(await del(t.app, `/api/risks/${risk.id}`, call), 403, "FORBIDDEN");
    }
    // Suppliers and employees read the risks of an enterprise they are affiliated with, naming it
    // (contractor-reads.test.ts): here none is named. The admin never reads them; none of them writes.
    for (const person of [tenant.supplierUser, tenant.employee, admin]) {
      const call = await as(person);
      const [status, code]: [number, string] = person === admin ? [403, "FORBIDDEN"] : [400, "VALIDATION_FAILED"];
      expectError(await get(t.app, "/api/risks", call), status, code);
      expectError(await get(t.app, `/api/risks/${risk.id}`, call), status, code);
      expectError(await post(t.app, "/api/risks", { name: "Heat" }, call), 403, "FORBIDDEN");
    }
  });

  it("hides another enterprise's risks (404)", async () => {
    const theirs = await addRisk({ name: "Their risk" }, other.enterpriseUser);
    const call = await as(tenant.enterpriseUser);
    expect((await get(t.app, "/api/risks?q=their", call)).json().total).toBe(0);
    expectError(await get(t.app, `/api/risks/${theirs.id}`, call), 404, "NOT_FOUND");
    expectError(await patch(t.app, `/api/risks/${theirs.id}`, { name: "Mine" }, call), 404, "NOT_FOUND");
    expectError(await del(t.app, `/api/risks/${theirs.id}`, call), 404, "NOT_FOUND");
    expectError(await get(t.app, `/api/risks/${UNKNOWN_ID}`, call), 404, "NOT_FOUND");
  });

  it("validates the fields", async () => {
    const call = await as(tenant.enterpriseUser);
    expectFields(await post(t.app, "/api/risks", { name: " " }, call), { name: "nameRequired" });
    expectFields(
      await post(
        t.app,
        "/api/risks",
        { name: "R", description: "d".repeat(251), category: "c".repeat(51), critical: "yes" },
        call,
      ),
      { name: "min2", description: "max250", category: "max50", critical: "invalidValue" },
    );
  });
});
