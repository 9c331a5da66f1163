import {
  mayChangeCrew,
  mayRerate,
  maySignOff,
  mayTake,
  NO_RELATION,
  notificationKindsOf,
  OPEN_PERMIT,
  PERMIT_ACTIONS,
  PERMIT_TRANSITIONS,
  type TPermitAction,
  type TPermitRelation,
  type TPermitStatus,
  type TRole,
} from "@openpermit/shared";
import { post } from "../helpers/http";
import { actionBody, completeDraft } from "../helpers/permits";
import type { TFixture, TScope } from "./fixture";
import { PDF_FILE } from "./fixture-files";
import { freshExtension, freshHandover, freshPermit, freshPermitFile, permitOf } from "./fresh";
import { ownOnly, sideOf, type TRule, type TRuleTable, type TTarget } from "./rule";

/**
 * Who sees a sent permit (access/permits.ts: visiblePermits): the enterprise all of its own; a division's managers their division's;
 * a supplier its company's; an employee those it created. The scopes' permits (sent): division 1 by S1's employee
 * (own), division 2 by the same employee, division 1 by another supplier's employee, and tenant B's.
 */
export const PERMIT_SCOPES: TRule["scopes"] = {
  own: "all",
  otherDivision: ["Enterprise", "Supplier", "Employee"],
  otherSupplier: ["Enterprise", "SuperResponsible", "Responsible"],
  otherTenant: [],
};
/** Who sees a never-sent draft: its author's side only (the principal's side sees a permit once it is sent). */
const DRAFT_SCOPES: TRule["scopes"] = {
  own: ["Supplier", "Employee"],
  otherDivision: ["Supplier", "Employee"],
  otherSupplier: [],
  otherTenant: [],
};
const reading = (extra: Partial<TRule> = {}): TRule => ({
  scopes: PERMIT_SCOPES,
  target: (f, s) => ({ params: { id: permitOf(f, s).id } }),
  ...extra,
});
/**
 * An edit or a copy: on a copy of the scope's permit in `status` when the caller reaches it. A draft sent back for
 * a recheck is one both sides see: its author may change it, the principal is refused by the workflow.
 */
const acting = (body: unknown = {}, status: TPermitStatus = "Recheck"): TRule => ({
  scopes: PERMIT_SCOPES,
  target: async (f, s, _r, reached) => ({
    params: { id: reached ? await freshPermit(f, s, status) : permitOf(f, s).id },
    body,
  }),
  workflow: true,
});
/** The scope's Supplier account: the incoming holder of the matrix's handovers (of the permit's own company). */
const incomingOf = (f: TFixture, s: TScope) =>
  s === "otherSupplier" ? f.a.world.otherSupplier.supplierUser.id : sideOf(f, s).world.supplierUser.id;
/** A shift route on a fresh permit of its own when reached; unreached, the scope's permit and an unknown sub-id. */
const shiftRoute = (
  body: unknown | ((f: TFixture, s: TScope) => unknown),
  reachedTarget: (f: TFixture, s: TScope) => Promise<TTarget>,
): TRule => ({
  scopes: PERMIT_SCOPES,
  target: async (f, s, _r, reached) =>
    reached
      ? reachedTarget(f, s)
      : {
          params: { id: permitOf(f, s).id, extensionId: UNKNOWN_SUB_ID, handoverId: UNKNOWN_SUB_ID },
          body: typeof body === "function" ? body(f, s) : body,
        },
  workflow: true,
});
const UNKNOWN_SUB_ID = "00000000-0000-4000-8000-000000000000";
const ASK_BODY = { newEndAt: "2030-01-01T00:00:00.000Z", reason: "More time" };
const REFUSE_BODY = { remark: "Not today" };
const ACCEPT_BODY = { keepCrew: true };
/** A permit list's filters naming another division, contractor or tenant. */
const listed = (extraQuery: Record<string, string> = {}): TRule => ({
  scopes: PERMIT_SCOPES,
  target: (f, s) => ({ query: { ...extraQuery, ...filterOf(f, s) } }),
  listFilter: true,
});
function filterOf(f: TFixture, s: TScope): Record<string, string> {
  if (s === "otherDivision") return { divisionId: f.a.world.otherDivision.id };
  if (s === "otherSupplier") return { contractorId: f.a.world.otherSupplier.supplier.id };
  if (s === "otherTenant") return { divisionId: f.b.world.division.id };
  return {};
}
/**
 * How each caller stands to each scope's permit (access/permits.ts: relationOf): S1's employee created the permits of its own
 * and the other division, the Responsible verifies division 1's sector, the SuperResponsible edits division 1's.
 */
function relationOf(role: TRole, scope: TScope): TPermitRelation {
  const ofS1 = scope === "own" || scope === "otherDivision";
  const inDivision1 = scope === "own" || scope === "otherSupplier";
  return {
    ...NO_RELATION,
    isCreator: role === "Employee" && ofS1,
    isCreatorsSupplier: role === "Supplier" && ofS1,
    isVerifier: role === "Responsible" && inDivision1,
    isPrincipalEditor: role === "Enterprise" || (role === "SuperResponsible" && inDivision1),
  };
}
/**
 * A workflow action on a copy of the scope's permit in the first status the action may leave from that both sides
 * see (send and cancel also leave from a never-sent draft, which only its author's side sees).
 */
const action = (name: TPermitAction): TRule => {
  const from = PERMIT_TRANSITIONS[name].from.find((status) => status !== "pending")!;
  return {
    scopes: PERMIT_SCOPES,
    target: async (f, s, _r, reached) => ({
      params: { id: reached ? await freshPermit(f, s, from) : permitOf(f, s).id },
      body: actionBody(name, { remark: "Checked on site" }),
    }),
    workflow: true,
    permits: (role, scope) => mayTake(name, from, relationOf(role, scope), OPEN_PERMIT),
  };
};
const RANGE = { from: "2026-11-15T00:00:00Z", to: "2026-12-31T00:00:00Z" };
const DAYS = { from: "2026-01-01", to: "2026-12-31" };

async function feedToken(f: TFixture) {
  const response = await post(f.t.app, "/api/calendar-feed", undefined, { token: f.tokens.Enterprise });
  const url = response.json().data.url as string;
  return url.slice(url.lastIndexOf("/") + 1).replace(/\.ics$/, "");
}

export const PERMIT_RULES: TRuleTable = {
  "GET /api/permits": listed(),
  "GET /api/permits/export": listed({ format: "csv" }),
  "GET /api/permits/calendar": listed(RANGE),
  "POST /api/permits": {
    scopes: { own: "all", otherTenant: [] },
    target: (f, s) => ({ body: completeDraft(sideOf(f, s).world) }),
    workflow: true,
    refusedByValidation: true,
  },
  "GET /api/permits/:id": reading(),
  "GET /api/permits/:id/history": reading(),
  "GET /api/permits/:id/clashes": reading(),
  "GET /api/permits/:id/pdf": reading({ workflow: true }),
  "PATCH /api/permits/:id": {
    ...acting(),
    target: async (f, s, _r, reached) => ({
      params: { id: reached ? await freshPermit(f, s, "Recheck") : permitOf(f, s).id },
      body: completeDraft(sideOf(f, s).world, { taskTitle: "Weld the second flange" }),
    }),
  },
  // Only a never-sent draft may be deleted: a fresh one for every case, which the principal's side cannot see.
  "DELETE /api/permits/:id": {
    scopes: DRAFT_SCOPES,
    target: async (f, s) => ({ params: { id: await freshPermit(f, s) } }),
    workflow: true,
  },
  "POST /api/permits/:id/duplicate": acting(undefined, "sended"),
  ...Object.fromEntries(PERMIT_ACTIONS.map((name) => [`POST /api/permits/:id/${name}`, action(name)])),
  // A re-rating of a copy of the scope's sent permit: its sector's Verifier alone (mayRerate).
  "POST /api/permits/:id/rerate": {
    scopes: PERMIT_SCOPES,
    target: async (f, s, _r, reached) => {
      const { world } = sideOf(f, s);
      return {
        params: { id: reached ? await freshPermit(f, s, "sended") : permitOf(f, s).id },
        body: {
          probabilityId: world.probability.high.id,
          severityId: world.severity.low.id,
          reason: "Checked on site",
        },
      };
    },
    workflow: true,
    permits: (role, scope) => mayRerate("sended", relationOf(role, scope)),
  },
  // The crew of a copy of the scope's permit: its holder changes it (sent here), signs its worker (the creator,
  // signed on by the copy when accepted) on or off; the worker is refused to everyone else (403) or invisible (404).
  "GET /api/crew-candidates": ownOnly(),
  "PUT /api/permits/:id/crew": {
    scopes: PERMIT_SCOPES,
    target: async (f, s, _r, reached) => ({
      params: { id: reached ? await freshPermit(f, s, "sended") : permitOf(f, s).id },
      body: { workerIds: [] },
    }),
    workflow: true,
    permits: (role, scope) => mayChangeCrew("sended", relationOf(role, scope), OPEN_PERMIT),
  },
  "POST /api/permits/:id/crew/:workerId/sign-on": {
    scopes: PERMIT_SCOPES,
    target: async (f, s, _r, reached) => ({
      params: {
        id: reached ? await freshPermit(f, s, "accepted") : permitOf(f, s).id,
        workerId: permitOf(f, s).creator.id,
      },
      body: { declaration: true },
    }),
    // The worker is signed on already by the copy: the holder's answer is 409.
    workflow: true,
  },
  "POST /api/permits/:id/crew/:workerId/sign-off": {
    scopes: PERMIT_SCOPES,
    target: async (f, s, _r, reached) => ({
      params: {
        id: reached ? await freshPermit(f, s, "accepted") : permitOf(f, s).id,
        workerId: permitOf(f, s).creator.id,
      },
    }),
    workflow: true,
    permits: (role, scope) => maySignOff(relationOf(role, scope), false),
  },
  // Extension and shift handover of a copy of the scope's permit in progress: the holder asks and hands over, the
  // sector's approver decides, the incoming holder accepts; every other reachable caller is refused by the rules
  // (403 or 409) or by the body (400: the matrix sends no signing password).
  "POST /api/permits/:id/extensions": shiftRoute(ASK_BODY, async (f, s) => ({
    params: { id: await freshPermit(f, s, "In_progress") },
    body: ASK_BODY,
  })),
  "POST /api/permits/:id/extensions/:extensionId/sign": shiftRoute({}, async (f, s) => {
    const { id, extensionId } = await freshExtension(f, s);
    return { params: { id, extensionId }, body: {} };
  }),
  "POST /api/permits/:id/extensions/:extensionId/refuse": shiftRoute(REFUSE_BODY, async (f, s) => {
    const { id, extensionId } = await freshExtension(f, s);
    return { params: { id, extensionId }, body: REFUSE_BODY };
  }),
  "POST /api/permits/:id/handovers": shiftRoute(
    (f: TFixture, s: TScope) => ({ toId: incomingOf(f, s), note: "Half done" }),
    async (f, s) => ({
      params: { id: await freshPermit(f, s, "In_progress") },
      body: { toId: incomingOf(f, s), note: "Half done" },
    }),
  ),
  "POST /api/permits/:id/handovers/:handoverId/accept": shiftRoute(ACCEPT_BODY, async (f, s) => {
    const { id, handoverId } = await freshHandover(f, s, incomingOf(f, s));
    return { params: { id, handoverId }, body: ACCEPT_BODY };
  }),
  "POST /api/permits/:id/handovers/:handoverId/cancel": shiftRoute(undefined, async (f, s) => {
    const { id, handoverId } = await freshHandover(f, s, incomingOf(f, s));
    return { params: { id, handoverId } };
  }),
  "POST /api/permits/:id/files": {
    ...acting(undefined),
    target: async (f, s, _r, reached) => ({
      params: { id: reached ? await freshPermit(f, s, "Recheck") : permitOf(f, s).id },
      file: { field: "file", part: PDF_FILE() },
    }),
  },
  "GET /api/permits/:id/files/:fileId": {
    scopes: PERMIT_SCOPES,
    target: async (f, s) => {
      const { id, fileId } = await freshPermitFile(f, s, "sended");
      return { params: { id, fileId } };
    },
  },
  "DELETE /api/permits/:id/files/:fileId": {
    scopes: PERMIT_SCOPES,
    target: async (f, s) => {
      const { id, fileId } = await freshPermitFile(f, s, "Recheck");
      return { params: { id, fileId } };
    },
    workflow: true,
  },
  "GET /api/public/permit-checks/:token": ownOnly((f) => ({ params: { token: f.a.files.checkToken } })),

  "GET /api/notifications": ownOnly(),
  "GET /api/notifications/unread-count": ownOnly(),
  "POST /api/notifications/read-all": ownOnly(),
  "POST /api/notifications/:id/read": {
    scopes: { own: "all", otherTenant: [] },
    target: (f, s, role) => ({ params: { id: f.notificationOf[s === "own" && role ? role : "otherTenant"] } }),
  },
  "GET /api/me/notification-preferences": ownOnly(),
  // A kind the caller's role receives (another is refused as invalid).
  "PUT /api/me/notification-preferences": ownOnly((_f, _s, role) => ({
    body: {
      email: Object.fromEntries(
        notificationKindsOf(role ?? "Admin")
          .slice(0, 1)
          .map((kind) => [kind, false]),
      ),
    },
  })),
  "POST /api/notifications/stream-ticket": ownOnly(),

  "GET /api/dashboard": ownOnly(),
  "GET /api/statistics": listed(DAYS),
  "GET /api/statistics/export": listed({ ...DAYS, chart: "perMonth" }),
  "GET /api/calendar-feed": ownOnly(),
  "POST /api/calendar-feed": ownOnly(),
  "DELETE /api/calendar-feed": ownOnly(),
  "GET /api/public/calendar/:token.ics": ownOnly(async (f) => ({ params: { token: await feedToken(f) } })),
};

/** Routes the matrix cannot drive through `inject`, with why (their own tests cover them). */
export const SKIPPED: Record<string, string> = {
  "GET /api/notifications/stream":
    "a server-sent event stream stays open under inject; its one-time tickets are tested in notifications-stream.test.ts",
};
