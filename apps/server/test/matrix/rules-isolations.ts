import { randomBytes } from "node:crypto";
import { isolationApplications, isolationPoints } from "../../src/db/schema";
import { PASSWORD } from "../helpers/factories";
import type { TFixture, TScope } from "./fixture";
import { freshPermit, permitOf } from "./fresh";
import { enterpriseQuery, ownOnly, sideOf, type TRule, type TRuleTable } from "./rule";

/**
 * The isolation register (access/isolations.ts): points are seen through their sector — the enterprise both
 * divisions', a division's managers their own (the Responsible has a role in division 1's sector), affiliated
 * contractors read the list; the enterprise and the super-responsible edit; the principal's staff apply, prove and
 * release. A permit's isolations follow the permit's own rules.
 */
const unique = () => randomBytes(4).toString("hex");
const divisionOf = (f: TFixture, s: TScope) =>
  s === "otherDivision" ? f.a.world.otherDivision.id : sideOf(f, s).world.division.id;
/** A register file with its header only: it changes nothing, whoever may import it. */
const EMPTY_REGISTER = {
  data: Buffer.from("Tag,Equipment,Energy,Method,Sector,Sub-sector,X %,Y %\n"),
  filename: "register.csv",
  type: "text/csv",
};
const sectorOf = (f: TFixture, s: TScope) =>
  s === "otherDivision" ? f.a.world.otherSector : sideOf(f, s).world.sector;

/** A point of the scope's sector, made for one case; `state`: isolated by the approver, and proven too. */
async function freshPoint(f: TFixture, s: TScope, state: "none" | "applied" | "proven" = "none") {
  const world = sideOf(f, s).world;
  const [point] = await f.t.ctx.db
    .insert(isolationPoints)
    .values({
      enterpriseId: world.enterprise.id,
      sectorId: sectorOf(f, s).id,
      tag: `M-${unique()}`,
      equipment: "Pump",
      energy: "electrical",
      method: "Lock the breaker",
    })
    .returning({ id: isolationPoints.id });
  if (state !== "none") {
    await f.t.ctx.db.insert(isolationApplications).values({
      pointId: point!.id,
      lockNumber: "L-1",
      appliedBy: world.approver.id,
      appliedAt: new Date(),
      ...(state === "proven"
        ? { provenBy: world.admin.id, provenAt: new Date(), proofLanguage: "en", proofDeclaration: "Tested" }
        : {}),
    });
  }
  return point!.id;
}

const onPoint = (
  otherDivision: TRule["scopes"]["own"],
  body: unknown,
  state: "none" | "applied" | "proven" = "none",
): TRule => ({
  scopes: { own: "all", otherDivision, otherTenant: [] },
  target: async (f, s) => ({ params: { id: await freshPoint(f, s, state) }, body }),
});

export const ISOLATION_RULES: TRuleTable = {
  "GET /api/isolation-points": {
    scopes: { own: "all", otherTenant: [] },
    target: (f, s, role) => ({ query: enterpriseQuery(f, s, role) }),
    listFilter: true,
  },
  "GET /api/isolation-points/in-place": ownOnly(),
  "GET /api/isolation-points/export": {
    scopes: { own: "all", otherDivision: ["Enterprise"], otherTenant: [] },
    target: (f, s) => ({ query: { divisionId: divisionOf(f, s), format: "csv" } }),
  },
  "POST /api/isolation-points/import": {
    scopes: { own: "all", otherDivision: ["Enterprise"], otherTenant: [] },
    target: (f, s) => ({ query: { divisionId: divisionOf(f, s) }, file: { field: "file", part: EMPTY_REGISTER } }),
  },
  "GET /api/isolation-points/:id": onPoint(["Enterprise"], undefined),
  "POST /api/isolation-points": {
    scopes: { own: "all", otherDivision: ["Enterprise"], otherTenant: [] },
    target: (f, s) => ({
      body: {
        tag: `N-${unique()}`,
        equipment: "Valve",
        energy: "process",
        method: "Close, chain",
        sectorId: sectorOf(f, s).id,
      },
    }),
    refusedByValidation: true,
  },
  "PATCH /api/isolation-points/:id": onPoint(["Enterprise"], { method: "Close and chain" }),
  "DELETE /api/isolation-points/:id": { ...onPoint(["Enterprise"], undefined), late: true },
  "POST /api/isolation-points/:id/apply": onPoint(["Enterprise"], { lockNumber: "L-9" }),
  "POST /api/isolation-points/:id/prove": onPoint(
    ["Enterprise"],
    { password: PASSWORD, declaration: true, language: "en" },
    "applied",
  ),
  "POST /api/isolation-points/:id/release": onPoint(["Enterprise"], {}, "proven"),
  "GET /api/permits/:id/isolations": {
    scopes: {
      own: "all",
      otherDivision: ["Enterprise", "Supplier", "Employee"],
      otherSupplier: ["Enterprise", "SuperResponsible", "Responsible"],
      otherTenant: [],
    },
    target: (f, s) => ({ params: { id: permitOf(f, s).id } }),
  },
  "PUT /api/permits/:id/isolations": {
    scopes: {
      own: "all",
      otherDivision: ["Enterprise", "Supplier", "Employee"],
      otherSupplier: ["Enterprise", "SuperResponsible", "Responsible"],
      otherTenant: [],
    },
    target: async (f, s, _r, reached) => ({
      params: { id: reached ? await freshPermit(f, s, "Recheck") : permitOf(f, s).id },
      body: { pointIds: [] },
    }),
    workflow: true,
  },
};
