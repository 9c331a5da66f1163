import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_PASSWORD, nextMail, uniqueEmail } from "./helpers/accounts";
import { affiliate, affiliationStatus, createSupplierWithPeople } from "./helpers/affiliations";
import { createEnterprise, createTenant, createUser, signIn, type TPerson } from "./helpers/factories";
import { expectError, expectFields, get, post } from "./helpers/http";
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

const invite = async (by: TPerson, body: Record<string, unknown>) =>
  t.as(by).post("/api/affiliations/invitations", body);
const request = async (by: TPerson, enterpriseId: string) =>
  t.as(by).post("/api/affiliations/requests", { enterpriseId });
const eventCount = async (enterpriseId: string, supplierId: string) =>
  (
    await t.ctx.pool.query(
      `SELECT count(*)::int AS n FROM affiliation_events e JOIN affiliations a ON a.id = e.affiliation_id
       WHERE a.enterprise_id = $1 AND a.supplier_id = $2`,
      [enterpriseId, supplierId],
    )
  ).rows[0].n as number;

/** The supplier company behind an address (the inviter is not told it before the supplier answers). */
const supplierOf = async (email: string): Promise<string> =>
  (await t.ctx.pool.query("SELECT supplier_id FROM users WHERE email = $1", [email])).rows[0].supplier_id;

/** An invitation's answer without what must differ between two invitations (its id, time and address). */
const comparable = (body: { data: Record<string, unknown> & { demand: Record<string, unknown> } }) => {
  const { id: _id, createdAt: _createdAt, ...demand } = body.data.demand;
  return { answer: Object.keys(body.data), ...demand };
};

describe("POST /api/affiliations/invitations answers alike whoever holds the address", () => {
  it("another tenant's contractor, an unknown address and a company still completing its account", async () => {
    const contractor = await createSupplierWithPeople(t.ctx);
    await affiliate(t.ctx, other.enterprise.id, contractor.supplier.id);
    const placeholder = uniqueEmail("placeholder");
    expect((await invite(other.enterpriseUser, { email: placeholder, companyName: "Secret Name" })).statusCode).toBe(
      201,
    );
    const unknown = uniqueEmail("unknown");
    const mails = [contractor.supplierUser.email, unknown, placeholder].map((email) => nextMail(t, email));

    const answers = [];
    const trailLength = async () =>
      (await t.ctx.pool.query("SELECT count(*)::int AS n FROM audit_log WHERE chain = $1", [tenant.enterprise.id]))
        .rows[0].n as number;
    for (const email of [contractor.supplierUser.email, unknown, placeholder]) {
      const before = await trailLength();
      const answer = await invite(tenant.enterpriseUser, { email, companyName: "Typed Name" });
      // The enterprise's audit trail does not tell either: the placeholder's creation is the platform's entry.
      expect(await trailLength(), email).toBe(before);
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.body).not.toContain(contractor.supplier.name);
      expect(answer.body).not.toContain("Secret Name");
      answers.push({ ...comparable(answer.json()), email: "" });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // The list and the demand read alike too, until the supplier answers.
    const listed = (await t.as(tenant.responsible).get("/api/demands?status=pending&direction=invitation")).json();
    expect(JSON.stringify(listed)).not.toContain(contractor.supplier.name);
    expect(JSON.stringify(listed)).not.toContain("Secret Name");
    const byName = await t
      .as(tenant.enterpriseUser)
      .get(`/api/demands?q=${encodeURIComponent(contractor.supplier.name)}`);
    expect(byName.json().total).toBe(0);

    const [toContractor, toUnknown, toPlaceholder] = await Promise.all(mails);
    expect(textOf(toContractor!)).toContain(`“${tenant.enterprise.name}” invites your company`);
    expect(textOf(toUnknown!)).toContain("/auth/complete/supplier?token=");
    expect(textOf(toPlaceholder!)).toContain("/auth/complete/supplier?token=");
  });

  it("shows the company's name to the inviter once it accepted", async () => {
    const s = await createSupplierWithPeople(t.ctx);
    const { demand } = (await invite(tenant.enterpriseUser, { email: s.supplierUser.email })).json().data;
    expect((await t.as(s.supplierUser).get(`/api/demands/${demand.id}`)).json().data.supplier.name).toBe(
      s.supplier.name,
    );
    expect((await t.as(s.supplierUser).post(`/api/demands/${demand.id}/approve`, {})).statusCode).toBe(200);
    const seen = await t.as(tenant.enterpriseUser).get(`/api/demands/${demand.id}`);
    expect(seen.json().data.supplier).toEqual({ id: s.supplier.id, name: s.supplier.name });
  });
});

describe("POST /api/affiliations/invitations: a known supplier", () => {
  it("opens a pending invitation and tells the supplier's account holder by e-mail", async () => {
    const s = await createSupplierWithPeople(t.ctx);
    const mail = nextMail(t, s.supplierUser.email);
    const response = await invite(tenant.enterpriseUser, { email: s.supplierUser.email.toUpperCase() });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toEqual({
      demand: {
        id: expect.any(String),
        kind: "affiliation",
        direction: "invitation",
        status: "pending",
        createdAt: expect.any(String),
        decidedAt: null,
        remark: null,
        enterprise: { id: tenant.enterprise.id, name: tenant.enterprise.name },
        // Who holds the address is not told before they answer.
        supplier: null,
        email: s.supplierUser.email,
        requestedBy: { id: tenant.enterpriseUser.id, name: expect.any(String), role: "Enterprise" },
        decidedBy: null,
        actions: ["cancel"],
        // Nor what its company lacks.
        missingDocuments: [],
      },
    });
    const text = textOf(await mail);
    expect(text).toContain(`“${tenant.enterprise.name}” invites your company`);
    expect(text).toContain("/auth/sign-in/default");
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, s.supplier.id)).toBe("invited");
    expect(await eventCount(tenant.enterprise.id, s.supplier.id)).toBe(1);
  });

  it("lets a super-responsible invite, and refuses a responsible, the supplier's people and the admin (403)", async () => {
    const s = await createSupplierWithPeople(t.ctx);
    expect((await invite(tenant.superResponsible, { email: s.supplierUser.email })).statusCode).toBe(201);
    const next = await createSupplierWithPeople(t.ctx);
    for (const person of [tenant.responsible, tenant.supplierUser, tenant.employee, admin]) {
      expectError(await invite(person, { email: next.supplierUser.email }), 403, "FORBIDDEN");
    }
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, next.supplier.id)).toBeNull();
  });

  it("answers the e-mail of anyone but a supplier exactly as a supplier's, and tells that address by mail", async () => {
    const disabled = await createSupplierWithPeople(t.ctx);
    await t.ctx.pool.query("UPDATE suppliers SET status = 'disabled' WHERE id = $1", [disabled.supplier.id]);
    const disabledAccount = await createSupplierWithPeople(t.ctx);
    await t.ctx.pool.query("UPDATE users SET status = 'disabled' WHERE id = $1", [disabledAccount.supplierUser.id]);
    const emails = [
      tenant.employee.email,
      other.responsible.email,
      other.enterpriseUser.email,
      admin.email,
      disabled.supplierUser.email,
      disabledAccount.supplierUser.email,
    ];
    const supplier = await createSupplierWithPeople(t.ctx);
    const reference = await invite(tenant.enterpriseUser, { email: supplier.supplierUser.email });
    for (const email of emails) {
      const mail = nextMail(t, email);
      const answer = await invite(tenant.enterpriseUser, { email });
      expect(answer.statusCode, email).toBe(201);
      expect(comparable(answer.json()), email).toEqual({ ...comparable(reference.json()), email });
      const text = textOf(await mail);
      expect(text).toContain(`“${tenant.enterprise.name}” invited this e-mail address`);
      // Inviting it again is refused as for a supplier with a pending invitation.
      expectError(await invite(tenant.superResponsible, { email }), 409, "AFFILIATION_PENDING");
    }
    // The inviter cancels it as any other; nobody else sees it.
    const [lastEmail] = emails.slice(-1);
    const listed = await t.as(tenant.enterpriseUser).get(`/api/demands?q=${encodeURIComponent(lastEmail!)}`);
    expect(listed.json().total).toBe(1);
    const cancelled = await t.as(tenant.enterpriseUser).post(`/api/demands/${listed.json().data[0].id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: "cancelled", supplier: null });
    const { rows } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM demands WHERE email = $1", [lastEmail]);
    expect(rows[0].n).toBe(1);
  });

  it("refuses an affiliated contractor (ALREADY_AFFILIATED) and a pending demand either way (AFFILIATION_PENDING)", async () => {
    const affiliated = await createSupplierWithPeople(t.ctx);
    await affiliate(t.ctx, tenant.enterprise.id, affiliated.supplier.id);
    expectError(
      await invite(tenant.enterpriseUser, { email: affiliated.supplierUser.email }),
      409,
      "ALREADY_AFFILIATED",
    );

    const invited = await createSupplierWithPeople(t.ctx);
    expect((await invite(tenant.enterpriseUser, { email: invited.supplierUser.email })).statusCode).toBe(201);
    expectError(
      await invite(tenant.superResponsible, { email: invited.supplierUser.email }),
      409,
      "AFFILIATION_PENDING",
    );

    const requesting = await createSupplierWithPeople(t.ctx);
    expect((await request(requesting.supplierUser, tenant.enterprise.id)).statusCode).toBe(201);
    expectError(
      await invite(tenant.enterpriseUser, { email: requesting.supplierUser.email }),
      409,
      "AFFILIATION_PENDING",
    );
    // Another enterprise is not concerned by those demands.
    expect((await invite(other.enterpriseUser, { email: requesting.supplierUser.email })).statusCode).toBe(201);
  });

  it("gives one 201 and one 409 to two invitations racing for the same contractor", async () => {
    const s = await createSupplierWithPeople(t.ctx);
    const [a, b] = await Promise.all([
      invite(tenant.enterpriseUser, { email: s.supplierUser.email }),
      invite(tenant.superResponsible, { email: s.supplierUser.email }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().error.code).toBe("AFFILIATION_PENDING");
    const { rows } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM demands WHERE supplier_id = $1", [
      s.supplier.id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it("invites again a detached, denied or cancelled contractor and keeps the earlier history", async () => {
    for (const status of ["detached", "denied", "cancelled"] as const) {
      const s = await createSupplierWithPeople(t.ctx);
      await affiliate(t.ctx, tenant.enterprise.id, s.supplier.id, status);
      const response = await invite(tenant.enterpriseUser, { email: s.supplierUser.email });
      expect(response.statusCode, status).toBe(201);
      expect(await affiliationStatus(t.ctx, tenant.enterprise.id, s.supplier.id)).toBe("invited");
      expect(await eventCount(tenant.enterprise.id, s.supplier.id)).toBe(2);
    }
  });

  it("names the bad fields of a bad body (400)", async () => {
    expectFields(await invite(tenant.enterpriseUser, { email: "not-an-email" }), { email: "invalidEmail" });
    const long = await invite(tenant.enterpriseUser, { email: uniqueEmail(), companyName: "x".repeat(51) });
    expectFields(long, { companyName: "max50" });
  });
});

describe("POST /api/affiliations/invitations: an unknown e-mail", () => {
  it("creates the company and its account; completing it affiliates them, end to end", async () => {
    const email = uniqueEmail("newco");
    const mail = nextMail(t, email);
    const response = await invite(tenant.enterpriseUser, { email, companyName: "Delta Lifting", contactName: "Dora" });
    expect(response.statusCode, response.body).toBe(201);
    const { demand } = response.json().data;
    expect(demand).toMatchObject({ status: "pending", direction: "invitation", email, supplier: null });

    const received = await mail;
    expect(textOf(received)).toContain(`${t.ctx.config.publicUrl}/auth/complete/supplier?token=`);
    const token = linkTokenIn(received);
    const info = await post(t.app, "/api/auth/invitation", { token });
    expect(info.json().data).toMatchObject({ email, name: "Dora", role: "Supplier", companyName: "Delta Lifting" });
    const completed = await post(t.app, "/api/auth/complete-account", {
      token,
      password: NEW_PASSWORD,
      companyName: "Delta Lifting SARL",
    });
    expect(completed.statusCode, completed.body).toBe(200);

    const supplierToken = (await signIn(t.app, email, NEW_PASSWORD)).token;
    const principals = await get(t.app, "/api/principals", { token: supplierToken });
    expect(principals.json()).toMatchObject({
      total: 1,
      data: [{ enterprise: { id: tenant.enterprise.id, name: tenant.enterprise.name }, status: "affiliated" }],
    });
    expect((await t.as(tenant.responsible).get("/api/contractors?q=D%C3%A9lta")).json().total).toBeGreaterThan(0);
    const contractors = await t.as(tenant.responsible).get("/api/contractors?q=Delta");
    expect(contractors.json().data).toEqual([
      expect.objectContaining({
        id: await supplierOf(email),
        name: "Delta Lifting SARL",
        affiliationStatus: "affiliated",
      }),
    ]);
    const decided = await get(t.app, `/api/demands/${demand.id}`, { token: supplierToken });
    expect(decided.json().data).toMatchObject({ status: "approved", decidedBy: { role: "Supplier" }, actions: [] });
    // Accepted: the inviter now sees the company's own name.
    const seen = await t.as(tenant.enterpriseUser).get(`/api/demands/${demand.id}`);
    expect(seen.json().data.supplier.name).toBe("Delta Lifting SARL");
  });

  it("uses the e-mail's domain and local part as placeholders", async () => {
    const email = `jo-${Date.now()}@placeholder-co.example`;
    expect((await invite(tenant.enterpriseUser, { email })).statusCode).toBe(201);
    const { rows } = await t.ctx.pool.query(
      "SELECT u.name, u.status, u.role, s.name AS company FROM users u JOIN suppliers s ON s.id = u.supplier_id WHERE u.email = $1",
      [email],
    );
    expect(rows).toEqual([
      { name: email.split("@")[0], status: "invited", role: "Supplier", company: "placeholder-co.example" },
    ]);
  });

  it("lets a second enterprise invite a company still completing its account; completing accepts both", async () => {
    const email = uniqueEmail("twice");
    expect((await invite(tenant.enterpriseUser, { email })).statusCode).toBe(201);
    expectError(await invite(tenant.superResponsible, { email }), 409, "AFFILIATION_PENDING");
    const mail = nextMail(t, email);
    const second = await invite(other.enterpriseUser, { email });
    expect(second.statusCode).toBe(201);
    const supplierId = await supplierOf(email);
    // The second link replaces the first: it names the second inviter.
    const received = await mail;
    expect(textOf(received)).toContain(other.enterprise.name);
    const completed = await post(t.app, "/api/auth/complete-account", {
      token: linkTokenIn(received),
      password: NEW_PASSWORD,
    });
    expect(completed.statusCode).toBe(200);
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, supplierId)).toBe("affiliated");
    expect(await affiliationStatus(t.ctx, other.enterprise.id, supplierId)).toBe("affiliated");
  });

  it("does not affiliate an invitation cancelled before the account is completed", async () => {
    const email = uniqueEmail("cancelled");
    const mail = nextMail(t, email);
    const created = (await invite(tenant.enterpriseUser, { email })).json().data.demand;
    const cancelled = await t.as(tenant.enterpriseUser).post(`/api/demands/${created.id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    await post(t.app, "/api/auth/complete-account", { token: linkTokenIn(await mail), password: NEW_PASSWORD });
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, await supplierOf(email))).toBe("cancelled");
  });
});

describe("POST /api/affiliations/requests", () => {
  it("registers the supplier's request and tells the enterprise's account holder", async () => {
    const s = await createSupplierWithPeople(t.ctx);
    const mail = nextMail(t, tenant.enterpriseUser.email);
    const response = await request(s.supplierUser, tenant.enterprise.id);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      direction: "request",
      status: "pending",
      enterprise: { id: tenant.enterprise.id },
      supplier: { id: s.supplier.id },
      email: s.supplier.email,
      requestedBy: { id: s.supplierUser.id, role: "Supplier" },
      actions: ["cancel"],
    });
    expect(textOf(await mail)).toContain(`“${s.supplier.name}” asks to work for your company`);
    expect(await affiliationStatus(t.ctx, tenant.enterprise.id, s.supplier.id)).toBe("requested");
  });

  it("refuses an unknown or inactive enterprise (404 COMPANY_NOT_LISTED)", async () => {
    const s = await createSupplierWithPeople(t.ctx);
    const { enterprise: pending } = await createEnterprise(t.ctx, "pending_verification");
    const { enterprise: disabled } = await createEnterprise(t.ctx, "disabled");
    for (const id of [UNKNOWN_ID, pending.id, disabled.id]) {
      expectError(await request(s.supplierUser, id), 404, "COMPANY_NOT_LISTED");
    }
    expectFields(await request(s.supplierUser, "nope"), { enterpriseId: "invalidValue" });
  });

  it("refuses duplicates clearly and anyone but the supplier's account holder (403)", async () => {
    const s = await createSupplierWithPeople(t.ctx);
    expect((await request(s.supplierUser, other.enterprise.id)).statusCode).toBe(201);
    expectError(await request(s.supplierUser, other.enterprise.id), 409, "AFFILIATION_PENDING");
    await affiliate(t.ctx, tenant.enterprise.id, s.supplier.id);
    expectError(await request(s.supplierUser, tenant.enterprise.id), 409, "ALREADY_AFFILIATED");
    for (const person of [s.employee, tenant.enterpriseUser, tenant.superResponsible, admin]) {
      expectError(await request(person, other.enterprise.id), 403, "FORBIDDEN");
    }
  });
});

describe("GET /api/enterprise-directory", () => {
  it("lists active enterprises by name with the caller's own affiliation status", async () => {
    const s = await createSupplierWithPeople(t.ctx);
    await affiliate(t.ctx, tenant.enterprise.id, s.supplier.id, "detached");
    const { enterprise: pending } = await createEnterprise(t.ctx, "pending_verification");
    const response = await t.as(s.supplierUser).get("/api/enterprise-directory?pageSize=100");
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as { id: string; name: string; affiliationStatus: string | null }[];
    expect(rows.find((r) => r.id === tenant.enterprise.id)?.affiliationStatus).toBe("detached");
    expect(rows.find((r) => r.id === other.enterprise.id)?.affiliationStatus).toBeNull();
    expect(rows.map((r) => r.id)).not.toContain(pending.id);
    const names = rows.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const searched = await t.as(s.supplierUser).get(`/api/enterprise-directory?q=${other.enterprise.name}`);
    expect(searched.json()).toMatchObject({ total: 1, data: [{ id: other.enterprise.id }] });
    // Accents and case do not matter, on either side: "Rhône" is found by "rhone" and "RHÔNE".
    await t.ctx.pool.query("UPDATE enterprises SET name = $2 WHERE id = $1", [other.enterprise.id, "Rhône Refinery"]);
    for (const q of ["rhone refinery", "RHÔNE", "Rhóne"]) {
      const found = await t.as(s.supplierUser).get(`/api/enterprise-directory?q=${encodeURIComponent(q)}`);
      expect(found.json(), q).toMatchObject({ total: 1, data: [{ id: other.enterprise.id }] });
    }
    const none = await t.as(s.supplierUser).get("/api/enterprise-directory?q=no-such-company");
    expect(none.json()).toMatchObject({ total: 0, data: [] });
  });

  it("is the supplier's alone (403 for its employees and principals)", async () => {
    for (const person of [tenant.employee, tenant.enterpriseUser, tenant.responsible, admin]) {
      expectError(await t.as(person).get("/api/enterprise-directory"), 403, "FORBIDDEN");
    }
  });
});

describe("GET /api/principals", () => {
  it("lists the supplier's affiliations for its account holder and its employees, never another's", async () => {
    const s = await createSupplierWithPeople(t.ctx);
    const elsewhere = await createSupplierWithPeople(t.ctx);
    await affiliate(t.ctx, tenant.enterprise.id, s.supplier.id, "affiliated");
    await affiliate(t.ctx, other.enterprise.id, s.supplier.id, "invited");
    await affiliate(t.ctx, other.enterprise.id, elsewhere.supplier.id, "affiliated");
    for (const person of [s.supplierUser, s.employee]) {
      const all = (await t.as(person).get("/api/principals")).json();
      expect(all.total).toBe(2);
      const byStatus = await t.as(person).get("/api/principals?status=affiliated");
      expect(byStatus.json()).toMatchObject({
        total: 1,
        data: [{ enterprise: { id: tenant.enterprise.id }, status: "affiliated", since: expect.any(String) }],
      });
    }
    expectFields(await t.as(s.supplierUser).get("/api/principals?status=friends"), {
      status: "invalidValue",
    });
  });

  it("refuses the principal's people and the admin (403)", async () => {
    for (const person of [tenant.enterpriseUser, tenant.superResponsible, admin]) {
      expectError(await t.as(person).get("/api/principals"), 403, "FORBIDDEN");
    }
  });
});
