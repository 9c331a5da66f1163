import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_PASSWORD, nextMail, queuedMails, uniqueEmail } from "./helpers/accounts";
import { createTenant, createUser, signIn, type TPerson } from "./helpers/factories";
import { del, expectError, expectFields, get, patch, post, refreshCall } from "./helpers/http";
import { linkTokenIn, textOf } from "./helpers/mail";
import { addSector, grant, UNKNOWN_ID } from "./helpers/organisation";
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

const managerBody = (overrides: Record<string, unknown> = {}) => ({
  role: "Responsible",
  divisionId: tenant.division.id,
  name: "Paula Verifier",
  email: uniqueEmail("manager"),
  phone: "+33 6 11 22 33 44",
  ...overrides,
});

async function invite(by: TPerson = tenant.enterpriseUser, overrides: Record<string, unknown> = {}) {
  const body = managerBody(overrides);
  const response = await t.as(by).post("/api/managers", body);
  expect(response.statusCode, response.body).toBe(201);
  const data = response.json().data;
  const person: TPerson = {
    id: data.id,
    email: data.email,
    role: data.role,
    enterpriseId: tenant.enterprise.id,
    divisionId: data.division.id,
    supplierId: null,
  };
  return { body, data, person };
}

describe("POST /api/managers: invited by e-mail", () => {
  it("creates an invited manager who completes the account from the mailed link and signs in", async () => {
    const mail = nextMail(t, "new.responsible@example.com");
    const { data } = await invite(tenant.enterpriseUser, { email: " New.Responsible@Example.com " });
    expect(data).toEqual({
      id: expect.any(String),
      name: "Paula Verifier",
      email: "new.responsible@example.com",
      phone: "+33 6 11 22 33 44",
      role: "Responsible",
      status: "invited",
      division: { id: tenant.division.id, name: tenant.division.name },
      createdAt: expect.any(String),
    });
    const received = await mail;
    const text = textOf(received);
    expect(text).toContain(`${t.ctx.config.publicUrl}/auth/Complete-Account?token=`);
    expect(text).toContain(tenant.enterprise.name);

    const token = linkTokenIn(received);
    const completed = await post(t.app, "/api/auth/complete-account", { token, password: NEW_PASSWORD });
    expect(completed.statusCode).toBe(200);
    const signedIn = await signIn(t.app, "new.responsible@example.com", NEW_PASSWORD);
    expect((await get(t.app, "/api/auth/me", { token: signedIn.token })).json().data).toMatchObject({
      role: "Responsible",
      division: { id: tenant.division.id },
    });
    const me = t.as(tenant.enterpriseUser);
    expect((await me.get(`/api/managers/${data.id}`)).json().data.status).toBe("active");
  });

  it("lets the enterprise create super-responsibles and a super-responsible responsibles of its division", async () => {
    const sr = await invite(tenant.enterpriseUser, { role: "SuperResponsible", divisionId: tenant.otherDivision.id });
    expect(sr.data).toMatchObject({ role: "SuperResponsible", division: { id: tenant.otherDivision.id } });
    const byTheSite = await invite(tenant.superResponsible);
    expect(byTheSite.data).toMatchObject({ role: "Responsible", division: { id: tenant.division.id } });

    const me = await t.as(tenant.superResponsible).call();
    const superBody = managerBody({ role: "SuperResponsible" });
    expectError(await post(t.app, "/api/managers", superBody, me), 403, "FORBIDDEN");
    const elsewhere = managerBody({ divisionId: tenant.otherDivision.id });
    expectError(await post(t.app, "/api/managers", elsewhere, me), 404, "NOT_FOUND");
    const foreign = managerBody({ divisionId: other.division.id });
    expectError(await t.as(tenant.enterpriseUser).post("/api/managers", foreign), 404, "NOT_FOUND");
    for (const body of [superBody, elsewhere, foreign]) expect(await queuedMails(t.ctx, body.email)).toBe(0);
  });

  it("says Email already exists for any account with that e-mail, in any case, and mails nobody", async () => {
    const me = t.as(tenant.enterpriseUser);
    for (const email of [other.supplierUser.email, tenant.responsible.email.toUpperCase(), admin.email]) {
      const refused = expectError(await me.post("/api/managers", managerBody({ email })), 409, "EMAIL_EXISTS");
      expect(refused.fields).toEqual({ email: "EMAIL_EXISTS" });
    }
    expect(await queuedMails(t.ctx, other.supplierUser.email)).toBe(0);
  });

  it("validates every field", async () => {
    const me = await t.as(tenant.enterpriseUser).call();
    expectFields(await post(t.app, "/api/managers", {}, me), {
      role: "invalidValue",
      divisionId: "divisionRequired",
      name: "nameRequired",
      email: "emailRequired",
      phone: "phoneRequired",
    });
    expectFields(
      await post(
        t.app,
        "/api/managers",
        managerBody({ role: "Supplier", divisionId: "x", name: "A", email: "not-an-email", phone: "call me" }),
        me,
      ),
      {
        role: "invalidValue",
        divisionId: "divisionRequired",
        name: "min2",
        email: "invalidEmail",
        phone: "invalidNumberFormat",
      },
    );
    expectFields(await post(t.app, "/api/managers", managerBody({ name: "x".repeat(51) }), me), { name: "max50" });
  });
});

describe("GET /api/managers", () => {
  it("lists the managers one manages, by name, with role, division, status and text filters", async () => {
    const t2 = await createTenant(t.ctx);
    const boss = await t.as(t2.enterpriseUser).call();
    const make = async (name: string, extra: Record<string, unknown>) => {
      const body = managerBody({ name, divisionId: t2.division.id, ...extra });
      const response = await post(t.app, "/api/managers", body, boss);
      return response.json().data.id as string;
    };
    const zoe = await make("Zoé Approver", { email: "zoe.approver@example.com" });
    const bob = await make("bob Site", { role: "SuperResponsible", divisionId: t2.otherDivision.id });
    const names = async (query: string, me = boss) =>
      ((await get(t.app, `/api/managers${query}`, me)).json().data as { name: string }[]).map((m) => m.name);
    const everyone = (await get(t.app, "/api/managers", boss)).json();
    // The factory's three managers, and these two.
    expect(everyone.total).toBe(5);
    expect(everyone.data[0].name).toBe("bob Site");

    expect(await names(`?role=SuperResponsible&divisionId=${t2.otherDivision.id}`)).toEqual(["bob Site"]);
    expect(await names("?q=ZOE.APPROVER@")).toEqual(["Zoé Approver"]);
    expect(await names("?q=Approver")).toEqual(["Zoé Approver"]);
    expect(await names("?status=invited")).toEqual(["bob Site", "Zoé Approver"]);
    expect((await get(t.app, "/api/managers?pageSize=2&page=3", boss)).json().data).toHaveLength(1);

    // A super-responsible sees the responsibles of its division only.
    const site = (await t.as(t2.superResponsible).get("/api/managers?pageSize=100")).json().data;
    expect(site.map((m: { id: string }) => m.id).sort()).toEqual([zoe, t2.responsible.id].sort());
    expect(site.map((m: { id: string }) => m.id)).not.toContain(bob);
    expectFields(await get(t.app, "/api/managers?status=sleeping", boss), { status: "invalidValue" });
  });

  it("shows one manager only within the caller's scope", async () => {
    const me = t.as(tenant.superResponsible);
    expect((await me.get(`/api/managers/${tenant.responsible.id}`)).statusCode).toBe(200);
    for (const id of [
      tenant.superResponsible.id,
      tenant.otherDivisionResponsible.id,
      other.responsible.id,
      tenant.employee.id,
      UNKNOWN_ID,
    ]) {
      expectError(await me.get(`/api/managers/${id}`), 404, "NOT_FOUND");
    }
    const boss = t.as(tenant.enterpriseUser);
    expect((await boss.get(`/api/managers/${tenant.superResponsible.id}`)).statusCode).toBe(200);
    for (const id of [other.responsible.id, tenant.enterpriseUser.id, tenant.supplierUser.id]) {
      expectError(await boss.get(`/api/managers/${id}`), 404, "NOT_FOUND");
    }
  });
});

describe("PATCH /api/managers/{id}", () => {
  it("edits name and phone; moving a responsible to another division clears its matrix cells", async () => {
    const { person } = await invite();
    const boss = await t.as(tenant.enterpriseUser).call();
    const sector = await addSector(t.ctx, tenant.division);
    await grant(t.ctx, person.id, sector.id, "both");
    const edited = await patch(
      t.app,
      `/api/managers/${person.id}`,
      { name: "Paula Approver", phone: "04 72 00 00 01" },
      boss,
    );
    expect(edited.json().data).toMatchObject({ name: "Paula Approver", phone: "04 72 00 00 01", email: person.email });
    const cells = async () =>
      (await t.ctx.pool.query("SELECT count(*)::int AS n FROM sector_permissions WHERE manager_id = $1", [person.id]))
        .rows[0].n;
    expect(await cells()).toBe(1);
    const moved = await patch(t.app, `/api/managers/${person.id}`, { divisionId: tenant.otherDivision.id }, boss);
    expect(moved.json().data.division.id).toBe(tenant.otherDivision.id);
    expect(await cells()).toBe(0);
  });

  it("keeps a super-responsible to its division and refuses bad input", async () => {
    const { person } = await invite(tenant.superResponsible);
    const me = await t.as(tenant.superResponsible).call();
    expect((await patch(t.app, `/api/managers/${person.id}`, { divisionId: tenant.division.id }, me)).statusCode).toBe(
      200,
    );
    expectError(
      await patch(t.app, `/api/managers/${person.id}`, { divisionId: tenant.otherDivision.id }, me),
      404,
      "NOT_FOUND",
    );
    expectError(
      await patch(t.app, `/api/managers/${tenant.otherDivisionResponsible.id}`, { name: "Not yours" }, me),
      404,
      "NOT_FOUND",
    );
    expectError(
      await patch(
        t.app,
        `/api/managers/${other.responsible.id}`,
        { name: "Not yours" },
        await t.as(tenant.enterpriseUser).call(),
      ),
      404,
      "NOT_FOUND",
    );
    expectFields(await patch(t.app, `/api/managers/${person.id}`, {}, me), { _: "atLeastOneField" });
    expectFields(await patch(t.app, `/api/managers/${person.id}`, { name: "", phone: "x" }, me), {
      name: "nameRequired",
      phone: "invalidNumberFormat",
    });
    // E-mail and role are not editable: they are ignored.
    const ignored = await patch(
      t.app,
      `/api/managers/${person.id}`,
      { name: "Still Responsible", role: "SuperResponsible", email: "x@example.com" },
      me,
    );
    expect(ignored.json().data).toMatchObject({ role: "Responsible", email: person.email });
  });
});

describe("disable, enable, resend the invitation, delete", () => {
  it("disabling stops access at once and ends every session; enabling lets the manager back in", async () => {
    const person = await createUser(t.ctx, "Responsible", {
      enterpriseId: tenant.enterprise.id,
      divisionId: tenant.division.id,
    });
    const session = await signIn(t.app, person.email);
    expect((await get(t.app, "/api/auth/me", { token: session.token })).statusCode).toBe(200);
    const boss = t.as(tenant.enterpriseUser);

    const disabled = await boss.post(`/api/managers/${person.id}/disable`, undefined);
    expect(disabled.json().data.status).toBe("disabled");
    expectError(await get(t.app, "/api/auth/me", { token: session.token }), 401, "UNAUTHENTICATED");
    expectError(
      await refreshCall(t.app, session.refreshCookie, person.email, t.ctx.config.publicUrl),
      401,
      "REFRESH_FAILED",
    );
    const { rows } = await t.ctx.pool.query(
      "SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL",
      [person.id],
    );
    expect(rows[0].n).toBe(0);
    expectError(
      await post(t.app, "/api/auth/sign-in", { email: person.email, password: "Correct-horse-9" }),
      403,
      "ACCOUNT_DISABLED",
    );
    // Twice is harmless.
    expect((await boss.post(`/api/managers/${person.id}/disable`, undefined)).json().data.status).toBe("disabled");

    const enabled = await boss.post(`/api/managers/${person.id}/enable`, undefined);
    expect(enabled.json().data.status).toBe("active");
    expect((await signIn(t.app, person.email)).token).toBeTruthy();
  });

  it("resends an invitation while invited: a new link, the old one dead; an active manager gets 409", async () => {
    const { person } = await invite(tenant.superResponsible);
    const me = t.as(tenant.superResponsible);
    const first = linkTokenIn(await t.mailbox.waitFor(person.email));
    const again = nextMail(t, person.email);
    const resent = await me.post(`/api/managers/${person.id}/resend-invitation`, undefined);
    expect(resent.json().data).toMatchObject({ id: person.id, status: "invited" });
    const second = linkTokenIn(await again);
    expect(second).not.toBe(first);
    expectError(await post(t.app, "/api/auth/invitation", { token: first }), 400, "INVITATION_INVALID");

    // A disabled invitee's link stops working; enabled again, it is invited and can get a new one.
    await me.post(`/api/managers/${person.id}/disable`, undefined);
    expectError(await post(t.app, "/api/auth/invitation", { token: second }), 400, "INVITATION_INVALID");
    expectError(await me.post(`/api/managers/${person.id}/resend-invitation`, undefined), 409, "CONFLICT");
    expect((await me.post(`/api/managers/${person.id}/enable`, undefined)).json().data.status).toBe("invited");
    const third = nextMail(t, person.email);
    expect((await me.post(`/api/managers/${person.id}/resend-invitation`, undefined)).statusCode).toBe(200);
    expect(
      (await post(t.app, "/api/auth/complete-account", { token: linkTokenIn(await third), password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    expectError(await me.post(`/api/managers/${person.id}/resend-invitation`, undefined), 409, "CONFLICT");
  });

  it("deletes a manager with its matrix cells and sessions", async () => {
    const person = await createUser(t.ctx, "Responsible", {
      enterpriseId: tenant.enterprise.id,
      divisionId: tenant.division.id,
    });
    const session = await signIn(t.app, person.email);
    const sector = await addSector(t.ctx, tenant.division);
    await grant(t.ctx, person.id, sector.id, "verifier");
    const me = await t.as(tenant.superResponsible).call();
    expect((await del(t.app, `/api/managers/${person.id}`, me)).statusCode).toBe(204);
    expectError(await get(t.app, `/api/managers/${person.id}`, me), 404, "NOT_FOUND");
    expectError(await del(t.app, `/api/managers/${person.id}`, me), 404, "NOT_FOUND");
    expectError(await get(t.app, "/api/auth/me", { token: session.token }), 401, "UNAUTHENTICATED");
    expectError(
      await refreshCall(t.app, session.refreshCookie, person.email, t.ctx.config.publicUrl),
      401,
      "REFRESH_FAILED",
    );
    const { rows } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM sector_permissions WHERE sector_id = $1", [
      sector.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("acts only on managers in the caller's scope", async () => {
    const me = t.as(tenant.superResponsible);
    const outside = [tenant.otherDivisionResponsible.id, tenant.superResponsible.id, other.responsible.id];
    for (const id of outside) {
      for (const action of ["disable", "enable", "resend-invitation"]) {
        expectError(await me.post(`/api/managers/${id}/${action}`, undefined), 404, "NOT_FOUND");
      }
      expectError(await me.del(`/api/managers/${id}`), 404, "NOT_FOUND");
    }
    const boss = t.as(tenant.enterpriseUser);
    expectError(await boss.post(`/api/managers/${other.superResponsible.id}/disable`, undefined), 404, "NOT_FOUND");
    expectError(await boss.del(`/api/managers/${other.responsible.id}`), 404, "NOT_FOUND");
    const { rows } = await t.ctx.pool.query("SELECT status FROM users WHERE id = ANY($1)", [
      [...outside, other.superResponsible.id],
    ]);
    expect(rows.every((r: { status: string }) => r.status === "active")).toBe(true);
  });
});

describe("managers: who may call", () => {
  it("refuses responsibles and every other role (403), and anonymous callers (401)", async () => {
    const id = tenant.responsible.id;
    const calls = [
      (token?: string) => get(t.app, "/api/managers", { token }),
      (token?: string) => get(t.app, `/api/managers/${id}`, { token }),
      (token?: string) => post(t.app, "/api/managers", managerBody(), { token }),
      (token?: string) => patch(t.app, `/api/managers/${id}`, { name: "Nope Nope" }, { token }),
      (token?: string) => post(t.app, `/api/managers/${id}/disable`, undefined, { token }),
      (token?: string) => post(t.app, `/api/managers/${id}/enable`, undefined, { token }),
      (token?: string) => post(t.app, `/api/managers/${id}/resend-invitation`, undefined, { token }),
      (token?: string) => del(t.app, `/api/managers/${id}`, { token }),
    ];
    for (const person of [tenant.responsible, admin, tenant.supplierUser, tenant.employee]) {
      const { token } = await t.as(person).call();
      for (const call of calls) expectError(await call(token), 403, "FORBIDDEN");
    }
    for (const call of calls) expectError(await call(), 401, "UNAUTHENTICATED");
    const { rows } = await t.ctx.pool.query("SELECT status FROM users WHERE id = $1", [id]);
    expect(rows[0].status).toBe("active");
  });
});
