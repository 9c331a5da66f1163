import { randomBytes } from "node:crypto";
import { get } from "../helpers/http";
import type { TFixture, TScope } from "./fixture";
import { PNG_FILE } from "./fixture-files";
import { freshDivision, freshEmergency, freshManager, freshSector, freshSubSector } from "./fresh";
import { enterpriseQuery, ownOnly, sideOf, type TRule, type TRuleTable } from "./rule";

const unique = () => randomBytes(3).toString("hex");
const division = (f: TFixture, s: TScope) =>
  s === "otherDivision" ? f.a.world.otherDivision.id : sideOf(f, s).world.division.id;
const sector = (f: TFixture, s: TScope) =>
  s === "otherDivision" ? f.a.world.otherSector.id : sideOf(f, s).world.sector.id;
const subSector = (f: TFixture, s: TScope) =>
  s === "otherDivision" ? f.a.subSectorA2.id : sideOf(f, s).world.subSector.id;
const manager = (f: TFixture, s: TScope) =>
  s === "otherDivision" ? f.a.world.otherDivisionResponsible.id : sideOf(f, s).world.approver.id;

/** Objects of a division: the enterprise reaches both of its divisions, a division's managers their own only. */
const inDivision = (
  otherDivision: TRule["scopes"]["own"],
  target: TRule["target"],
  extra: Partial<TRule> = {},
): TRule => ({
  scopes: { own: "all", otherDivision, otherTenant: [] },
  target,
  ...extra,
});
const divisionBody = () => ({
  name: `Division ${unique()}`,
  description: "Plant",
  address: "1 rue",
  province: "Rhône",
  postalCode: "69000",
  country: "France",
});
/** Lists a contractor reads naming the principal: of another tenant it is refused; principals read their own. */
const readerList = (extraQuery: (f: TFixture, s: TScope) => Record<string, string> = () => ({})): TRule => ({
  scopes: { own: "all", otherTenant: [] },
  target: (f, s, role) => ({ query: { ...enterpriseQuery(f, s, role), ...extraQuery(f, s) } }),
  listFilter: true,
});
export const ORGANISATION_RULES: TRuleTable = {
  // Emergency stops: declared on a new sector (so that no permit of the fixture is held by it).
  "GET /api/emergencies": ownOnly(),
  "POST /api/emergencies": inDivision(["Enterprise"], async (f, s, _r, reached) => ({
    body: { divisionId: division(f, s), sectorId: reached ? await freshSector(f, s) : sector(f, s), reason: "Drill" },
  })),
  "POST /api/emergencies/:id/lift": inDivision(["Enterprise"], async (f, s) => ({
    params: { id: await freshEmergency(f, s) },
    body: {},
  })),
  // The live site map: the sectors of the caller's scope (the list is filtered), one sector like GET /api/sectors/:id.
  "GET /api/site-map/sectors": ownOnly(),
  "GET /api/site-map/sectors/:id": inDivision(["Enterprise"], (f, s) => ({ params: { id: sector(f, s) } })),
  "GET /api/divisions": ownOnly(),
  "GET /api/divisions/:id": inDivision(["Enterprise"], (f, s) => ({ params: { id: division(f, s) } })),
  "POST /api/divisions": ownOnly(() => ({ body: divisionBody() })),
  "PATCH /api/divisions/:id": inDivision("all", (f, s) => ({ params: { id: division(f, s) }, body: divisionBody() })),
  "DELETE /api/divisions/:id": inDivision("all", async (f, s, _r, reached) => ({
    params: { id: reached ? await freshDivision(f, s) : division(f, s) },
  })),

  "GET /api/sectors": readerList(),
  "GET /api/sectors/:id": inDivision(["Enterprise", "Supplier", "Employee"], (f, s, role) => ({
    params: { id: sector(f, s) },
    query: enterpriseQuery(f, "own", role),
  })),
  "POST /api/sectors": inDivision(
    ["Enterprise"],
    (f, s) => ({
      body: {
        name: `Sector ${unique()}`,
        divisionId: division(f, s),
        gatheringPoint: "Gate",
        number: 50_000 + Math.floor(Math.random() * 40_000),
      },
    }),
    { refusedByValidation: true },
  ),
  "PATCH /api/sectors/:id": inDivision(["Enterprise"], (f, s) => ({
    params: { id: sector(f, s) },
    body: { gatheringPoint: "North gate" },
  })),
  "DELETE /api/sectors/:id": inDivision(["Enterprise"], async (f, s, _r, reached) => ({
    params: { id: reached ? await freshSector(f, s) : sector(f, s) },
  })),
  "PUT /api/sectors/:id/map": inDivision(["Enterprise"], (f, s) => ({
    params: { id: sector(f, s) },
    file: { field: "map", part: PNG_FILE() },
  })),
  "GET /api/sectors/:id/map": inDivision(["Enterprise", "Supplier", "Employee"], (f, s) => ({
    params: { id: sector(f, s) },
  })),

  "GET /api/sub-sectors": readerList(),
  "GET /api/sub-sectors/:id": inDivision(["Enterprise"], (f, s) => ({ params: { id: subSector(f, s) } })),
  "POST /api/sub-sectors": inDivision(
    ["Enterprise"],
    (f, s) => ({ body: { name: `Room ${unique()}`, sectorId: sector(f, s), x: 0.5, y: 0.5 } }),
    { refusedByValidation: true },
  ),
  "PATCH /api/sub-sectors/:id": inDivision(["Enterprise"], (f, s) => ({
    params: { id: subSector(f, s) },
    body: { x: 0.4, y: 0.4 },
  })),
  "DELETE /api/sub-sectors/:id": inDivision(["Enterprise"], async (f, s, _r, reached) => ({
    params: { id: reached ? await freshSubSector(f, s) : subSector(f, s) },
  })),

  "GET /api/managers": {
    ...ownOnly(),
    scopes: { own: "all", otherDivision: ["Enterprise"] },
    target: (f, s) => ({ query: { divisionId: division(f, s) } }),
    listFilter: true,
  },
  "GET /api/managers/:id": inDivision(["Enterprise"], (f, s) => ({ params: { id: manager(f, s) } })),
  "POST /api/managers": inDivision(
    ["Enterprise"],
    (f, s) => ({
      body: {
        role: "Responsible",
        divisionId: division(f, s),
        name: "New Manager",
        email: `m-${unique()}@example.com`,
        phone: "+33 1 00 00 00 00",
      },
    }),
    { refusedByValidation: true },
  ),
  "PATCH /api/managers/:id": inDivision(["Enterprise"], (f, s) => ({
    params: { id: manager(f, s) },
    body: { phone: "+33 1 11 11 11 11" },
  })),
  ...Object.fromEntries(
    ["disable", "enable", "resend-invitation"].map((action) => [
      `POST /api/managers/:id/${action}`,
      inDivision(
        ["Enterprise"],
        async (f, s, _r, reached) => ({
          params: { id: reached ? await freshManager(f, s, action === "resend-invitation") : manager(f, s) },
        }),
        { workflow: true },
      ),
    ]),
  ),
  "DELETE /api/managers/:id": inDivision(["Enterprise"], async (f, s, _r, reached) => ({
    params: { id: reached ? await freshManager(f, s) : manager(f, s) },
  })),

  "GET /api/permissions": {
    scopes: { own: "all", otherDivision: ["Enterprise"] },
    target: (f, s) => ({ query: { divisionId: division(f, s) } }),
    listFilter: true,
  },
  "GET /api/permissions/dead-ends": {
    scopes: { own: "all", otherDivision: ["Enterprise"] },
    target: (f, s) => ({ query: { divisionId: division(f, s) } }),
    listFilter: true,
  },
  "GET /api/permissions/export": {
    scopes: { own: "all", otherDivision: ["Enterprise"] },
    target: (f, s) => ({ query: { divisionId: division(f, s), format: "csv" } }),
    listFilter: true,
  },
  "PUT /api/permissions/cell": inDivision(
    ["Enterprise"],
    // "both": a Verifier stays one, and the sends of the other cases still find their sector's Verifier.
    (f, s) => ({ body: { managerId: manager(f, s), sectorId: sector(f, s), role: "both" } }),
    { refusedByValidation: true },
  ),
  // The division's own export, imported back: a real file that changes nothing.
  "POST /api/permissions/import": ownOnly(async (f) => ({ file: { field: "file", part: await exportedMatrix(f) } })),
};

/** Division 1's permissions matrix as its enterprise exports it (CSV). */
async function exportedMatrix(f: TFixture) {
  const url = `/api/permissions/export?format=csv&divisionId=${f.a.world.division.id}`;
  const response = await get(f.t.app, url, { token: f.tokens.Enterprise });
  if (response.statusCode !== 200) throw new Error(`export: ${response.statusCode} ${response.body}`);
  return { data: response.rawPayload, filename: "matrix.csv", type: "text/csv" };
}
