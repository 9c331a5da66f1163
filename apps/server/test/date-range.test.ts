import { DATE_YEARS, V } from "@openpermit/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TPerson } from "./helpers/factories";
import { expectError } from "./helpers/http";
import { completeDraft, createPermitWorld, putInStatus, type TPermitWorld } from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/**
 * docs/decisions.md, "Dates the API takes" and "Errors are logged without their queries' data": dates outside the
 * years the API takes (packages/shared/src/schemas/dates.ts) are a 400 naming the field, never a 500; and no log line ever holds a query's parameters (apps/server/src/lib/log-errors.ts).
 */
let t: TTestApp;
let w: TPermitWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx);
});
afterAll(async () => t.close());

const YEAR_0 = "0000-01-01T00:00:00Z";
const DAY_0 = "0000-01-01";
const q = encodeURIComponent;

/** Each route that takes a date, asked with year 0000 (and by someone it lets in), and the field it must name. */
const ROUTES: {
  name: string;
  by: () => TPerson;
  send: (by: TPerson) => Promise<LightMyRequestResponse>;
  field: string;
}[] = [
  {
    name: "a permit's creation",
    by: () => w.employee,
    send: (by) => t.as(by).post("/api/permits", completeDraft(w, { startAt: YEAR_0 })),
    field: "startAt",
  },
  {
    name: "a draft's change",
    by: () => w.employee,
    send: async (by) => {
      const id = (await t.as(by).post("/api/permits", completeDraft(w))).json().data.id as string;
      return t.as(by).patch(`/api/permits/${id}`, completeDraft(w, { endAt: YEAR_0 }));
    },
    field: "endAt",
  },
  {
    name: "an extension request",
    by: () => w.employee,
    send: async (by) => {
      const id = (await t.as(by).post("/api/permits", completeDraft(w))).json().data.id as string;
      await putInStatus(t.ctx, id, "In_progress", { verifiedBy: w.verifier.id, approvedBy: w.approver.id });
      return t.as(by).post(`/api/permits/${id}/extensions`, { newEndAt: YEAR_0, reason: "More time" });
    },
    field: "newEndAt",
  },
  {
    name: "a gas test's calibration date",
    by: () => w.employee,
    send: async (by) => {
      const id = (await t.as(by).post("/api/permits", completeDraft(w))).json().data.id as string;
      return t.as(by).post(`/api/permits/${id}/gas-tests`, { instrumentId: "GX-1", calibratedOn: DAY_0, readings: [] });
    },
    field: "calibratedOn",
  },
  {
    name: "the permit list",
    by: () => w.verifier,
    send: (by) => t.as(by).get(`/api/permits?from=${q(YEAR_0)}`),
    field: "from",
  },
  {
    name: "the permit list's days",
    by: () => w.verifier,
    send: (by) => t.as(by).get(`/api/permits?startDay=${DAY_0}`),
    field: "startDay",
  },
  {
    name: "the calendar",
    by: () => w.verifier,
    send: (by) => t.as(by).get(`/api/permits/calendar?from=${q(YEAR_0)}&to=${q("0000-01-02T00:00:00Z")}`),
    field: "from",
  },
  {
    name: "the permit export",
    by: () => w.verifier,
    send: (by) => t.as(by).get(`/api/permits/export?format=csv&to=${q(YEAR_0)}`),
    field: "to",
  },
  {
    name: "the statistics",
    by: () => w.enterpriseUser,
    send: (by) => t.as(by).get(`/api/statistics?from=${DAY_0}`),
    field: "from",
  },
  {
    name: "the statistics export",
    by: () => w.enterpriseUser,
    send: (by) => t.as(by).get(`/api/statistics/export?format=csv&to=${DAY_0}`),
    field: "to",
  },
  {
    name: "the audit trail",
    by: () => w.enterpriseUser,
    send: (by) => t.as(by).get(`/api/audit?from=${DAY_0}`),
    field: "from",
  },
  {
    name: "the audit export",
    by: () => w.enterpriseUser,
    send: (by) => t.as(by).get(`/api/audit/export?format=csv&to=${DAY_0}`),
    field: "to",
  },
];

describe("dates outside the years the API takes", () => {
  for (const route of ROUTES) {
    it(`${route.name}: year 0000 is a 400 naming ${route.field} (dateOutOfRange)`, async () => {
      const response = await route.send(route.by());
      // (Other fields the request leaves out may be named beside it.)
      expect(expectError(response, 400, "VALIDATION_FAILED").fields?.[route.field]).toBe(V.dateOutOfRange);
    });
  }

  it(`takes the years ${DATE_YEARS.min} to ${DATE_YEARS.max}, not one outside`, async () => {
    for (const [day, ok] of [
      [`${DATE_YEARS.min}-01-01`, true],
      [`${DATE_YEARS.max}-12-31`, true],
      [`${DATE_YEARS.min - 1}-12-31`, false],
      ["3000-01-01", false],
    ] as const) {
      const response = await t.as(w.enterpriseUser).get(`/api/audit?from=${day}`);
      expect({ day, status: response.statusCode }).toEqual({ day, status: ok ? 200 : 400 });
    }
  });
});

describe("a database error's log line", () => {
  it("holds the SQL and the error's code, never the query's parameters nor the failing row", async () => {
    // A fault the server cannot foresee: the database refuses a permit's insert.
    await t.ctx.pool.query(`
      CREATE FUNCTION refuse_permit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'forced failure' USING DETAIL = 'row ' || NEW.task_title; END $$;
      CREATE TRIGGER refuse_permit BEFORE INSERT ON permits FOR EACH ROW EXECUTE FUNCTION refuse_permit();`);
    const secret = "Weld tank 7 for Ms Secret-Name";
    try {
      const before = t.logLines.length;
      const response = await t.as(w.employee).post("/api/permits", completeDraft(w, { taskTitle: secret }));
      expect(response.statusCode).toBe(500);
      expect(response.json().error.code).toBe("SERVER_ERROR");
      const lines = t.logLines.slice(before).filter((line) => line.includes("unexpected error"));
      expect(lines).toHaveLength(1);
      const line = lines[0]!;
      expect(line).toContain('insert into \\"permits\\"');
      expect(line).toContain("P0001");
      expect(line).not.toContain("Secret-Name");
      expect(line).not.toContain(w.enterprise.id);
      expect(line).toContain("params: [redacted]");
    } finally {
      await t.ctx.pool.query("DROP TRIGGER refuse_permit ON permits; DROP FUNCTION refuse_permit();");
    }
  });
});
