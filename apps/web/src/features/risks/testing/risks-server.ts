import {
  DEFAULT_RISK_MATRIX,
  defaultCriticalityIndex,
  type TEpi,
  type TLink,
  type TRisk,
  type TRiskMatrix,
  type TRiskMatrixInput,
  type TWorkType,
} from "@openpermit/shared";
import { fakeServer, type TFakeAnswer, type TFakeRequest } from "../../../test/fake-api";
import { fakeToken } from "../../../test/tokens";
import { ENTERPRISE_ID, SUPER_ID, uuid } from "../../organisation/testing/org-server";

export { enterpriseToken, superToken, uuid } from "../../organisation/testing/org-server";

export const EMPTY_MATRIX: TRiskMatrix = {
  probabilities: [],
  severities: [],
  levels: [],
  cells: [],
  superResponsibleMayEdit: false,
  canEdit: true,
  updatedAt: null,
};

let version = 0;
const stamp = () => new Date(Date.UTC(2026, 10, 20, 8, 0, ++version)).toISOString();

/** The default matrix as the server makes it (ids are uuids). */
export function defaultMatrix(base: Partial<TRiskMatrix> = {}): TRiskMatrix {
  const axis = (labels: readonly string[], offset: number) =>
    labels.map((label, index) => ({ id: uuid(offset + index), rank: index + 1, label }));
  const probabilities = axis(DEFAULT_RISK_MATRIX.probabilities, 100);
  const severities = axis(DEFAULT_RISK_MATRIX.severities, 200);
  const levels = DEFAULT_RISK_MATRIX.levels.map((level, index) => ({ id: uuid(300 + index), ...level }));
  const cells = probabilities.flatMap((p) =>
    severities.map((s) => ({
      probabilityId: p.id,
      severityId: s.id,
      levelId: levels[defaultCriticalityIndex(p.rank, s.rank)]!.id,
    })),
  );
  return { ...EMPTY_MATRIX, probabilities, severities, levels, cells, updatedAt: stamp(), ...base };
}

/** What the server keeps of a PUT: the same, with `new-…` keys kept as ids (fine for tests). */
function saved(input: TRiskMatrixInput, previous: TRiskMatrix): TRiskMatrix {
  return { ...previous, ...input, updatedAt: stamp() };
}

export interface TRisksState {
  matrix: TRiskMatrix;
  epis: TEpi[];
  picks: string[];
  workTypes: TWorkType[];
  risks: TRisk[];
  links: TLink[];
}

type THandler = (request: TFakeRequest, state: TRisksState) => TFakeAnswer | undefined;

/** An in-memory risk configuration API for page tests; `handle` answers first. */
export function risksServer(initial: Partial<TRisksState> = {}, handle: THandler = () => undefined) {
  const state: TRisksState = {
    matrix: EMPTY_MATRIX,
    epis: [],
    picks: [],
    workTypes: [],
    risks: [],
    links: [],
    ...initial,
  };
  const calls = fakeServer(state, handle, (request) => {
    const { method, url, body } = request;
    if (url === `/Enterprise/${ENTERPRISE_ID}`) {
      return { status: 200, data: { data: { id: ENTERPRISE_ID, name: "Eve", email: "ent@x.io", role: "Enterprise" } } };
    }
    if (url === `/SuperResponsible/${SUPER_ID}`) {
      const parent = { id: uuid(10), name: "North Plant", enterpriseId: uuid(3), enterpriseName: "Rhône Refinery" };
      return {
        status: 200,
        data: { data: { id: SUPER_ID, name: "Sam", email: "sam@x.io", role: "SuperResponsible", division: parent } },
      };
    }
    if (url === `/Admin/${uuid(5)}`)
      return { status: 200, data: { data: { id: uuid(5), name: "Ada", email: "admin@x.io", role: "Admin" } } };
    if (url === "/risk-matrix" && method === "GET") return { status: 200, data: { data: state.matrix } };
    if (url === "/risk-matrix" && method === "PUT") {
      state.matrix = saved(body as TRiskMatrixInput, state.matrix);
      return { status: 200, data: { data: state.matrix } };
    }
    if (url === "/risk-matrix/default" && method === "POST") {
      state.matrix = defaultMatrix({ superResponsibleMayEdit: state.matrix.superResponsibleMayEdit });
      return { status: 200, data: { data: state.matrix } };
    }
    if (url === "/risk-matrix/settings" && method === "PATCH") {
      state.matrix = { ...state.matrix, ...(body as object), updatedAt: stamp() };
      return { status: 200, data: { data: state.matrix } };
    }
    if (url === "/epis" && method === "GET") {
      return { status: 200, data: { data: state.epis, page: 1, pageSize: 20, total: state.epis.length } };
    }
    if (url === "/work-types" && method === "GET") {
      const data = state.workTypes.filter((item) => !request.params.kind || item.kind === request.params.kind);
      return { status: 200, data: { data, page: 1, pageSize: 20, total: data.length } };
    }
    if (url === "/risks" && method === "GET") {
      const data = state.risks.filter((item) => request.params.critical !== "true" || item.critical);
      return { status: 200, data: { data, page: 1, pageSize: 20, total: data.length } };
    }
    if (url === "/links" && method === "GET") {
      const q = String(request.params.q ?? "").toLowerCase();
      const data = state.links.filter((link) => `${link.title} ${link.tag}`.toLowerCase().includes(q));
      return { status: 200, data: { data, page: 1, pageSize: 20, total: data.length } };
    }
    if ((url === "/specific-risks" || url === "/sectors") && method === "GET") {
      return { status: 200, data: { data: [], page: 1, pageSize: 20, total: 0 } };
    }
    if (url === "/enterprise-epis" && method === "GET") {
      const data = state.epis.map(({ deletedAt: _deleted, ...item }) => ({
        ...item,
        selected: state.picks.includes(item.id),
      }));
      return { status: 200, data: { data, page: 1, pageSize: 100, total: data.length } };
    }
    if (url === "/enterprise-epis" && method === "PUT") {
      state.picks = (body as { epiIds: string[] }).epiIds;
      return { status: 200, data: { data: { epiIds: state.picks } } };
    }
    return { status: 404 };
  });
  return { calls, state, writes: () => calls.filter((call) => call.method !== "GET") };
}

export function epi(id: string, name: string, nameFr = ""): TEpi {
  return {
    id,
    name,
    nameFr,
    description: `${name} for site work`,
    icon: null,
    deletedAt: null,
    createdAt: "2026-11-20T08:30:00.000Z",
  };
}

export function link(id: string, title: string, tag = ""): TLink {
  return { id, title, url: `https://docs.example.com/${id}`, tag, createdAt: "2026-11-20T08:30:00.000Z" };
}

export const adminToken = () => fakeToken({ role: "Admin", id: uuid(5), email: "admin@x.io" });
