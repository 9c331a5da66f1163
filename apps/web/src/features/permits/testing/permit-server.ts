import {
  PERMIT_LIST_FLAGS,
  type TApplicable,
  type TPermit,
  type TPermitClashes,
  type TPermitDraft,
  type TPermitEvent,
  type TPermitListFlag,
  type TPermitSummary,
  type TRiskMatrix,
  type TSector,
  type TSpecificRisk,
  type TSubSector,
  type TWorkType,
} from "@openpermit/shared";
import { fakeServer, type TFakeAnswer, type TFakeRequest } from "../../../test/fake-api";
import { fakeToken } from "../../../test/tokens";

/** Ids must be UUIDs: the shared schemas check the ones forms send. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const SUPPLIER_USER_ID = uuid(3);
export const ENTERPRISE_USER_ID = uuid(1);
export const EMPLOYEE_USER_ID = uuid(4);
export const RESPONSIBLE_USER_ID = uuid(5);
export const REFINERY = { id: uuid(10), name: "Rhône Refinery" };
export const ACME = { id: uuid(20), name: "Acme Scaffolding" };
const AT = "2026-11-20T08:30:00.000Z";
/** A window tomorrow (UTC) 07:00–15:00: never in the past for the send gate, whenever the tests run. */
const TOMORROW = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
export const WINDOW = { startAt: `${TOMORROW}T07:00:00.000Z`, endAt: `${TOMORROW}T15:00:00.000Z` } as const;

export const supplierToken = () => fakeToken({ role: "Supplier", id: SUPPLIER_USER_ID, email: "sam@acme.io" });
export const employeeToken = () => fakeToken({ role: "Employee", id: EMPLOYEE_USER_ID, email: "emma@acme.io" });
export const enterpriseToken = () => fakeToken({ role: "Enterprise", id: ENTERPRISE_USER_ID, email: "eve@x.io" });
export const responsibleToken = () =>
  fakeToken({ role: "Responsible", id: RESPONSIBLE_USER_ID, email: "rita@refinery.io" });
const NORTH_PLANT = { id: uuid(11), name: "North Plant" };

const PROFILES: Record<string, object> = {
  [`/Supplier/${SUPPLIER_USER_ID}`]: {
    id: SUPPLIER_USER_ID,
    name: "Sam",
    email: "sam@acme.io",
    role: "Supplier",
    company: ACME,
  },
  [`/Employee/${EMPLOYEE_USER_ID}`]: {
    id: EMPLOYEE_USER_ID,
    name: "Emma",
    email: "emma@acme.io",
    role: "Employee",
    fournisseur: { id: ACME.id, name: ACME.name, enterpriseId: ACME.id, enterpriseName: ACME.name },
  },
  [`/Enterprise/${ENTERPRISE_USER_ID}`]: {
    id: ENTERPRISE_USER_ID,
    name: "Eve",
    email: "eve@x.io",
    role: "Enterprise",
    company: REFINERY,
  },
  [`/Responsible/${RESPONSIBLE_USER_ID}`]: {
    id: RESPONSIBLE_USER_ID,
    name: "Rita",
    email: "rita@refinery.io",
    role: "Responsible",
    division: { ...NORTH_PLANT, enterpriseId: REFINERY.id, enterpriseName: REFINERY.name },
  },
};

// ── The refinery's organisation and risks ─────────────────────────────────────────────────────────

export const TANK_FARM: TSector = {
  id: uuid(30),
  name: "Tank farm",
  number: 7,
  gatheringPoint: "Gate B",
  division: NORTH_PLANT,
  map: null,
  subSectorCount: 1,
  createdAt: AT,
};
export const PUMP_ROOM: TSubSector = {
  id: uuid(31),
  name: "Pump room",
  sectorId: TANK_FARM.id,
  sectorName: TANK_FARM.name,
  x: 0.5,
  y: 0.5,
  createdAt: AT,
};
export const HOT_WORK: TWorkType = {
  id: uuid(40),
  kind: "procedure",
  name: "Hot work",
  description: "",
  procedure: "",
  checklist: ["Fire watch posted", "Gas test done"],
  checklistMayBeNotApplicable: [],
  maxValidityHours: 12,
  gasTestRequired: false,
  gasRetestMinutes: 120,
  files: [],
  createdAt: AT,
};
const risk = (n: number, name: string, critical = false) => ({
  id: uuid(50 + n),
  name,
  description: "",
  category: "",
  critical,
  minLevelId: null as string | null,
  createdAt: AT,
});
export const RISKS = [risk(1, "Fire", true), risk(2, "Burns"), risk(3, "Noise")];
export const CONFINED: TSpecificRisk = {
  id: uuid(60),
  name: "Confined space",
  description: "Entry into a tank",
  checklist: ["Attendant outside"],
  checklistMayBeNotApplicable: [],
  trainingUrl: null,
  procedureLinks: [],
  links: [],
  logogram: null,
  files: [],
  minLevelId: null,
  createdAt: AT,
};
const epi = (n: number, name: string, nameFr = "") => ({
  id: uuid(70 + n),
  name,
  nameFr,
  description: "",
  icon: null,
  createdAt: AT,
  selected: true,
});
/** The helmet has a French name, the gloves none (a French reader reads "Gloves"). */
export const EPIS = [epi(1, "Helmet", "Casque"), epi(2, "Gloves")];
export const MATRIX: TRiskMatrix = {
  probabilities: [
    { id: uuid(80), rank: 1, label: "Rare" },
    { id: uuid(81), rank: 2, label: "Likely" },
  ],
  severities: [
    { id: uuid(82), rank: 1, label: "Minor" },
    { id: uuid(83), rank: 2, label: "Major" },
  ],
  levels: [
    { id: uuid(84), name: "Low", colour: "#2f9e44", description: "", flow: "verify" },
    { id: uuid(85), name: "Critical", colour: "#e03131", description: "", flow: "verify_and_approve" },
  ],
  cells: [
    { probabilityId: uuid(80), severityId: uuid(82), levelId: uuid(84) },
    { probabilityId: uuid(80), severityId: uuid(83), levelId: uuid(84) },
    { probabilityId: uuid(81), severityId: uuid(82), levelId: uuid(84) },
    { probabilityId: uuid(81), severityId: uuid(83), levelId: uuid(85) },
  ],
  superResponsibleMayEdit: false,
  canEdit: false,
  updatedAt: AT,
};
/** Hot work in the tank farm requires the fire risk and the helmet. */
export const APPLICABLE: TApplicable = {
  sectorId: TANK_FARM.id,
  subSectorId: null,
  workType: { id: HOT_WORK.id, name: HOT_WORK.name, kind: "procedure", checklist: HOT_WORK.checklist },
  risks: [{ id: RISKS[0]!.id, name: "Fire", critical: true, category: "", inherited: false }],
  specificRisks: [],
  epis: [{ id: EPIS[0]!.id, name: "Helmet", nameFr: "Casque", iconUrl: null, inherited: false }],
};

// ── Permits ───────────────────────────────────────────────────────────────────────────────────────

/** A permit as the supplier reads it; a draft by default. */
export function permit(n: number, fields: Partial<TPermit> = {}): TPermit {
  // Spread, not a literal: fields the contract adds later (checkPath) are given without breaking older versions.
  const base = {
    id: uuid(100 + n),
    documentNumber: null,
    status: "pending",
    internal: false,
    enterprise: REFINERY,
    division: { id: TANK_FARM.division.id, name: TANK_FARM.division.name },
    sector: { id: TANK_FARM.id, name: TANK_FARM.name, number: 7, deleted: false },
    // The tank farm is divided into sub-sectors: the send gate needs one.
    subSector: { id: PUMP_ROOM.id, name: PUMP_ROOM.name, x: PUMP_ROOM.x, y: PUMP_ROOM.y, deleted: false },
    workType: { id: HOT_WORK.id, name: HOT_WORK.name, kind: "procedure" },
    contractor: ACME,
    taskTitle: `Task ${n}`,
    jobDescription: "Weld the flange",
    generalInformation: "",
    additionalInformation: "",
    subcontractor: "",
    ...WINDOW,
    probability: null,
    severity: null,
    criticality: null,
    risks: [],
    specificRisks: [],
    epis: [],
    answers: { qualificationsAndTools: true, jsaComplete: true, newRiskPossible: false },
    newRiskDescription: "",
    // Every item of the work type's checklist ticked, as the send gate needs.
    checklist: HOT_WORK.checklist.map((text, index) => ({
      source: "workType" as const,
      sourceId: HOT_WORK.id,
      index,
      checked: true,
      sourceName: HOT_WORK.name,
      text,
    })),
    files: [],
    createdBy: { id: SUPPLIER_USER_ID, name: "Sam", role: "Supplier" },
    createdAt: AT,
    updatedAt: AT,
    sentAt: null,
    verifiedBy: null,
    verifiedAt: null,
    approvedBy: null,
    approvedAt: null,
    acceptedBy: null,
    acceptedAt: null,
    acceptanceDeclaration: null,
    overdue: false,
    expired: false,
    suspension: null,
    remark: null,
    signatures: [],
    contentHash: "c0ffee".padEnd(64, "0"),
    closeOut: null,
    awaitingHandBack: false,
    actions: ["send", "cancel"],
    canEdit: true,
    canDuplicate: true,
    canRerate: false,
    sendMissing: {},
    checkPath: null,
    crew: [],
    crewActions: { change: false, signOn: [], signOff: [] },
    gasTest: null,
    complianceLapse: null,
    holder: null,
    handoverDue: false,
    shiftStartedAt: null,
    extensions: [],
    handovers: [],
    shiftActions: NO_SHIFT_ACTIONS,
  };
  return { ...base, ...fields } as TPermit;
}

/** Nothing to do about the permit's end or holder. */
export const NO_SHIFT_ACTIONS = {
  askExtension: false,
  decideExtension: null,
  startHandover: false,
  acceptHandover: null,
  cancelHandover: null,
};

/**
 * A permit as a list row, as the server makes it for a reader of this side: the counterpart is the principal for
 * a contractor, the contractor (none: internal) for the principal's staff.
 */
export function summaryOf(item: TPermit, side: "contractor" | "principal" = "principal"): TPermitSummary {
  const { id, documentNumber, status, taskTitle, startAt, endAt, criticality } = item;
  const holds: Record<TPermitListFlag, boolean> = {
    overdue: item.overdue,
    expired: item.expired,
    suspended: item.suspension !== null,
    gasRetestDue: item.gasTest?.overdue === true,
    complianceLapsed: item.complianceLapse !== null,
    handoverDue: item.handoverDue,
    awaitingHandBack: item.awaitingHandBack,
  };
  return {
    ...{ id, documentNumber, status, taskTitle, startAt, endAt },
    counterpart: side === "contractor" ? item.enterprise.name : (item.contractor?.name ?? null),
    sector: item.sector?.name ?? null,
    subSector: item.subSector?.name ?? null,
    criticality: criticality ? { name: criticality.name, colour: criticality.colour } : null,
    flags: PERMIT_LIST_FLAGS.filter((flag) => holds[flag]),
  };
}

/** The reader's side, from the role in its (fake, unsigned) bearer token. */
function sideOf(authorization: string | null): "contractor" | "principal" {
  const payload = authorization?.split(".")[1];
  if (!payload) return "principal";
  const { role } = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { role?: string };
  return role === "Supplier" || role === "Employee" ? "contractor" : "principal";
}

/** The people the contractor may name on a crew (GET /crew-candidates). */
export const CREW = [
  { id: EMPLOYEE_USER_ID, name: "Emma Stone" },
  { id: uuid(6), name: "Wes Welder" },
];
export const crewMember = (id: string, signedOnAt: string | null = null) => ({
  id,
  name: CREW.find((c) => c.id === id)?.name ?? "Someone",
  signedOnAt,
  signedOnBy: signedOnAt ? { id: SUPPLIER_USER_ID, name: "Sam Supplier" } : null,
  signedOffAt: null,
});

/** What the server makes of a saved draft (names looked up, criticality from the matrix). */
export function permitFromDraft(id: number, draft: TPermitDraft): TPermit {
  const cell = MATRIX.cells.find((c) => c.probabilityId === draft.probabilityId && c.severityId === draft.severityId);
  const level = MATRIX.levels.find((l) => l.id === cell?.levelId);
  const probability = MATRIX.probabilities.find((p) => p.id === draft.probabilityId);
  const severity = MATRIX.severities.find((s) => s.id === draft.severityId);
  return permit(id, {
    crew: (draft.crewIds ?? []).map((worker) => crewMember(worker)),
    taskTitle: draft.taskTitle,
    jobDescription: draft.jobDescription ?? "",
    startAt: draft.startAt ?? null,
    endAt: draft.endAt ?? null,
    sector: draft.sectorId ? { id: TANK_FARM.id, name: TANK_FARM.name, number: 7, deleted: false } : null,
    workType: draft.workTypeId ? { id: HOT_WORK.id, name: HOT_WORK.name, kind: "procedure" } : null,
    probability: probability ? { id: probability.id, label: probability.label } : null,
    severity: severity ? { id: severity.id, label: severity.label } : null,
    criticality: level ? { name: level.name, colour: level.colour, flow: level.flow } : null,
    risks: RISKS.filter((r) => draft.riskIds?.includes(r.id)).map(({ id: riskId, name, critical }) => ({
      id: riskId,
      name,
      critical,
    })),
    epis: EPIS.filter((e) => draft.epiIds?.includes(e.id)).map(({ id: epiId, name, nameFr }) => ({
      id: epiId,
      name,
      nameFr,
      iconUrl: null,
    })),
  });
}

export interface TPermitState {
  permits: TPermit[];
  history: Record<string, TPermitEvent[]>;
  /** A permit's clashes (none when absent). */
  clashes?: Record<string, TPermitClashes>;
  principals: { id: string; name: string }[];
}

type THandler = (request: TFakeRequest, state: TPermitState) => TFakeAnswer | undefined;

const page = <T>(data: T[], total = data.length) => ({ status: 200, data: { data, page: 1, pageSize: 20, total } });
const one = (data: unknown) => ({ status: 200, data: { data } });
const notFound = () => ({ status: 404, data: { error: { code: "NOT_FOUND", message: "not found" } } });
const SAVED = ["pending", "Recheck"];
const DIVISION = {
  ...NORTH_PLANT,
  description: "",
  address: "",
  province: "",
  postalCode: "",
  country: "FR",
  createdAt: AT,
  sectorCount: 1,
  peopleCount: 2,
};
const CONTRACTOR = {
  ...ACME,
  email: "sam@acme.io",
  phone: null,
  logo: null,
  affiliationStatus: "affiliated",
  since: AT,
  employeeCount: 1,
  compliance: { status: "compliant", items: [] },
};

/**
 * Which permits a view and its filters list, roughly as the server does: `saved` is drafts and rechecks, `sent`
 * the rest, `todo` what waits for a manager (sent or verified), `all` everything; then status, sector, text.
 */
function listed(item: TPermit, params: Record<string, unknown>): boolean {
  const statuses = String(params.status ?? "")
    .split(",")
    .filter(Boolean);
  const view = params.view ?? "all";
  if (view === "saved" && !SAVED.includes(item.status)) return false;
  if (view === "sent" && SAVED.includes(item.status)) return false;
  if (view === "todo" && !["sended", "Confirmed"].includes(item.status)) return false;
  if (statuses.length > 0 && !statuses.includes(item.status)) return false;
  if (params.sectorId && item.sector?.id !== params.sectorId) return false;
  const q = String(params.q ?? "").toLowerCase();
  return !q || item.taskTitle.toLowerCase().includes(q);
}

/**
 * An in-memory permit API for page tests: the profiles, the refinery's places, risks and matrix (read with
 * `enterpriseId`), permits by view and status, one permit and its history. `handle` answers first (writes,
 * refusals); a POST /permits without one makes permit 1 from the draft.
 */
export function permitServer(initial: Partial<TPermitState> = {}, handle: THandler = () => undefined) {
  const state: TPermitState = { permits: [], history: {}, principals: [REFINERY], ...initial };
  const calls = fakeServer(state, handle, (request) => {
    const { method, url, params } = request;
    const profile = PROFILES[url];
    if (profile) return one(profile);
    if (method === "POST" && url === "/permits") {
      const created = permitFromDraft(1, request.body as TPermitDraft);
      state.permits.push(created);
      return { status: 201, data: { data: created } };
    }
    if (method === "PATCH" && url.startsWith("/permits/")) {
      const id = url.split("/")[2]!;
      const n = Number(id.slice(-3)) - 100;
      const saved = permitFromDraft(n, request.body as TPermitDraft);
      state.permits = state.permits.map((item) => (item.id === id ? saved : item));
      return one(saved);
    }
    if (method === "DELETE" && /^\/permits\/[^/]+$/.test(url)) {
      state.permits = state.permits.filter((item) => item.id !== url.split("/")[2]);
      return { status: 204 };
    }
    if (method !== "GET") return { status: 500 };
    if (url === "/principals") {
      return page(state.principals.map((enterprise) => ({ enterprise, status: "affiliated", since: AT })));
    }
    const sources: Record<string, unknown[]> = {
      "/sectors": [TANK_FARM],
      "/sub-sectors": [PUMP_ROOM],
      "/work-types": [HOT_WORK],
      "/risks": RISKS,
      "/specific-risks": [CONFINED],
      "/enterprise-epis": EPIS,
    };
    if (url in sources) return params.enterpriseId === REFINERY.id ? page(sources[url]!) : notFound();
    if (url === `/sectors/${TANK_FARM.id}`) return one(TANK_FARM);
    if (url === "/risk-matrix") return one(MATRIX);
    if (url === "/risk-assignments/applicable") return one({ ...APPLICABLE, subSectorId: params.subSectorId ?? null });
    if (url === "/divisions") return page([DIVISION]);
    if (url === "/crew-candidates") return one(CREW);
    if (url === "/contractors") return page([CONTRACTOR]);
    if (url === "/permits/export") return { status: 200, data: new Blob([`file ${String(params.format)}`]) };
    if (url === "/permits") {
      const found = state.permits.filter((item) => listed(item, params));
      return page(found.map((item) => summaryOf(item, sideOf(request.authorization))));
    }
    if (url.startsWith("/permits/") && url.endsWith("/pdf")) return { status: 200, data: new Blob(["%PDF-1.7"]) };
    const [, , id, sub] = url.split("/");
    if (url.startsWith("/permits/") && sub === "clashes") {
      return one(state.clashes?.[id!] ?? { clashes: [], acknowledgements: [] });
    }
    const found = state.permits.find((item) => item.id === id);
    // No isolation register here (features/isolations has its own tests).
    if (url === "/isolation-points") return page([]);
    if (url.startsWith("/permits/") && found && sub === "isolations") return one({ points: [], notReady: [] });
    if (url.startsWith("/permits/") && found)
      return sub === "history" ? one(state.history[found.id] ?? []) : one(found);
    return notFound();
  });
  return {
    calls,
    state,
    writes: () => calls.filter((call) => call.method !== "GET"),
    gets: (url: string) => calls.filter((call) => call.method === "GET" && call.url === url),
  };
}
