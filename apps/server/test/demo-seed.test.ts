import { ACCEPTANCE_DECLARATION, sendMissing, type TPermit, ZPermitDraftSchema } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "../src/db/seed-admin";
import { DEMO_COMPANY_PAGE } from "../src/demo/company";
import { DEMO_REQUIREMENTS } from "../src/demo/compliance";
import { DEMO_CONTRACTORS } from "../src/demo/contractors";
import { DEMO_CREDITS } from "../src/demo/credits";
import { DEMO_ISOLATION_POINTS, DEMO_PERMIT_ISOLATIONS } from "../src/demo/isolations";
import { DEMO_PERMITS } from "../src/demo/permits";
import { DEMO_ACCOUNTS, DEMO_NORTH_APPROVER, DEMO_PASSWORD, DEMO_SECOND_RESPONSIBLE, seedDemo } from "../src/demo/seed";
import { DEMO_EXTENDED, DEMO_HANDED_OVER } from "../src/demo/shift";
import { seedWorkerCard } from "../src/demo/worker-card";
import { companyStandings, crewGaps } from "../src/modules/compliance/standing";
import { contentHashOf } from "../src/modules/permits/signatures/content-hash";
import { signIn } from "./helpers/factories";
import { get } from "./helpers/http";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  // As `npm run demo` does: the demo admin exists before the demo is seeded.
  await ensureAdmin(t.ctx.db, t.ctx.log, DEMO_ACCOUNTS.Admin.email, DEMO_PASSWORD);
  await seedDemo(t.ctx);
});
afterAll(() => t.close());

const as = async (email: string) => ({ token: (await signIn(t.app, email, DEMO_PASSWORD)).token });

/** What the demo holds, as rows that show every part of it. */
async function contents() {
  const query = async (text: string) => (await t.ctx.pool.query(text)).rows;
  return {
    divisions: await query("SELECT name FROM divisions ORDER BY name"),
    sectors: await query(
      `SELECT d.name AS division, s.number, s.name, f.width, f.height, f.content_type,
              (SELECT count(*)::int FROM sub_sectors ss WHERE ss.sector_id = s.id) AS sub_sectors
         FROM sectors s JOIN divisions d ON d.id = s.division_id JOIN files f ON f.id = s.map_file_id
        ORDER BY d.name, s.number`,
    ),
    matrix: await query(
      `SELECT u.email, s.name, p.can_verify, p.can_approve FROM sector_permissions p
         JOIN users u ON u.id = p.manager_id JOIN sectors s ON s.id = p.sector_id ORDER BY u.email, s.name`,
    ),
    people: await query("SELECT email, role FROM users ORDER BY email"),
    affiliations: await query(
      `SELECT s.name, a.status, (SELECT count(*)::int FROM affiliation_events e WHERE e.affiliation_id = a.id) AS events,
              (SELECT string_agg(d.direction || ':' || d.status, ',') FROM demands d WHERE d.affiliation_id = a.id) AS demands
         FROM affiliations a JOIN suppliers s ON s.id = a.supplier_id ORDER BY s.name`,
    ),
    credits: await query(
      `SELECT a.credits_total, a.credits_used, a.next_number,
              (SELECT json_agg(json_build_object('kind', c.kind, 'quantity', c.quantity, 'note', c.note, 'by', u.email)
                        ORDER BY c.created_at, c.id)
                 FROM credit_transactions c LEFT JOIN users u ON u.id = c.recorded_by
                WHERE c.enterprise_id = a.enterprise_id) AS ledger
         FROM enterprise_permit_accounts a`,
    ),
  };
}

describe("the demo seed", () => {
  it("holds two divisions, three sectors on 1600 × 1000 site plans with sub-sectors, and a filled matrix", async () => {
    const demo = await contents();
    expect(demo.divisions.map((d) => d.name)).toEqual(["North Plant", "South Terminal"]);
    expect(demo.sectors).toEqual([
      {
        division: "North Plant",
        number: 1,
        name: "Crude distillation unit",
        width: 1600,
        height: 1000,
        content_type: "image/png",
        sub_sectors: 4,
      },
      {
        division: "North Plant",
        number: 2,
        name: "Tank farm",
        width: 1600,
        height: 1000,
        content_type: "image/png",
        sub_sectors: 3,
      },
      {
        division: "South Terminal",
        number: 1,
        name: "Marine jetty and loading",
        width: 1600,
        height: 1000,
        content_type: "image/png",
        sub_sectors: 3,
      },
    ]);
    expect(demo.matrix).toEqual([
      { email: DEMO_SECOND_RESPONSIBLE.email, name: "Marine jetty and loading", can_verify: true, can_approve: true },
      { email: DEMO_NORTH_APPROVER.email, name: "Crude distillation unit", can_verify: false, can_approve: true },
      { email: DEMO_NORTH_APPROVER.email, name: "Tank farm", can_verify: false, can_approve: true },
      { email: DEMO_ACCOUNTS.Responsible.email, name: "Crude distillation unit", can_verify: true, can_approve: false },
      { email: DEMO_ACCOUNTS.Responsible.email, name: "Tank farm", can_verify: true, can_approve: true },
    ]);
    expect(demo.people.map((p) => p.email)).toEqual(
      [
        ...Object.values(DEMO_ACCOUNTS).map((a) => a.email),
        DEMO_SECOND_RESPONSIBLE.email,
        DEMO_NORTH_APPROVER.email,
        DEMO_CONTRACTORS.acmeSecondEmployee.email,
        DEMO_CONTRACTORS.borealis.supplier.email,
        DEMO_CONTRACTORS.borealis.employee.email,
        DEMO_CONTRACTORS.coastal.supplier.email,
      ].sort(),
    );
  });

  it("lets each demo manager see its part: the South responsible its sector and map only", async () => {
    const south = await as(DEMO_SECOND_RESPONSIBLE.email);
    const sectors = (await get(t.app, "/api/sectors", south)).json().data;
    expect(sectors.map((s: { name: string }) => s.name)).toEqual(["Marine jetty and loading"]);
    const map = await get(t.app, sectors[0].map.url, south);
    expect(map.headers["content-type"]).toBe("image/png");
    expect(map.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    const subSectors = (await get(t.app, "/api/sub-sectors", south)).json().data as { x: number; y: number }[];
    expect(subSectors).toHaveLength(3);
    for (const { x, y } of subSectors) expect(x > 0 && x < 1 && y > 0 && y < 1).toBe(true);

    const site = await as(DEMO_ACCOUNTS.SuperResponsible.email);
    expect((await get(t.app, "/api/divisions", site)).json().data.map((d: { name: string }) => d.name)).toEqual([
      "North Plant",
    ]);
    const matrix = (await get(t.app, "/api/permissions", site)).json().data;
    expect(matrix.managers.map((m: { email: string }) => m.email).sort()).toEqual(
      [DEMO_ACCOUNTS.Responsible.email, DEMO_NORTH_APPROVER.email].sort(),
    );
    expect(matrix.cells).toHaveLength(4);
  });

  it("changes nothing when run again, and completes a demo seeded before the organisation existed", async () => {
    const before = await contents();
    await seedDemo(t.ctx);
    expect(await contents()).toEqual(before);

    // A demo seeded before the organisation existed had no permits, hence no credit spent either.
    await t.ctx.pool.query("DELETE FROM permits");
    await t.ctx.pool.query("DELETE FROM credit_transactions");
    await t.ctx.pool.query("DELETE FROM enterprise_permit_accounts");
    await t.ctx.pool.query("DELETE FROM sectors");
    await t.ctx.pool.query("DELETE FROM users WHERE email = $1", [DEMO_SECOND_RESPONSIBLE.email]);
    await t.ctx.pool.query("DELETE FROM divisions WHERE name = 'South Terminal'");
    await seedDemo(t.ctx);
    expect(await contents()).toEqual(before);
  });

  it("completes a demo seeded before the contractors existed", async () => {
    const before = await contents();
    // A demo seeded before the contractors existed had no permits, hence no credit spent either.
    await t.ctx.pool.query("DELETE FROM permits");
    await t.ctx.pool.query("DELETE FROM credit_transactions");
    await t.ctx.pool.query("DELETE FROM enterprise_permit_accounts");
    await t.ctx.pool.query("DELETE FROM affiliations");
    // Nor any compliance evidence (its people are deleted below).
    await t.ctx.pool.query("DELETE FROM compliance_evidence");
    await t.ctx.pool.query("DELETE FROM users WHERE email = ANY($1)", [
      [
        DEMO_CONTRACTORS.acmeSecondEmployee.email,
        DEMO_CONTRACTORS.borealis.supplier.email,
        DEMO_CONTRACTORS.borealis.employee.email,
        DEMO_CONTRACTORS.coastal.supplier.email,
      ],
    ]);
    await t.ctx.pool.query("DELETE FROM suppliers WHERE name IN ('Borealis Scaffolding', 'Coastal Electrical')");
    await seedDemo(t.ctx);
    expect(await contents()).toEqual(before);
  });
});

describe("the demo's contractors", () => {
  it("holds Acme affiliated with its history, a pending request and a pending invitation", async () => {
    expect((await contents()).affiliations).toEqual([
      { name: "Acme Maintenance", status: "affiliated", events: 2, demands: "request:approved" },
      { name: "Borealis Scaffolding", status: "requested", events: 1, demands: "request:pending" },
      { name: "Coastal Electrical", status: "invited", events: 1, demands: "invitation:pending" },
    ]);
    const enterprise = await as(DEMO_ACCOUNTS.Enterprise.email);
    const contractors = (await get(t.app, "/api/contractors", enterprise)).json();
    expect(contractors.data).toEqual([
      expect.objectContaining({ name: "Acme Maintenance", affiliationStatus: "affiliated", employeeCount: 2 }),
    ]);
    const acme = (await get(t.app, `/api/contractors/${contractors.data[0].id}`, enterprise)).json().data;
    expect(acme.history.map((e: { status: string; actor: { role: string } }) => [e.status, e.actor.role])).toEqual([
      ["affiliated", "Enterprise"],
      ["requested", "Supplier"],
    ]);
    expect((await get(t.app, "/api/demands/waiting-count", enterprise)).json().data.count).toBe(1);
  });

  it("lets each contractor account sign in and see where it stands", async () => {
    const principalsOf = async (email: string) =>
      (await get(t.app, "/api/principals", await as(email))).json().data.map((p: { status: string }) => p.status);
    expect(await principalsOf(DEMO_ACCOUNTS.Employee.email)).toEqual(["affiliated"]);
    expect(await principalsOf(DEMO_CONTRACTORS.acmeSecondEmployee.email)).toEqual(["affiliated"]);
    expect(await principalsOf(DEMO_CONTRACTORS.borealis.supplier.email)).toEqual(["requested"]);
    expect(await principalsOf(DEMO_CONTRACTORS.borealis.employee.email)).toEqual(["requested"]);
    const coastal = await as(DEMO_CONTRACTORS.coastal.supplier.email);
    const waiting = (await get(t.app, "/api/demands?waiting=true", coastal)).json().data;
    expect(waiting).toEqual([
      expect.objectContaining({
        direction: "invitation",
        enterprise: expect.objectContaining({ name: "Rhône Refinery" }),
      }),
    ]);
  });
});

describe("the demo's risk configuration", () => {
  it("holds work types with checklists, risks, specific risks with logograms, picked EPIs, assignments and the matrix", async () => {
    const call = await as(DEMO_ACCOUNTS.Enterprise.email);
    const workTypesAnswer = await get(t.app, "/api/work-types?pageSize=100", call);
    const workTypes = workTypesAnswer.json().data;
    expect(workTypes.map((w: { name: string }) => w.name)).toEqual(
      expect.arrayContaining([
        "Hot work",
        "Confined space entry",
        "Work at height",
        "Excavation",
        "Electrical isolation",
        "Lifting operations",
      ]),
    );
    for (const workType of workTypes) expect(workType.checklist.length).toBeGreaterThan(0);
    expect((await get(t.app, "/api/risks?critical=true", call)).json().total).toBe(6);

    const specific = (await get(t.app, "/api/specific-risks?q=height", call)).json().data[0];
    expect(specific.checklist[0]).toMatch(/^Harness inspected/);
    expect(specific.links.map((l: { title: string }) => l.title)).toEqual([
      "Harness inspection video",
      "Site HSE rules",
    ]);
    const logogram = await get(t.app, specific.logogram.url, call);
    expect(logogram.headers["content-type"]).toBe("image/png");
    expect(specific.logogram).toMatchObject({ width: 96, height: 96 });

    const picked = (await get(t.app, "/api/enterprise-epis?selected=true", call)).json();
    expect(picked.total).toBe(6);
    expect(picked.data.every((e: { icon: unknown }) => e.icon !== null)).toBe(true);
    // The platform's catalogue is named in French too (docs/decisions.md, "The EPI catalogue in both languages").
    expect(picked.data.every((e: { nameFr: string }) => e.nameFr !== "")).toBe(true);
    expect(picked.data).toContainEqual(
      expect.objectContaining({ name: "Safety helmet", nameFr: "Casque de sécurité" }),
    );

    const matrix = (await get(t.app, "/api/risk-matrix", call)).json().data;
    expect([matrix.probabilities.length, matrix.severities.length, matrix.levels.length, matrix.cells.length]).toEqual([
      5, 5, 4, 25,
    ]);

    // The furnace inherits the unit's hot-work assignment and adds noise.
    const sector = (await get(t.app, "/api/sectors?q=Crude", call)).json().data[0];
    const furnace = (await get(t.app, `/api/sub-sectors?sectorId=${sector.id}&q=Furnace`, call)).json().data[0];
    const hotWork = workTypes.find((w: { name: string }) => w.name === "Hot work");
    const here = await get(
      t.app,
      `/api/risk-assignments/applicable?sectorId=${sector.id}&subSectorId=${furnace.id}&workTypeId=${hotWork.id}`,
      call,
    );
    const risks = here.json().data.risks.map((r: { name: string; inherited: boolean }) => [r.name, r.inherited]);
    expect(risks).toEqual(
      expect.arrayContaining([
        ["Fire and explosion", true],
        ["Noise", false],
      ]),
    );
    expect(here.json().data.epis.length).toBe(5);
  });
});

describe("the demo's criticality controls", () => {
  it("holds a specific risk with a minimum criticality, and no sent permit kept below its risks' minimums", async () => {
    const call = await as(DEMO_ACCOUNTS.Enterprise.email);
    const levels = (await get(t.app, "/api/risk-matrix", call)).json().data.levels as { id: string; name: string }[];
    const confined = (await get(t.app, "/api/specific-risks?q=Confined", call)).json().data[0];
    expect(confined.minLevelId).toBe(levels.find((level) => level.name === "Medium")!.id);
    // Every sent permit's kept level is at least the minimum of each risk and specific risk it names.
    const { rows } = await t.ctx.pool.query(
      `SELECT p.task_title || ' ' || p.level_name || '<' || minimum.name AS id FROM permits p
         JOIN criticality_levels kept ON kept.enterprise_id = p.enterprise_id AND kept.name = p.level_name
         JOIN (SELECT pr.permit_id, r.min_level_id FROM permit_risks pr JOIN risks r ON r.id = pr.risk_id
               UNION ALL
               SELECT ps.permit_id, s.min_level_id FROM permit_specific_risks ps
                 JOIN specific_risks s ON s.id = ps.specific_risk_id) named ON named.permit_id = p.id
         JOIN criticality_levels minimum ON minimum.id = named.min_level_id
        WHERE p.status <> 'pending' AND minimum.position > kept.position`,
    );
    expect(rows.map((r) => r.id)).toEqual([]);
  });

  it("shows one dead end in its permissions matrix, the jetty's, and none in the North Plant", async () => {
    const call = await as(DEMO_ACCOUNTS.Enterprise.email);
    const deadEnds = (await get(t.app, "/api/permissions/dead-ends", call)).json().data;
    expect(deadEnds).toEqual([
      expect.objectContaining({
        sector: expect.objectContaining({ name: "Marine jetty and loading" }),
        flow: "verify_and_approve",
        problem: "approverIsOnlyVerifier",
      }),
    ]);
    const site = await as(DEMO_ACCOUNTS.SuperResponsible.email);
    expect((await get(t.app, "/api/permissions/dead-ends", site)).json().data).toEqual([]);
  });
});

describe("the demo's permit credits", () => {
  it("gives the enterprise 50 credits, one purchase recorded by the demo admin, one used by each sent permit", async () => {
    const sent = DEMO_PERMITS.filter((p) => p.steps.length > 0).length;
    const [credits] = (await contents()).credits;
    expect(credits).toMatchObject({ credits_total: 50, credits_used: sent, next_number: sent + 1 });
    expect(credits.ledger[0]).toEqual({
      kind: "purchase",
      quantity: 50,
      note: DEMO_CREDITS.note,
      by: DEMO_ACCOUNTS.Admin.email,
    });
    expect(credits.ledger.slice(1).map((c: { kind: string; quantity: number }) => [c.kind, c.quantity])).toEqual(
      Array.from({ length: sent }, () => ["consumption", -1]),
    );
    const summary = await get(t.app, "/api/credits", await as(DEMO_ACCOUNTS.Enterprise.email));
    expect(summary.json().data).toEqual({
      total: 50,
      used: sent,
      remaining: 50 - sent,
      lastTransactionAt: expect.any(String),
    });
  });

  it("changes nothing when run again, and completes a demo seeded before credits existed", async () => {
    const before = await contents();
    await seedDemo(t.ctx);
    expect(await contents()).toEqual(before);

    // A demo seeded before credits existed had no permits either (a permit's send takes a credit).
    await t.ctx.pool.query("DELETE FROM permits");
    await t.ctx.pool.query("DELETE FROM credit_transactions");
    await t.ctx.pool.query("DELETE FROM enterprise_permit_accounts");
    await seedDemo(t.ctx);
    expect(await contents()).toEqual(before);
  });
});

describe("the demo's permits", () => {
  const permitRows = async () =>
    (
      await t.ctx.pool.query(
        `SELECT p.id, p.status, p.document_number, p.internal, p.check_token, s.name AS sector, u.email AS creator,
                (SELECT string_agg(e.action || ':' || e.to_status || ':' || coalesce(a.email, '-'), ',' ORDER BY e.created_at)
                   FROM permit_events e LEFT JOIN users a ON a.id = e.actor_id WHERE e.permit_id = p.id) AS history,
                (SELECT count(*)::int FROM credit_transactions c WHERE c.permit_id = p.id AND c.kind = 'consumption') AS credits
           FROM permits p JOIN sectors s ON s.id = p.sector_id JOIN users u ON u.id = p.created_by
          ORDER BY p.document_number NULLS LAST`,
      )
    ).rows;

  it("holds a permit in every status across the three sectors, made by the contractors and one internal by a manager", async () => {
    const rows = await permitRows();
    expect(rows.map((r) => r.status).sort()).toEqual(
      [
        "pending",
        "sended",
        "sended",
        "Recheck",
        "Confirmed",
        "Approved",
        "accepted",
        "In_progress",
        "In_progress",
        "In_progress",
        "In_progress",
        "Ended",
        "Canceled",
        "Failed",
      ].sort(),
    );
    expect(new Set(rows.map((r) => r.sector))).toEqual(
      new Set(["Crude distillation unit", "Tank farm", "Marine jetty and loading"]),
    );
    const internal = rows.filter((r) => r.internal);
    expect(new Set(internal.map((r) => r.creator))).toEqual(new Set([DEMO_ACCOUNTS.SuperResponsible.email]));
    expect(new Set(rows.filter((r) => !r.internal).map((r) => r.creator))).toEqual(
      new Set([DEMO_ACCOUNTS.Employee.email, DEMO_ACCOUNTS.Supplier.email, DEMO_CONTRACTORS.acmeSecondEmployee.email]),
    );
  });

  it("numbers every sent permit gap-free from 1, one credit each, with a check token and a coherent history", async () => {
    const rows = await permitRows();
    const numbered = rows.filter((r) => r.status !== "pending");
    const year = (n: string) => n.slice(4, 8);
    expect(numbered.map((r) => Number(r.document_number.slice(-6)))).toEqual(numbered.map((_, i) => i + 1));
    for (const row of numbered) {
      expect(row.document_number).toMatch(new RegExp(`^PTW-${year(row.document_number)}-\\d{6}$`));
      expect(row.credits).toBe(1);
      expect(row.check_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Created, then sent by its creator, and the last event leads to the permit's status.
      const events = (row.history as string).split(",");
      expect(events[0]).toBe(`create:pending:${row.creator}`);
      expect(events[1]).toBe(`send:sended:${row.creator}`);
      expect(events.at(-1)?.split(":")[1]).toBe(row.status);
    }
    const draft = rows.find((r) => r.status === "pending");
    expect(draft).toMatchObject({ document_number: null, check_token: null, credits: 0 });

    const byStatus = (status: string) => rows.find((r) => r.status === status)!.history as string;
    expect(byStatus("Ended")).toMatch(
      /verify:Approved:responsible2@.*accept:accepted:supplier@.*start:In_progress:.*end:In_progress:.*handBack:Ended:responsible2@/,
    );
    expect(byStatus("Failed")).toMatch(/reject:Failed:responsible@/);
    expect(byStatus("Confirmed")).toMatch(/verify:Confirmed:responsible@/);
  });

  it("records the holder's acceptance of the conditions on every accepted permit", async () => {
    const { rows } = await t.ctx.pool.query(
      `SELECT p.status, a.email AS accepted_by, p.accepted_at, p.acceptance_declaration, p.internal, c.email AS creator
         FROM permits p LEFT JOIN users a ON a.id = p.accepted_by JOIN users c ON c.id = p.created_by
        WHERE EXISTS (SELECT 1 FROM permit_events e WHERE e.permit_id = p.id AND e.action = 'accept')`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    // The holder: the contractor's supplier account, or the creator of an internal permit.
    for (const row of rows) {
      expect(row).toMatchObject({
        accepted_by: row.internal ? row.creator : DEMO_ACCOUNTS.Supplier.email,
        accepted_at: expect.any(Date),
        acceptance_declaration: ACCEPTANCE_DECLARATION.en,
      });
    }
  });

  it("holds only sent permits that the send gate lets through, judged as of their send", async () => {
    const { rows } = await t.ctx.pool.query(
      `SELECT p.id, p.sector_id, p.sub_sector_id, p.work_type_id, p.job_description, p.start_at, p.end_at,
              p.probability_id, p.severity_id, p.answers, p.new_risk_description, p.sent_at,
              e.permit_start_grace_minutes AS grace, w.max_validity_hours AS max_hours,
              EXISTS (SELECT 1 FROM sub_sectors ss WHERE ss.sector_id = p.sector_id AND ss.deleted_at IS NULL) AS divided,
              (SELECT coalesce(json_agg(json_build_object('source', c.source, 'sourceId', c.source_id,
                                                          'index', c.item_index, 'checked', c.checked)), '[]')
                 FROM permit_checklist_items c WHERE c.permit_id = p.id) AS checklist
         FROM permits p JOIN enterprises e ON e.id = p.enterprise_id JOIN work_types w ON w.id = p.work_type_id
        WHERE p.status <> 'pending'`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const draft = ZPermitDraftSchema.parse({
        enterpriseId: row.id,
        sectorId: row.sector_id,
        subSectorId: row.sub_sector_id,
        workTypeId: row.work_type_id,
        taskTitle: "Demo",
        jobDescription: row.job_description,
        startAt: row.start_at.toISOString(),
        endAt: row.end_at.toISOString(),
        probabilityId: row.probability_id,
        severityId: row.severity_id,
        answers: row.answers,
        newRiskDescription: row.new_risk_description,
        checklist: row.checklist,
      });
      const context = {
        now: row.sent_at,
        startGraceMinutes: row.grace,
        maxValidityHours: row.max_hours,
        subSectorRequired: row.divided,
      };
      expect(sendMissing(draft, context), row.id).toEqual({});
      expect(row.checklist.length, row.id).toBeGreaterThan(0);
    }
  });

  it("signs its approved, accepted, in-progress and ended permits over their content, and closes out and hands back the ended one", async () => {
    const enterprise = await as(DEMO_ACCOUNTS.Enterprise.email);
    const rows = (await permitRows()).filter((r) =>
      ["Approved", "accepted", "In_progress", "Ended"].includes(r.status),
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      const permit = (await get(t.app, `/api/permits/${row.id}`, enterprise)).json().data as TPermit;
      const valid = permit.signatures.filter((s) => s.voidedAt === null);
      const kinds = valid.map((s) => s.kind);
      expect(kinds, row.id).toContain("verify");
      if (permit.criticality?.flow === "verify_and_approve") expect(kinds, row.id).toContain("approve");
      // Each signature vouches for the content as it is: the hash the API computes from it now; one given before a
      // signed extension, for the content as it was then (the end has moved since).
      for (const signature of valid) {
        const later = permit.extensions.find((x) => x.decision === "signed" && x.decidedAt! > signature.signedAt);
        const signed = later ? { ...permit, endAt: later.oldEndAt } : permit;
        expect(signature.contentHash, row.id).toBe(contentHashOf(signed));
      }
      if (row.status === "Ended") {
        expect(kinds).toContain("handBack");
        expect(permit.closeOut).toMatchObject({ areaSafe: true, toolsRemoved: true, peopleOut: true });
      }
    }
  });

  it("names a crew on its accepted and in-progress permits, each in-progress one with a worker signed on, none on two", async () => {
    const enterprise = await as(DEMO_ACCOUNTS.Enterprise.email);
    const rows = (await permitRows()).filter((r) => ["accepted", "In_progress"].includes(r.status));
    expect(rows.some((r) => r.status === "In_progress")).toBe(true);
    const signedOn: string[] = [];
    for (const row of rows) {
      const permit = (await get(t.app, `/api/permits/${row.id}`, enterprise)).json().data as TPermit;
      expect(permit.crew.length, row.id).toBeGreaterThan(0);
      const on = permit.crew.filter((w) => w.signedOnAt !== null).map((w) => w.id);
      // The start needs a worker signed on: an in-progress permit has one (docs/safety.md, Crew).
      if (row.status === "In_progress") expect(on.length, row.id).toBeGreaterThan(0);
      signedOn.push(...on);
    }
    // One live permit per worker (the enterprise's default).
    expect(new Set(signedOn).size).toBe(signedOn.length);
    const history = (
      await get(t.app, `/api/permits/${rows.find((r) => r.status === "In_progress")!.id}/history`, enterprise)
    ).json().data as { action: string }[];
    expect(history.map((e) => e.action)).toEqual(expect.arrayContaining(["signOn", "start"]));
  });

  it("shows its permits to the people who made them and lets anyone check a printed one", async () => {
    const employee = await as(DEMO_ACCOUNTS.Employee.email);
    const list = (await get(t.app, "/api/permits?pageSize=50", employee)).json();
    expect(list.total).toBeGreaterThanOrEqual(5);
    const inProgress = (await permitRows()).filter((r) => r.status === "In_progress");
    const checks = await Promise.all(
      inProgress.map(async (r) => (await get(t.app, `/api/public/permit-checks/${r.check_token}`)).json().data),
    );
    // Two valid now (one of them hot work, gas-tested), one overdue (in progress past its end), one suspended.
    expect(checks.map((c) => [c.validNow, c.reason]).sort()).toEqual([
      [false, "overdue"],
      [false, "suspended"],
      [true, "inProgress"],
      [true, "inProgress"],
    ]);
  });

  it("holds one permit suspended by its area's manager, with the reason, in its history and on its page", async () => {
    const suspended = (await permitRows()).filter((r) => (r.history as string).includes("suspend:"));
    expect(suspended).toHaveLength(1);
    const enterprise = await as(DEMO_ACCOUNTS.Enterprise.email);
    const permit = (await get(t.app, `/api/permits/${suspended[0]!.id}`, enterprise)).json().data as TPermit;
    expect(permit).toMatchObject({
      status: "In_progress",
      suspension: { by: { name: expect.any(String) }, reason: expect.stringContaining("H2S"), emergencyId: null },
      actions: expect.arrayContaining(["resume"]),
    });
    expect(suspended[0]!.history).toMatch(/start:In_progress:.*suspend:In_progress:responsible@/);
  });

  it("requires a gas test for hot work, and its in-progress hot-work permit has passing tests, none overdue", async () => {
    const { rows } = await t.ctx.pool.query(
      `SELECT p.id, p.status, (SELECT count(*)::int FROM gas_tests g WHERE g.permit_id = p.id AND g.passed) AS passed,
              (SELECT count(*)::int FROM gas_tests g WHERE g.permit_id = p.id AND NOT g.passed) AS failed
         FROM permits p JOIN work_types w ON w.id = p.work_type_id
        WHERE w.name = 'Hot work' AND w.gas_test_required AND p.status = 'In_progress'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const enterprise = await as(DEMO_ACCOUNTS.Enterprise.email);
    for (const row of rows) {
      expect(row.passed, row.id).toBeGreaterThanOrEqual(2);
      expect(row.failed).toBe(0);
      const permit = (await get(t.app, `/api/permits/${row.id}`, enterprise)).json().data as TPermit;
      expect(permit.gasTest).toMatchObject({ retestMinutes: 120, last: { passed: true }, overdue: false });
    }
  });

  it("holds one permit extended (signed by its area's manager) and one handed over to another holder", async () => {
    const enterprise = await as(DEMO_ACCOUNTS.Enterprise.email);
    const read = async (title: string) => {
      const { rows } = await t.ctx.pool.query("SELECT id FROM permits WHERE task_title = $1", [title]);
      return (await get(t.app, `/api/permits/${rows[0].id}`, enterprise)).json().data as TPermit;
    };
    const extended = await read(DEMO_EXTENDED);
    expect(extended.extensions).toEqual([
      expect.objectContaining({ decision: "signed", newEndAt: extended.endAt, decidedBy: expect.anything() }),
    ]);
    expect(extended.signatures.map((s) => s.kind)).toContain("extend");
    // Within the work type's maximum validity (12 h) from its start, and still valid now.
    expect(new Date(extended.endAt!).getTime() - new Date(extended.startAt!).getTime()).toBeLessThanOrEqual(
      12 * 3_600_000,
    );
    expect(extended.overdue).toBe(false);
    const handedOver = await read(DEMO_HANDED_OVER);
    expect(handedOver.holder?.name).toBe("Walter Welder");
    expect(handedOver.handovers).toEqual([expect.objectContaining({ crewKept: true, acceptedAt: expect.any(String) })]);
    expect(handedOver.signatures.map((s) => s.kind)).toEqual(expect.arrayContaining(["handoverOut", "handover"]));
    expect(handedOver.crew.filter((w) => w.signedOnAt !== null).length).toBeGreaterThan(0);
    const history = (await get(t.app, `/api/permits/${handedOver.id}/history`, enterprise)).json().data as {
      action: string;
    }[];
    expect(history.map((e) => e.action)).toEqual(expect.arrayContaining(["handoverStarted", "handover"]));
  });

  it("changes nothing when run again", async () => {
    const before = await permitRows();
    await seedDemo(t.ctx);
    expect(await permitRows()).toEqual(before);
  });
});

describe("the demo's isolation register", () => {
  it("holds the tank farm's points, names them on its permits, and has those of its in-progress permits applied and proven", async () => {
    const points = (
      await t.ctx.pool.query(
        `SELECT p.tag, s.name AS sector, ss.name AS sub_sector, p.x IS NOT NULL AS placed
           FROM isolation_points p JOIN sectors s ON s.id = p.sector_id LEFT JOIN sub_sectors ss ON ss.id = p.sub_sector_id
          ORDER BY p.tag`,
      )
    ).rows;
    expect(points.map((p) => p.tag)).toEqual(DEMO_ISOLATION_POINTS.map((p) => p.tag).sort());
    expect(new Set(points.map((p) => p.sector))).toEqual(new Set(["Tank farm"]));
    expect(points.filter((p) => p.sub_sector !== null).every((p) => p.placed)).toBe(true);
    const needs = (
      await t.ctx.pool.query(
        `SELECT pm.task_title, pm.status, ip.tag,
                a.applied_by IS NOT NULL AS applied, a.proven_at IS NOT NULL AS proven,
                a.applied_by <> a.proven_by AS four_eyes, a.proven_at <= pm.start_at AS before_start
           FROM permit_isolations pi JOIN permits pm ON pm.id = pi.permit_id
           JOIN isolation_points ip ON ip.id = pi.point_id
           LEFT JOIN isolation_applications a ON a.point_id = ip.id AND a.released_at IS NULL`,
      )
    ).rows;
    expect(needs.length).toBe(Object.values(DEMO_PERMIT_ISOLATIONS).flat().length);
    const inProgress = needs.filter((n) => n.status === "In_progress");
    expect(inProgress.length).toBeGreaterThanOrEqual(2);
    for (const n of inProgress)
      expect(n).toMatchObject({ applied: true, proven: true, four_eyes: true, before_start: true });
    // One suction valve serves both PS-2 permits; the others wait for theirs (they may not start yet).
    expect(new Set(inProgress.map((n) => n.tag)).size).toBe(1);
    expect(needs.filter((n) => n.status !== "In_progress").some((n) => !n.applied)).toBe(true);
    const manager = await as(DEMO_ACCOUNTS.SuperResponsible.email);
    const inPlace = (await get(t.app, "/api/isolation-points/in-place", manager)).json();
    expect(inPlace.data.map((p: { tag: string }) => p.tag)).toEqual(["PS2-MV-12"]);
    expect(inPlace.data[0].permits).toHaveLength(2);
  });

  it("changes nothing when run again", async () => {
    const count = async () => (await t.ctx.pool.query("SELECT count(*)::int AS n FROM isolation_points")).rows[0].n;
    const before = await count();
    await seedDemo(t.ctx);
    expect(await count()).toBe(before);
  });
});

describe("the demo company page", () => {
  it("is filled, closed on Sunday, and read by the affiliated supplier", async () => {
    const enterprise = (await get(t.app, "/api/enterprise/company", await as(DEMO_ACCOUNTS.Enterprise.email))).json()
      .data;
    expect(enterprise).toMatchObject(DEMO_COMPANY_PAGE);
    expect(enterprise.businessHours[6]).toEqual({ closed: true, open: null, close: null });
    const supplier = await as(DEMO_ACCOUNTS.Supplier.email);
    const page = await get(t.app, `/api/enterprises/${enterprise.id}/company`, supplier);
    expect(page.json().data).toEqual(enterprise);
  });
});

describe("the demo's clashes", () => {
  it("declares hot work incompatible with confined-space entry, and shows a clash between two demo permits", async () => {
    const pairs = (await get(t.app, "/api/incompatible-work-types", await as(DEMO_ACCOUNTS.Enterprise.email))).json()
      .data as Array<{ workTypes: Array<{ name: string }> }>;
    expect(pairs.map((p) => p.workTypes.map((w) => w.name).join(" × "))).toContain("Confined space entry × Hot work");
    const { rows } = await t.ctx.pool.query<{ id: string; number: string; title: string }>(
      "SELECT id, document_number AS number, task_title AS title FROM permits WHERE status <> 'pending'",
    );
    const manager = await as(DEMO_ACCOUNTS.Enterprise.email);
    // One request per permit: a test's walk over the demo's few permits, not the product's query.
    const found: string[] = [];
    for (const row of rows) {
      const clashes = (await get(t.app, `/api/permits/${row.id}/clashes`, manager)).json().data.clashes as Array<{
        permit: { documentNumber: string };
        rules: string[];
      }>;
      for (const c of clashes) found.push(`${row.number} ${row.title} × ${c.permit.documentNumber} ${c.rules}`);
    }
    // The pump station's trench: its shoring overlaps the excavation and the backfill at the same place.
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PTW-\S+ Shore the trench walls at pump station PS-2 × PTW-\S+ samePlace$/),
      ]),
    );
  });
});

describe("the demo's worker's card", () => {
  it("scans the demo employee cleared for the refinery's site, once the induction is seeded, whatever the runs", async () => {
    const employee = await as(DEMO_ACCOUNTS.Employee.email);
    const me = (await get(t.app, "/api/auth/me", employee)).json().data;
    const card = (await get(t.app, `/api/workers/${me.id}/card`, employee)).json().data;
    const token = card.checkPath.split("/").at(-1);
    const scanned = (await get(t.app, `/api/public/worker-cards/${token}`, {})).json().data;
    expect(scanned.enterprises).toEqual([{ enterprise: "Rhône Refinery", cleared: true, unmet: [] }]);
    // A second run (and the requirements' own demo naming the same induction) adds nothing.
    const { rows: before } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM compliance_evidence");
    const [enterprise] = (await t.ctx.pool.query("SELECT id FROM enterprises WHERE name = 'Rhône Refinery'")).rows;
    await seedWorkerCard(t.ctx, enterprise.id, DEMO_ACCOUNTS.Employee.email);
    const { rows: after } = await t.ctx.pool.query("SELECT count(*)::int AS n FROM compliance_evidence");
    expect(after).toEqual(before);
  });
});

describe("the demo's compliance", () => {
  it("holds the requirements, contractors' documents in every state, and live crews that meet their work types", async () => {
    const { rows: requirements } = await t.ctx.pool.query<{ name: string; enterprise_id: string }>(
      "SELECT name, enterprise_id FROM compliance_requirements ORDER BY name",
    );
    expect(requirements.map((r) => r.name)).toEqual(DEMO_REQUIREMENTS.map((r) => r.name).sort());
    const enterpriseId = requirements[0]!.enterprise_id;
    const { rows: hotWork } = await t.ctx.pool.query(
      `SELECT r.name, l.rule FROM work_type_requirements l JOIN work_types w ON w.id = l.work_type_id
       JOIN compliance_requirements r ON r.id = l.requirement_id WHERE w.name = 'Hot work'`,
    );
    // Hot work needs hot-work training of every crew member; nothing is required of all (demo/compliance.ts says why).
    expect(hotWork).toEqual([{ name: "Hot-work training", rule: "every_worker" }]);
    const { rows: required } = await t.ctx.pool.query("SELECT name FROM compliance_requirements WHERE required_of_all");
    expect(required).toEqual([]);
    const { rows: suppliers } = await t.ctx.pool.query<{ id: string; name: string }>(
      "SELECT id, name FROM suppliers ORDER BY name",
    );
    const { lines } = await companyStandings(
      t.ctx.db,
      enterpriseId,
      suppliers.map((s) => s.id),
      new Date(),
    );
    const standings = suppliers.map((s) => `${s.name}: ${(lines.get(s.id) ?? []).map((l) => l.standing).join(", ")}`);
    expect(standings).toEqual(
      expect.arrayContaining([
        "Acme Maintenance: valid, expiring",
        "Borealis Scaffolding: refused, pending",
        "Coastal Electrical: expired, missing",
      ]),
    );
    const { rows: evidence } = await t.ctx.pool.query<{ status: string }>(
      "SELECT DISTINCT status FROM compliance_evidence WHERE worker_id IS NOT NULL ORDER BY status",
    );
    expect(evidence.map((e) => e.status).sort()).toEqual(["accepted", "pending", "refused"]);
    // Every live permit's crew holds what its work type and the enterprise need (the start gate will ask).
    const { rows: live } = await t.ctx.pool.query<{ id: string; work_type_id: string | null; crew: string[] }>(
      `SELECT p.id, p.work_type_id, array_agg(c.worker_id) AS crew FROM permits p
       JOIN permit_crew c ON c.permit_id = p.id
       WHERE p.status IN ('Approved', 'accepted', 'In_progress') GROUP BY p.id`,
    );
    expect(live.length).toBeGreaterThan(0);
    for (const permit of live) {
      const gaps = await crewGaps(t.ctx.db, { enterpriseId, workTypeId: permit.work_type_id }, permit.crew, new Date());
      expect(gaps, permit.id).toEqual([]);
    }
  });
});
