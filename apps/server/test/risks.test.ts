import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, post } from "./helpers/http";
import { UNKNOWN_ID } from "./helpers/organisation";
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

const addRisk = async (body: Record<string, unknown> = {}, person: TPerson = tenant.enterpriseUser) => {
  const response = await t.as(person).post("/api/risks", { name: "Fall", ...body });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string };
};

describe("/api/risks", () => {
  it("lets the enterprise create, edit and delete; the critical list and search filter", async () => {
    const fall = await addRisk({ name: "Fall from height", category: "Height", critical: true });
    const noise = await addRisk({ name: "Noise", description: "Above 85 dB" });
    expect(noise).toMatchObject({ name: "Noise", description: "Above 85 dB", category: "", critical: false });
    const call = t.as(tenant.enterpriseUser);
    const critical = await call.get("/api/risks?critical=true");
    expect(critical.json()).toMatchObject({ total: 1, data: [{ id: fall.id }] });
    expect((await call.get("/api/risks?critical=false")).json().data).toEqual([
      expect.objectContaining({ id: noise.id }),
    ]);
    expect((await call.get("/api/risks?q=heig")).json().data).toEqual([expect.objectContaining({ id: fall.id })]);
    const edited = await call.patch(`/api/risks/${noise.id}`, { critical: true, category: "Health" });
    expect(edited.json().data).toMatchObject({ name: "Noise", critical: true, category: "Health" });
    expect((await call.del(`/api/risks/${noise.id}`)).statusCode).toBe(204);
    expectError(await call.get(`/api/risks/${noise.id}`), 404, "NOT_FOUND");
    expectError(await call.del(`/api/risks/${noise.id}`), 404, "NOT_FOUND");
  });

  it("lets managers read, refuses their writes; contractors and the admin are refused", async () => {
    const risk = await addRisk();
    for (const person of [tenant.superResponsible, tenant.responsible]) {
      const call = t.as(person);
      expect((await call.get("/api/risks")).statusCode).toBe(200);
      expect((await call.get(`/api/risks/${risk.id}`)).statusCode).toBe(200);
      expectError(await call.post("/api/risks", { name: "Heat" }), 403, "FORBIDDEN");
      expectError(await call.patch(`/api/risks/${risk.id}`, { name: "Heat" }), 403, "FORBIDDEN");
      expectError(await call.del(`/api/risks/${risk.id}`), 403, "FORBIDDEN");
    }
    // Suppliers and employees read the risks of an enterprise they are affiliated with, naming it
    // (contractor-reads.test.ts): here none is named. The admin never reads them; none of them writes.
    for (const person of [tenant.supplierUser, tenant.employee, admin]) {
      const call = t.as(person);
      const [status, code]: [number, string] = person === admin ? [403, "FORBIDDEN"] : [400, "VALIDATION_FAILED"];
      expectError(await call.get("/api/risks"), status, code);
      expectError(await call.get(`/api/risks/${risk.id}`), status, code);
      expectError(await call.post("/api/risks", { name: "Heat" }), 403, "FORBIDDEN");
    }
  });

  it("hides another enterprise's risks (404)", async () => {
    const theirs = await addRisk({ name: "Their risk" }, other.enterpriseUser);
    const call = t.as(tenant.enterpriseUser);
    expect((await call.get("/api/risks?q=their")).json().total).toBe(0);
    expectError(await call.get(`/api/risks/${theirs.id}`), 404, "NOT_FOUND");
    expectError(await call.patch(`/api/risks/${theirs.id}`, { name: "Mine" }), 404, "NOT_FOUND");
    expectError(await call.del(`/api/risks/${theirs.id}`), 404, "NOT_FOUND");
    expectError(await call.get(`/api/risks/${UNKNOWN_ID}`), 404, "NOT_FOUND");
  });

  it("validates the fields", async () => {
    const call = await t.as(tenant.enterpriseUser).call();
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
