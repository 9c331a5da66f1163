import type { TRiskMatrix } from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, type TPerson } from "./helpers/factories";
import { expectError, expectFields, patch, put } from "./helpers/http";
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

const matrixOf = async (person: TPerson) => (await t.as(person).get("/api/risk-matrix")).json().data as TRiskMatrix;
const criticality = async (person: TPerson, probabilityId: string, severityId: string) =>
  t.as(person).get(`/api/risk-matrix/criticality?probabilityId=${probabilityId}&severityId=${severityId}`);

/** The default matrix's level for probability rank p (row) and severity rank s (column). */
const EXPECTED = [
  ["Low", "Low", "Low", "Low", "Medium"],
  ["Low", "Low", "Medium", "Medium", "High"],
  ["Low", "Medium", "Medium", "High", "High"],
  ["Low", "Medium", "High", "High", "Critical"],
  ["Medium", "High", "High", "Critical", "Critical"],
];
const LEVELS = {
  Low: { colour: "#2f9e44", flow: "verify" },
  Medium: { colour: "#fab005", flow: "verify_and_approve" },
  High: { colour: "#fd7e14", flow: "verify_and_approve" },
  Critical: { colour: "#e03131", flow: "verify_and_approve" },
} as const;

describe("/api/risk-matrix", () => {
  it("starts empty: criticality is refused until both axes exist", async () => {
    const fresh = await createTenant(t.ctx);
    const matrix = await matrixOf(fresh.enterpriseUser);
    expect(matrix).toEqual({
      probabilities: [],
      severities: [],
      levels: [],
      cells: [],
      superResponsibleMayEdit: false,
      canEdit: true,
      updatedAt: null,
    });
    const id = crypto.randomUUID();
    expectError(await criticality(fresh.enterpriseUser, id, id), 409, "RISK_MATRIX_EMPTY");
  });

  it("offers the default 5 × 5 with four levels, and computes every cell's criticality", async () => {
    const response = await t.as(tenant.enterpriseUser).post("/api/risk-matrix/default", undefined);
    expect(response.statusCode).toBe(200);
    const matrix = response.json().data as TRiskMatrix;
    expect(matrix.probabilities.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(matrix.severities.map((s) => s.label)).toEqual(["Negligible", "Minor", "Moderate", "Major", "Catastrophic"]);
    expect(matrix.levels.map((l) => [l.name, l.colour, l.flow])).toEqual(
      Object.entries(LEVELS).map(([name, l]) => [name, l.colour, l.flow]),
    );
    expect(matrix.cells).toHaveLength(25);
    for (const p of matrix.probabilities) {
      for (const s of matrix.severities) {
        const answer = await criticality(tenant.responsible, p.id, s.id);
        expect(answer.statusCode).toBe(200);
        const name = EXPECTED[p.rank - 1]![s.rank - 1]! as keyof typeof LEVELS;
        expect(answer.json().data).toEqual({
          probability: p,
          severity: s,
          level: expect.objectContaining({ name, ...LEVELS[name] }),
        });
      }
    }
  });

  it("replaces the whole matrix, keeping the ids it was given and making new ones", async () => {
    await t.as(tenant.enterpriseUser).post("/api/risk-matrix/default", undefined);
    const before = await matrixOf(tenant.enterpriseUser);
    const [low, , , critical] = before.levels;
    const body = {
      probabilities: [...before.probabilities, { id: "new-p", rank: 6, label: "Certain" }],
      severities: before.severities,
      levels: before.levels.map((l) => (l.id === low!.id ? { ...l, colour: "#00FF00" } : l)),
      cells: [
        ...before.cells,
        ...before.severities.map((s) => ({ probabilityId: "new-p", severityId: s.id, levelId: critical!.id })),
      ],
    };
    const response = await t.as(tenant.enterpriseUser).put("/api/risk-matrix", body);
    expect(response.statusCode).toBe(200);
    const after = response.json().data as TRiskMatrix;
    expect(after.levels.map((l) => l.id)).toEqual(before.levels.map((l) => l.id));
    expect(after.levels[0]!.colour).toBe("#00ff00");
    const added = after.probabilities.find((p) => p.rank === 6)!;
    expect(added.id).toMatch(/^[0-9a-f-]{36}$/);
    const first = await criticality(tenant.enterpriseUser, before.probabilities[0]!.id, before.severities[0]!.id);
    expect(first.json().data.level).toMatchObject({ id: low!.id, colour: "#00ff00" });
    const certain = await criticality(tenant.enterpriseUser, added.id, before.severities[0]!.id);
    expect(certain.json().data.level.name).toBe("Critical");
  });

  it("validates the matrix whole", async () => {
    const call = await t.as(tenant.enterpriseUser).call();
    expectFields(
      await put(t.app, "/api/risk-matrix", { probabilities: [], severities: [], levels: [], cells: [] }, call),
      {
        probabilities: "severityProbabilityRequired",
        severities: "severityProbabilityRequired",
        levels: "severityProbabilityRequired",
      },
    );
    const level = { id: "l", name: "Low", colour: "#123456", description: "", flow: "verify" };
    const severities = [{ id: "s1", rank: 1, label: "Minor" }];
    // Each item's own fields first: the matrix as a whole is checked once they are right.
    expectFields(
      await put(
        t.app,
        "/api/risk-matrix",
        {
          probabilities: [{ id: "p1", rank: 1, label: "" }],
          severities,
          levels: [{ ...level, colour: "green", flow: "approve" }],
          cells: [{ probabilityId: "p1", severityId: "s1", levelId: "l" }],
        },
        call,
      ),
      { "probabilities.0.label": "nameRequired", "levels.0.colour": "invalidColour", "levels.0.flow": "invalidValue" },
    );
    expectFields(
      await put(
        t.app,
        "/api/risk-matrix",
        {
          probabilities: [
            { id: "p1", rank: 1, label: "Rare" },
            { id: "p2", rank: 1, label: "Often" },
          ],
          severities,
          levels: [level],
          cells: [
            { probabilityId: "p1", severityId: "s1", levelId: "nope" },
            { probabilityId: "p1", severityId: "s1", levelId: "l" },
          ],
        },
        call,
      ),
      {
        "probabilities.1.rank": "duplicateValue",
        "cells.0.levelId": "invalidValue",
        "cells.1": "duplicateValue",
        cells: "matrixIncomplete",
      },
    );
  });

  it("lets the enterprise edit; super-responsibles only when allowed; responsibles read; others refused", async () => {
    await t.as(tenant.enterpriseUser).post("/api/risk-matrix/default", undefined);
    const body = await matrixOf(tenant.enterpriseUser);
    const { canEdit: _, superResponsibleMayEdit: __, updatedAt: ___, ...input } = body;
    const sr = t.as(tenant.superResponsible);
    expect((await matrixOf(tenant.superResponsible)).canEdit).toBe(false);
    expectError(await sr.put("/api/risk-matrix", input), 403, "FORBIDDEN");
    expectError(await sr.post("/api/risk-matrix/default", undefined), 403, "FORBIDDEN");
    expectError(await sr.patch("/api/risk-matrix/settings", { superResponsibleMayEdit: true }), 403, "FORBIDDEN");
    const allowed = await patch(
      t.app,
      "/api/risk-matrix/settings",
      { superResponsibleMayEdit: true },
      await t.as(tenant.enterpriseUser).call(),
    );
    expect(allowed.json().data.superResponsibleMayEdit).toBe(true);
    expect((await matrixOf(tenant.superResponsible)).canEdit).toBe(true);
    expect((await sr.put("/api/risk-matrix", input)).statusCode).toBe(200);
    expect((await sr.post("/api/risk-matrix/default", undefined)).statusCode).toBe(200);

    const responsible = await t.as(tenant.responsible).call();
    expect((await matrixOf(tenant.responsible)).canEdit).toBe(false);
    expectError(await put(t.app, "/api/risk-matrix", input, responsible), 403, "FORBIDDEN");
    expectFields(await t.as(tenant.enterpriseUser).patch("/api/risk-matrix/settings", {}), {
      superResponsibleMayEdit: "invalidValue",
    });
    const [p] = body.probabilities;
    const [s] = body.severities;
    // Contractors read the matrix of an affiliated enterprise, naming it (contractor-reads.test.ts).
    for (const person of [tenant.supplierUser, tenant.employee, admin]) {
      const [status, code]: [number, string] = person === admin ? [403, "FORBIDDEN"] : [400, "VALIDATION_FAILED"];
      expectError(await t.as(person).get("/api/risk-matrix"), status, code);
      expectError(await criticality(person, p!.id, s!.id), status, code);
    }
    expectError(await sr.patch("/api/risk-matrix/settings", { superResponsibleMayEdit: false }), 403, "FORBIDDEN");
  });

  it("keeps each enterprise's matrix its own (404 for another's levels)", async () => {
    await t.as(tenant.enterpriseUser).post("/api/risk-matrix/default", undefined);
    await t.as(other.enterpriseUser).post("/api/risk-matrix/default", undefined);
    const theirs = await matrixOf(other.enterpriseUser);
    expectError(
      await criticality(tenant.enterpriseUser, theirs.probabilities[0]!.id, theirs.severities[0]!.id),
      404,
      "NOT_FOUND",
    );
    // Their ids given in our PUT make new items: they do not take theirs over.
    const mine = await matrixOf(tenant.enterpriseUser);
    const body = {
      probabilities: [{ ...theirs.probabilities[0]!, rank: 1 }],
      severities: [mine.severities[0]!],
      levels: [mine.levels[0]!],
      cells: [
        { probabilityId: theirs.probabilities[0]!.id, severityId: mine.severities[0]!.id, levelId: mine.levels[0]!.id },
      ],
    };
    const written = (await t.as(tenant.enterpriseUser).put("/api/risk-matrix", body)).json().data;
    expect(written.probabilities[0].id).not.toBe(theirs.probabilities[0]!.id);
    expect((await matrixOf(other.enterpriseUser)).probabilities).toEqual(theirs.probabilities);
  });
});
