import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_PASSWORD, nextMail, queuedMails, uniqueEmail } from "./helpers/accounts";
import { createTenant, createUser, PASSWORD, signIn, type TPerson } from "./helpers/factories";
import { del, expectError, expectFields, get, patch, post, refreshCall } from "./helpers/http";
import { linkTokenIn, textOf } from "./helpers/mail";
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

const employeeBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Marc Welder",
  email: uniqueEmail("employee"),
  phone: "+33 6 55 44 33 22",
  ...overrides,
});

/** Creates an employee through the API as `owner`. */
async function invite(owner: TPerson = tenant.supplierUser, overrides: Record<string, unknown> = {}) {
  const body = employeeBody(overrides);
  const response = await t.as(owner).post("/api/employees", body);
  expect(response.statusCode, response.body).toBe(201);
  const data = response.json().data;
  const person: TPerson = {
    id: data.id,
    email: data.email,
    role: "Employee",
    enterpriseId: null,
    divisionId: null,
    supplierId: owner.supplierId,
  };
  return { body, data, person };
}

describe("POST /api/employees: invited by e-mail", () => {
  it("creates an invited employee who completes the account from the mailed link, signs in and sees its supplier", async () => {
    const mail = nextMail(t, "new.welder@example.com");
    const { data } = await invite(tenant.supplierUser, { email: " New.Welder@Example.com ", phone: "" });
    expect(data).toEqual({
      id: expect.any(String),
      name: "Marc Welder",
      email: "new.welder@example.com",
      phone: null,
      status: "invited",
      createdAt: expect.any(String),
    });
    const received = await mail;
    const text = textOf(received);
    expect(text).toContain(`${t.ctx.config.publicUrl}/auth/Complete-Account?token=`);
    expect(text).toContain(tenant.supplier.name);

    const completed = await post(t.app, "/api/auth/complete-account", {
      token: linkTokenIn(received),
      password: NEW_PASSWORD,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const session = await signIn(t.app, "new.welder@example.com", NEW_PASSWORD);
    const me = (await get(t.app, "/api/auth/me", { token: session.token })).json().data;
    expect(me).toMatchObject({
      role: "Employee",
      status: "active",
      fournisseur: { id: tenant.supplier.id, name: tenant.supplier.name },
    });
    const company = await get(t.app, "/api/supplier-company", { token: session.token });
    expect(company.json().data.id).toBe(tenant.supplier.id);
    expect((await t.as(tenant.supplierUser).get(`/api/employees/${data.id}`)).json().data.status).toBe("active");
  });

  it("says Email already exists for any account with that e-mail, in any case, and mails nobody", async () => {
    const me = t.as(tenant.supplierUser);
    const taken = [other.employee.email, tenant.responsible.email.toUpperCase(), admin.email, other.supplierUser.email];
    for (const email of taken) {
      const refused = expectError(await me.post("/api/employees", employeeBody({ email })), 409, "EMAIL_EXISTS");
      expect(refused.fields).toEqual({ email: "EMAIL_EXISTS" });
    }
    expect(await queuedMails(t.ctx, other.employee.email)).toBe(0);
  });

  it("validates every field", async () => {
    const me = await t.as(tenant.supplierUser).call();
    expectFields(await post(t.app, "/api/employees", {}, me), { name: "nameRequired", email: "emailRequired" });
    expectFields(
      await post(t.app, "/api/employees", employeeBody({ name: "A", email: "not-an-email", phone: "call me" }), me),
      { name: "min2", email: "invalidEmail", phone: "invalidNumberFormat" },
    );
    const long = employeeBody({ name: "x".repeat(51) });
    expectFields(await post(t.app, "/api/employees", long, me), { name: "max50" });
    expect(await queuedMails(t.ctx, long.email)).toBe(0);
  });
});

describe("GET /api/employees", () => {
  it("lists the supplier's own employees by name, searches name and e-mail, filters by status, paginates", async () => {
    const company = await createTenant(t.ctx);
    const owner = company.supplierUser;
    const names = ["Zoe Rigger", "Adam Fitter", "Lea Painter", "Omar Fitter"];
    for (const name of names) await invite(owner, { name, email: uniqueEmail(name.split(" ")[0]!.toLowerCase()) });
    const me = t.as(owner);

    const all = (await me.get("/api/employees?pageSize=100")).json();
    // The factory's employee plus the four: another supplier's never show.
    expect(all.total).toBe(5);
    const sorted = all.data.map((e: { name: string }) => e.name);
    expect(sorted).toEqual([...sorted].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all.data.map((e: { id: string }) => e.id)).not.toContain(other.employee.id);

    const fitters = (await me.get("/api/employees?q=fitter")).json();
    expect(fitters.data.map((e: { name: string }) => e.name)).toEqual(["Adam Fitter", "Omar Fitter"]);
    const byMail = (await me.get("/api/employees?q=lea-")).json();
    expect(byMail.data.map((e: { name: string }) => e.name)).toEqual(["Lea Painter"]);
    // LIKE's wildcards are taken literally.
    expect((await me.get("/api/employees?q=%25")).json().total).toBe(0);

    const invited = (await me.get("/api/employees?status=invited")).json();
    expect(invited.total).toBe(4);
    const active = (await me.get("/api/employees?status=active")).json();
    expect(active.data.map((e: { id: string }) => e.id)).toEqual([company.employee.id]);

    const page2 = (await me.get("/api/employees?page=2&pageSize=2")).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(page2.data.map((e: { name: string }) => e.name)).toEqual(sorted.slice(2, 4));
    expect((await me.get("/api/employees?page=9")).json().data).toEqual([]);
  });

  it("refuses bad query parameters with 400", async () => {
    const me = t.as(tenant.supplierUser);
    for (const query of ["status=sleeping", "page=0", "pageSize=500", `q=${"x".repeat(51)}`]) {
      expectError(await me.get(`/api/employees?${query}`), 400, "VALIDATION_FAILED");
    }
  });
});

describe("GET and PATCH /api/employees/:id", () => {
  it("reads and edits an employee's name and phone; null clears the phone; the e-mail does not change", async () => {
    const { person } = await invite();
    const me = await t.as(tenant.supplierUser).call();
    expect((await get(t.app, `/api/employees/${person.id}`, me)).json().data.email).toBe(person.email);
    const changed = await patch(t.app, `/api/employees/${person.id}`, { name: "Marc Welder-Smith", phone: null }, me);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ name: "Marc Welder-Smith", phone: null, email: person.email });
    const ignored = await patch(
      t.app,
      `/api/employees/${person.id}`,
      { phone: "01 23 45 67 89", email: "x@example.com" },
      me,
    );
    expect(ignored.json().data).toMatchObject({ phone: "01 23 45 67 89", email: person.email });
    expectFields(await patch(t.app, `/api/employees/${person.id}`, {}, me), { _: "atLeastOneField" });
    expectFields(await patch(t.app, `/api/employees/${person.id}`, { name: "", phone: "x" }, me), {
      name: "nameRequired",
      phone: "invalidNumberFormat",
    });
  });

  it("answers 404 for another supplier's employee, for its own account and for anyone who is not an employee", async () => {
    const me = t.as(tenant.supplierUser);
    for (const id of [other.employee.id, tenant.supplierUser.id, tenant.responsible.id, UNKNOWN_ID]) {
      expectError(await me.get(`/api/employees/${id}`), 404, "NOT_FOUND");
      expectError(await me.patch(`/api/employees/${id}`, { name: "Not Yours" }), 404, "NOT_FOUND");
    }
    expectError(await me.get("/api/employees/not-an-id"), 400, "VALIDATION_FAILED");
    const { rows } = await t.ctx.pool.query("SELECT name FROM users WHERE id = $1", [other.employee.id]);
    expect(rows[0].name).not.toBe("Not Yours");
  });
});

describe("disable, enable, resend the invitation, delete", () => {
  it("disabling stops access at once and ends every session; enabling lets the employee back in", async () => {
    const person = await createUser(t.ctx, "Employee", { supplierId: tenant.supplier.id });
    const session = await signIn(t.app, person.email);
    expect((await get(t.app, "/api/auth/me", { token: session.token })).statusCode).toBe(200);
    const boss = t.as(tenant.supplierUser);

    const disabled = await boss.post(`/api/employees/${person.id}/disable`, undefined);
    expect(disabled.json().data.status).toBe("disabled");
    expectError(await get(t.app, "/api/auth/me", { token: session.token }), 401, "UNAUTHENTICATED");
    expectError(
      await refreshCall(t.app, session.refreshCookie, person.email, t.ctx.config.publicUrl),
      401,
      "REFRESH_FAILED",
    );
    expectError(
      await post(t.app, "/api/auth/sign-in", { email: person.email, password: PASSWORD }),
      403,
      "ACCOUNT_DISABLED",
    );
    expect((await boss.post(`/api/employees/${person.id}/disable`, undefined)).json().data.status).toBe("disabled");
    const listed = (await boss.get("/api/employees?status=disabled")).json();
    expect(listed.data.map((e: { id: string }) => e.id)).toContain(person.id);

    const enabled = await boss.post(`/api/employees/${person.id}/enable`, undefined);
    expect(enabled.json().data.status).toBe("active");
    expect((await boss.post(`/api/employees/${person.id}/enable`, undefined)).json().data.status).toBe("active");
    const again = await signIn(t.app, person.email);
    expect((await get(t.app, "/api/auth/me", { token: again.token })).statusCode).toBe(200);
  });

  it("resends an invitation while invited: a new link, the old one dead; otherwise 409", async () => {
    const { person } = await invite();
    const me = t.as(tenant.supplierUser);
    const first = linkTokenIn(await t.mailbox.waitFor(person.email));
    const again = nextMail(t, person.email);
    const resent = await me.post(`/api/employees/${person.id}/resend-invitation`, undefined);
    expect(resent.json().data).toMatchObject({ id: person.id, status: "invited" });
    const second = linkTokenIn(await again);
    expect(second).not.toBe(first);
    expectError(await post(t.app, "/api/auth/invitation", { token: first }), 400, "INVITATION_INVALID");

    // A disabled invitee's link stops working; enabled again, it is invited and can get a new one.
    await me.post(`/api/employees/${person.id}/disable`, undefined);
    expectError(await post(t.app, "/api/auth/invitation", { token: second }), 400, "INVITATION_INVALID");
    expectError(await me.post(`/api/employees/${person.id}/resend-invitation`, undefined), 409, "CONFLICT");
    expect((await me.post(`/api/employees/${person.id}/enable`, undefined)).json().data.status).toBe("invited");
    const third = nextMail(t, person.email);
    expect((await me.post(`/api/employees/${person.id}/resend-invitation`, undefined)).statusCode).toBe(200);
    const completed = await post(t.app, "/api/auth/complete-account", {
      token: linkTokenIn(await third),
      password: NEW_PASSWORD,
    });
    expect(completed.statusCode).toBe(200);
    expectError(await me.post(`/api/employees/${person.id}/resend-invitation`, undefined), 409, "CONFLICT");
  });

  it("deletes an employee with its sessions", async () => {
    const person = await createUser(t.ctx, "Employee", { supplierId: tenant.supplier.id });
    const session = await signIn(t.app, person.email);
    const me = await t.as(tenant.supplierUser).call();
    expect((await del(t.app, `/api/employees/${person.id}`, me)).statusCode).toBe(204);
    expectError(await get(t.app, `/api/employees/${person.id}`, me), 404, "NOT_FOUND");
    expectError(await del(t.app, `/api/employees/${person.id}`, me), 404, "NOT_FOUND");
    expectError(await get(t.app, "/api/auth/me", { token: session.token }), 401, "UNAUTHENTICATED");
    expectError(
      await refreshCall(t.app, session.refreshCookie, person.email, t.ctx.config.publicUrl),
      401,
      "REFRESH_FAILED",
    );
    const { rows } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1", [
      person.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("acts only on the supplier's own employees (404 otherwise, nothing changes)", async () => {
    const me = t.as(tenant.supplierUser);
    for (const id of [other.employee.id, tenant.supplierUser.id, other.supplierUser.id]) {
      for (const action of ["disable", "enable", "resend-invitation"]) {
        expectError(await me.post(`/api/employees/${id}/${action}`, undefined), 404, "NOT_FOUND");
      }
      expectError(await me.del(`/api/employees/${id}`), 404, "NOT_FOUND");
    }
    const { rows } = await t.ctx.pool.query("SELECT status FROM users WHERE id = ANY($1)", [
      [other.employee.id, tenant.supplierUser.id, other.supplierUser.id],
    ]);
    expect(rows.map((r: { status: string }) => r.status)).toEqual(["active", "active", "active"]);
  });
});

describe("employees: who may call", () => {
  it("refuses employees and every other role (403), and anonymous callers (401)", async () => {
    const id = tenant.employee.id;
    const calls = [
      (token?: string) => get(t.app, "/api/employees", { token }),
      (token?: string) => get(t.app, `/api/employees/${id}`, { token }),
      (token?: string) => post(t.app, "/api/employees", employeeBody(), { token }),
      (token?: string) => patch(t.app, `/api/employees/${id}`, { name: "Nope Nope" }, { token }),
      (token?: string) => post(t.app, `/api/employees/${id}/disable`, undefined, { token }),
      (token?: string) => post(t.app, `/api/employees/${id}/enable`, undefined, { token }),
      (token?: string) => post(t.app, `/api/employees/${id}/resend-invitation`, undefined, { token }),
      (token?: string) => del(t.app, `/api/employees/${id}`, { token }),
    ];
    const refused = [tenant.employee, admin, tenant.enterpriseUser, tenant.superResponsible, tenant.responsible];
    for (const person of refused) {
      const { token } = await t.as(person).call();
      for (const call of calls) expectError(await call(token), 403, "FORBIDDEN");
    }
    for (const call of calls) expectError(await call(), 401, "UNAUTHENTICATED");
    const { rows } = await t.ctx.pool.query("SELECT status, name FROM users WHERE id = $1", [id]);
    expect(rows[0]).toMatchObject({ status: "active" });
    expect(rows[0].name).not.toBe("Nope Nope");
  });
});
