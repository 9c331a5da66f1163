import { incompatibleWorkTypes } from "../../src/db/schema";
import { get } from "../helpers/http";
import type { TFixture, TScope } from "./fixture";
import { PDF_FILE, PNG_FILE } from "./fixture-files";
import { freshEpi, freshOfEnterprise } from "./fresh";
import { enterpriseQuery, ownOnly, PRINCIPALS, sideOf, type TRule, type TRuleTable } from "./rule";

type TKind = "risk" | "workType" | "specificRisk" | "link";
const idOf = (f: TFixture, s: TScope, kind: TKind) => {
  const side = sideOf(f, s);
  return kind === "link" ? side.linkId : side.world[kind].id;
};

/** An object of one enterprise: its people and its affiliated contractors reach it, nobody of another tenant. */
const ofEnterprise = (target: TRule["target"], extra: Partial<TRule> = {}): TRule => ({
  scopes: { own: "all", otherTenant: [] },
  target,
  ...extra,
});
const read = (kind: TKind): TRule =>
  ofEnterprise((f, s, role) => ({ params: { id: idOf(f, s, kind) }, query: enterpriseQuery(f, "own", role) }));
const write = (kind: TKind, body: unknown): TRule =>
  ofEnterprise((f, s) => ({ params: { id: idOf(f, s, kind) }, body }));
const remove = (kind: TKind): TRule =>
  ofEnterprise(async (f, s, _r, reached) => ({
    params: { id: reached ? await freshOfEnterprise(f, s, kind) : idOf(f, s, kind) },
  }));
/** A contractor names the principal whose list it reads; a principal reads its own whatever it names. */
const list = (): TRule => ({
  scopes: { own: "all", otherTenant: [] },
  target: (f, s, role) => ({ query: enterpriseQuery(f, s, role) }),
  listFilter: true,
});
const ownerFiles = (owner: "workType" | "specificRisk", fileOf: (f: TFixture, s: TScope) => string) => ({
  post: ofEnterprise((f, s) => ({ params: { id: idOf(f, s, owner) }, file: { field: "file", part: PDF_FILE() } })),
  get: ofEnterprise((f, s) => ({ params: { id: idOf(f, s, owner), fileId: fileOf(f, s) } })),
  del: ofEnterprise((f, s) => ({ params: { id: idOf(f, s, owner), fileId: fileOf(f, s) } })),
});
const workTypeFiles = ownerFiles("workType", (f, s) => sideOf(f, s).files.workTypeFileId);
const specificRiskFiles = ownerFiles("specificRisk", (f, s) => sideOf(f, s).files.specificRiskFileId);
const matrixOf = (f: TFixture, s: TScope) => {
  const w = sideOf(f, s).world;
  return { probabilityId: w.probability.low.id, severityId: w.severity.low.id };
};

async function currentMatrix(f: TFixture) {
  const response = await get(f.t.app, "/api/risk-matrix", { token: f.tokens.Enterprise });
  const { probabilities, severities, levels, cells } = response.json().data;
  return { probabilities, severities, levels, cells };
}

/** A pair of fresh work types of the scope's enterprise declared incompatible (for the delete's own object). */
async function freshPair(f: TFixture, s: TScope) {
  const [a, b] = [await freshOfEnterprise(f, s, "workType"), await freshOfEnterprise(f, s, "workType")].sort();
  const [pair] = await f.t.ctx.db
    .insert(incompatibleWorkTypes)
    .values({ enterpriseId: sideOf(f, s).world.enterprise.id, lowWorkTypeId: a!, highWorkTypeId: b! })
    .returning({ id: incompatibleWorkTypes.id });
  return pair!.id;
}

export const CONFIGURATION_RULES: TRuleTable = {
  // Incompatible work types (clashes): the principal's staff read their enterprise's; the Enterprise edits.
  "GET /api/incompatible-work-types": ownOnly(),
  "POST /api/incompatible-work-types": ownOnly(async (f) => ({
    body: { workTypeAId: f.a.world.workType.id, workTypeBId: await freshOfEnterprise(f, "own", "workType") },
  })),
  "DELETE /api/incompatible-work-types/:id": ofEnterprise(async (f, s) => ({ params: { id: await freshPair(f, s) } })),

  // The EPI catalogue is the admin's, for every enterprise: no tenant to cross.
  "GET /api/epis": ownOnly(),
  "GET /api/epis/:id": ownOnly((f) => ({ params: { id: f.a.world.epi.id } })),
  "POST /api/epis": ownOnly(() => ({ body: { name: `Boots ${Math.random().toString(36).slice(2, 8)}` } })),
  "PATCH /api/epis/:id": ownOnly((f) => ({ params: { id: f.a.world.epi.id }, body: { description: "Certified" } })),
  "DELETE /api/epis/:id": ownOnly(async (f) => ({ params: { id: await freshEpi(f) } })),
  "PUT /api/epis/:id/icon": ownOnly((f) => ({
    params: { id: f.a.world.epi.id },
    file: { field: "icon", part: PNG_FILE() },
  })),
  "DELETE /api/epis/:id/icon": ownOnly((f) => ({ params: { id: f.b.world.epi.id } })),
  "GET /api/epis/:id/icon": ownOnly((f) => ({ params: { id: f.a.world.epi.id } })),
  "GET /api/enterprise-epis": list(),
  "PUT /api/enterprise-epis": ownOnly((f) => ({ body: { epiIds: [f.a.world.epi.id] } })),

  "GET /api/risks": list(),
  "GET /api/risks/:id": read("risk"),
  "POST /api/risks": ownOnly(() => ({ body: { name: "Vibration" } })),
  "PATCH /api/risks/:id": write("risk", { description: "Burns from hot work" }),
  "DELETE /api/risks/:id": remove("risk"),

  "GET /api/work-types": list(),
  "GET /api/work-types/:id": read("workType"),
  "POST /api/work-types": ownOnly(() => ({ body: { kind: "general", name: "Painting" } })),
  "PATCH /api/work-types/:id": write("workType", { description: "Hot work" }),
  "DELETE /api/work-types/:id": remove("workType"),
  "POST /api/work-types/:id/files": workTypeFiles.post,
  "GET /api/work-types/:id/files/:fileId": workTypeFiles.get,
  "DELETE /api/work-types/:id/files/:fileId": workTypeFiles.del,

  "GET /api/specific-risks": list(),
  "GET /api/specific-risks/:id": read("specificRisk"),
  "POST /api/specific-risks": ownOnly(() => ({ body: { name: "Asbestos", description: "Old roofs" } })),
  "PATCH /api/specific-risks/:id": write("specificRisk", { description: "Tanks and pits" }),
  "DELETE /api/specific-risks/:id": remove("specificRisk"),
  "PUT /api/specific-risks/:id/logogram": ofEnterprise((f, s) => ({
    params: { id: idOf(f, s, "specificRisk") },
    file: { field: "logogram", part: PNG_FILE() },
  })),
  "DELETE /api/specific-risks/:id/logogram": ofEnterprise((f, s) => ({ params: { id: idOf(f, s, "specificRisk") } })),
  "GET /api/specific-risks/:id/logogram": ofEnterprise((f, s) => ({ params: { id: idOf(f, s, "specificRisk") } })),
  "POST /api/specific-risks/:id/files": specificRiskFiles.post,
  "GET /api/specific-risks/:id/files/:fileId": specificRiskFiles.get,
  "DELETE /api/specific-risks/:id/files/:fileId": specificRiskFiles.del,

  // Contractors read an enterprise's links on its company page (/api/enterprises/:id/company/links); this list is
  // the enterprise's own editor's, for its staff only.
  "GET /api/links": { ...list(), scopes: { own: PRINCIPALS, otherTenant: [] } },
  "POST /api/links": ownOnly(() => ({ body: { title: "Induction", url: "https://example.com/induction" } })),
  "PATCH /api/links/:id": write("link", { tag: "safety" }),
  "DELETE /api/links/:id": remove("link"),

  "GET /api/risk-matrix": list(),
  // The matrix as it reads, written back (the same ids: no permit's cell moves). A SuperResponsible may only
  // while the enterprise lets them (the settings case may come first or not), hence the workflow's 403.
  "PUT /api/risk-matrix": ownOnly(async (f) => ({ body: await currentMatrix(f) }), { workflow: true }),
  // Late: a new default matrix drops the levels the permits' cases name.
  "POST /api/risk-matrix/default": ownOnly(() => ({}), { workflow: true, late: true }),
  "PATCH /api/risk-matrix/settings": ownOnly(() => ({ body: { superResponsibleMayEdit: true } })),
  "GET /api/risk-matrix/criticality": {
    ...list(),
    scopes: { own: "all", otherTenant: [] },
    target: (f, s, role) => ({ query: { ...enterpriseQuery(f, s, role), ...matrixOf(f, s) } }),
  },
  "GET /api/risk-assignments": ofEnterprise(
    (f, s) => ({ query: { sectorId: sideOf(f, s).world.sector.id, workTypeId: sideOf(f, s).world.workType.id } }),
    { listFilter: true },
  ),
  "PUT /api/risk-assignments": ofEnterprise(
    (f, s) => {
      const w = sideOf(f, s).world;
      return {
        body: {
          sectorId: w.sector.id,
          workTypeId: w.workType.id,
          riskIds: [w.risk.id],
          specificRiskIds: [],
          epiIds: [],
        },
      };
    },
    { refusedByValidation: true, late: true },
  ),
  "GET /api/risk-assignments/applicable": ofEnterprise(
    (f, s, role) => {
      const w = sideOf(f, s).world;
      return { query: { ...enterpriseQuery(f, s, role), sectorId: w.sector.id, workTypeId: w.workType.id } };
    },
    { listFilter: true },
  ),
};
