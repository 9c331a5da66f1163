import {
  mayAskExtension,
  mayChangeCrew,
  mayRerate,
  maySignExtension,
  maySignOff,
  maySignOn,
  mayStartHandover,
  OPEN_PERMIT,
  PERMIT_TRANSITIONS,
  type TPermitAction,
  type TPermitFlow,
  type TPermitRelation,
  type TPermitState,
  type TPermitStatus,
} from "@openpermit/shared";
import { and, eq, ne, or, type SQL, sql } from "drizzle-orm";
import type { TContext } from "../context";
import type { TDb } from "../db/client";
import { permitCrew, permitHandovers, permits } from "../db/schema";
import type { AppError } from "../lib/app-error";
import type { TCaller } from "../plugins/auth";
import { isAffiliated } from "./affiliations";
import { supplierScope } from "./contractors";
import { inGoodStanding } from "./live-contractor";
import { organisationScope } from "./organisation";
import { forbidden } from "./refusal";

/**
 * Who is asking, as the permits module needs it: a principal's person (its enterprise, and its division for a
 * manager) or a contractor's (its supplier). Built once the caller's company is known to be open.
 */
export type TPermitParty =
  | {
      side: "principal";
      role: "Enterprise" | "SuperResponsible" | "Responsible";
      userId: string;
      enterpriseId: string;
      divisionId: string | null;
    }
  | { side: "contractor"; role: "Supplier" | "Employee"; userId: string; supplierId: string };

export async function permitPartyOf(ctx: TContext, caller: TCaller): Promise<TPermitParty> {
  if (caller.role === "Supplier" || caller.role === "Employee") {
    const scope = await supplierScope(ctx, caller);
    return { side: "contractor", role: scope.role, userId: scope.userId, supplierId: scope.supplierId };
  }
  const scope = await organisationScope(ctx, caller);
  return {
    side: "principal",
    role: scope.role,
    userId: scope.userId,
    enterpriseId: scope.enterpriseId,
    divisionId: scope.role === "Enterprise" ? null : scope.divisionId,
  };
}

/** What of a permit decides how a person stands to it. */
export interface TPermitStanding {
  enterpriseId: string;
  divisionId: string | null;
  supplierId: string | null;
  createdBy: string | null;
  /** The holder in person after a shift handover (null or absent: the creator). */
  holderId?: string | null;
  verifiedBy: string | null;
  /** The caller's cell of the permissions matrix for the permit's sector (null: no row). */
  canVerify: boolean | null;
  canApprove: boolean | null;
}

/** How the party stands to one permit (the workflow table's input). */
export function relationOf(party: TPermitParty, permit: TPermitStanding): TPermitRelation {
  const principalOfIt = party.side === "principal" && party.enterpriseId === permit.enterpriseId;
  return {
    isCreator: permit.createdBy === party.userId,
    isCreatorsSupplier:
      party.side === "contractor" && party.role === "Supplier" && permit.supplierId === party.supplierId,
    isVerifier: principalOfIt && permit.canVerify === true,
    isApprover: principalOfIt && permit.canApprove === true,
    isPrincipalEditor:
      principalOfIt &&
      (party.role === "Enterprise" ||
        (party.role === "SuperResponsible" && permit.divisionId !== null && permit.divisionId === party.divisionId)),
    isItsVerifier: permit.verifiedBy === party.userId,
    isHolder: (permit.holderId ?? permit.createdBy) === party.userId,
  };
}

/**
 * The permits a party sees: its own; a supplier's company's (its employees' too); the enterprise's all of its
 * own; a division's SuperResponsible and Responsibles those of their division. Anyone else: none (404).
 *
 * The principal's side sees another person's permit only once it has been sent: a never-sent draft (`pending`:
 * no transition leads back to it) is its author's work in progress, not a request yet. It has no number, nobody
 * may review it, and a principal who could see it could cancel a contractor's unfinished form. A permit sent back
 * for a recheck stays visible: it is under review. A worker named on a permit's crew sees it, draft or not: the
 * crew is of the permit's own company (docs/decisions.md, Crew).
 */
export function visiblePermits(party: TPermitParty): SQL {
  const own = or(eq(permits.createdBy, party.userId), onCrewOf(party.userId), inHandoverOf(party.userId))!;
  if (party.side === "contractor") {
    return party.role === "Supplier" ? or(own, eq(permits.supplierId, party.supplierId))! : own;
  }
  const ofEnterprise = eq(permits.enterpriseId, party.enterpriseId);
  const sentOnce = ne(permits.status, "pending");
  if (party.role === "Enterprise") return and(ofEnterprise, or(own, sentOnce))!;
  if (!party.divisionId) return own;
  return or(own, and(ofEnterprise, eq(permits.divisionId, party.divisionId), sentOnce))!;
}

/** The permit (the outer `permits` row) names the person on its crew. */
export const onCrewOf = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM ${permitCrew} c WHERE c.permit_id = ${sql.identifier("permits")}.${sql.identifier("id")}
    AND c.worker_id = ${userId})`;

/**
 * The permit (the outer `permits` row) was or is being handed over to or by the person: a holder, past, present or
 * named as incoming, sees the permit (docs/decisions.md, Shift handover).
 */
export const inHandoverOf = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM ${permitHandovers} h WHERE h.permit_id = ${sql.identifier("permits")}.${sql.identifier("id")}
    AND (h.to_id = ${userId} OR h.from_id = ${userId}))`;

/** Whether the party may create permits for the enterprise (and so duplicate a permit of it it sees). */
export async function mayCreateFor(db: TDb, party: TPermitParty, enterpriseId: string): Promise<boolean> {
  if (party.side === "principal") return party.enterpriseId === enterpriseId;
  return isAffiliated(db, enterpriseId, party.supplierId);
}

/** Refuses (403) a party that may not create permits for the enterprise (`mayCreateFor`). */
export async function requireMayCreateFor(db: TDb, party: TPermitParty, enterpriseId: string): Promise<void> {
  if (!(await mayCreateFor(db, party, enterpriseId))) throw forbidden("You may not create permits for this company.");
}

/**
 * `mayCreateFor` as a column of a permits query: may the party make permits for the permit's enterprise now. For a
 * contractor, its standing there as `requireLiveContractor` judges it (affiliated, enterprise and supplier active):
 * false, the permit offers it only the actions that stop or withdraw work (`offersOf`, live-contractor.ts).
 */
export const mayCreatePermitsColumn = (party: TPermitParty) =>
  party.side === "principal"
    ? sql<boolean>`${permits.enterpriseId} = ${party.enterpriseId}`
    : sql<boolean>`${inGoodStanding(sql`${permits.enterpriseId}`, sql`${party.supplierId}`)}`;

/**
 * A workflow action the table (packages/shared/src/permits/workflow.ts) does not allow now: 409 (`movedMeanwhile`)
 * when it would have from another of the action's statuses (the permit moved on, e.g. another manager acted
 * first), else 403: the table never lets this person take it.
 */
export function refusePermitAction(
  action: TPermitAction,
  relation: TPermitRelation,
  movedMeanwhile: () => AppError,
): never {
  const transition = PERMIT_TRANSITIONS[action];
  if (transition.from.some((status) => transition.allowed(relation, status))) throw movedMeanwhile();
  throw forbidden("You may not do this with this permit.");
}

/**
 * Re-rating a permit (mayRerate): a Verifier of its sector who did not create it, while it is `sended`. 409 when
 * that person could have from `sended` (the permit moved on meanwhile), 403 for everyone else who sees it.
 */
export function requireRerater(status: TPermitStatus, relation: TPermitRelation, movedMeanwhile: () => AppError) {
  if (mayRerate(status, relation)) return;
  if (mayRerate("sended", relation)) throw movedMeanwhile();
  throw forbidden("Only a Verifier of the permit's sector who did not create it may re-rate it.");
}

/** Only the permit's creator or its creator's supplier edits a draft (403 for others who see it). */
export function requireDraftEditor(relation: TPermitRelation): void {
  if (!relation.isCreator && !relation.isCreatorsSupplier) {
    throw forbidden("Only the permit's creator or its supplier may change it.");
  }
}

/** Only its creator deletes a draft (403 for others who see it). */
export function requireDraftCreator(party: TPermitParty, createdBy: string | null): void {
  if (createdBy !== party.userId) throw forbidden("Only its creator deletes a draft.");
}

/**
 * Changing a permit's crew (mayChangeCrew): its holder, until it ends. 409 when the holder asks too late (ended,
 * cancelled, rejected or closed out), 403 for everyone else who sees it.
 */
export function requireCrewChanger(
  status: TPermitStatus,
  relation: TPermitRelation,
  state: TPermitState,
  movedMeanwhile: () => AppError,
) {
  if (mayChangeCrew(status, relation, state)) return;
  if (mayChangeCrew("pending", relation, OPEN_PERMIT)) throw movedMeanwhile();
  throw forbidden("Only the permit holder changes its crew.");
}

/**
 * Signing a worker on (maySignOn) or off (maySignOff): the holder, or the worker themselves. 409 when they may, but
 * not in this status; 403 for everyone else who sees the permit.
 */
export function requireCrewSigner(
  kind: "signOn" | "signOff",
  status: TPermitStatus,
  relation: TPermitRelation,
  state: TPermitState,
  isWorker: boolean,
  movedMeanwhile: () => AppError,
) {
  if (!maySignOff(relation, isWorker))
    throw forbidden("Only the permit holder or the worker signs a worker on or off.");
  if (kind === "signOn" && !maySignOn(status, relation, state, isWorker)) throw movedMeanwhile();
}

/**
 * Asking to extend a permit's end (mayAskExtension): its holder, while accepted or in progress and not closed out.
 * 409 when the holder asks too late, 403 for everyone else who sees it.
 */
export function requireExtensionAsker(
  status: TPermitStatus,
  relation: TPermitRelation,
  state: TPermitState,
  movedMeanwhile: () => AppError,
) {
  if (mayAskExtension(status, relation, state)) return;
  if (mayAskExtension("In_progress", relation, OPEN_PERMIT)) throw movedMeanwhile();
  throw forbidden("Only the permit holder asks to extend it.");
}

/**
 * Signing or refusing an extension (maySignExtension): the sector's Approver (or Verifier for a verify-only
 * level), never the permit's creator, its supplier or its holder (403).
 */
export function requireExtensionSigner(relation: TPermitRelation, flow: TPermitFlow) {
  if (!maySignExtension(relation, flow)) {
    throw forbidden("Only an approver of the sector (a verifier when no approval is needed) decides an extension.");
  }
}

/**
 * Starting a shift handover (mayStartHandover): the holder, while the work is in progress and not closed out. 409
 * when the holder asks at another time, 403 for everyone else who sees it.
 */
export function requireHandoverStarter(
  status: TPermitStatus,
  relation: TPermitRelation,
  state: TPermitState,
  movedMeanwhile: () => AppError,
) {
  if (mayStartHandover(status, relation, state)) return;
  if (mayStartHandover("In_progress", relation, OPEN_PERMIT)) throw movedMeanwhile();
  throw forbidden("Only the permit holder hands it over.");
}

/** Accepting a handover: the incoming holder it names, no one else (403). */
export function requireIncomingHolder(party: TPermitParty, handover: { toId: string }) {
  if (handover.toId !== party.userId) throw forbidden("Only the incoming holder accepts a handover.");
}

/** Cancelling an open handover: its outgoing or its incoming holder (403 for anyone else). */
export function requireHandoverParty(party: TPermitParty, handover: { fromId: string; toId: string }) {
  if (handover.fromId !== party.userId && handover.toId !== party.userId) {
    throw forbidden("Only the outgoing or the incoming holder cancels a handover.");
  }
}
