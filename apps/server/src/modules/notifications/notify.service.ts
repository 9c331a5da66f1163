import type { TPermitAction, TPermitNotificationKind, TPermitStatus } from "@openpermit/shared";
import type pg from "pg";
import type { TContext } from "../../context";
import type { TDb } from "../../db/client";
import { templates } from "../mail/templates";
import { audienceOf, KIND_OF_ACTION, suspensionAudience, type TAudience } from "./audiences";
import { deliverNotifications, deliveryTo } from "./deliver";
import { CALLS_CLOSED_BY_A_MOVE, markNoticesDone } from "./done";
import { permitLinkFor } from "./links";
import { recipientsOf } from "./recipients";

export interface TPermitTransition {
  permitId: string;
  action: TPermitAction;
  from: TPermitStatus;
  to: TPermitStatus;
  actor: { id: string; name: string };
  remark: string | null;
}

interface TPermitNotice {
  kind: TPermitNotificationKind;
  permitIds: string[];
  audience: TAudience;
  /** Who acted (never told); null when nobody did (the scheduler). */
  actor: { id: string; name: string } | null;
  remark: string | null;
  /** The permits' status after the change. */
  status: TPermitStatus;
}

/**
 * Tells the audience of each permit, inside the caller's transaction (deliver.ts: rolled back, it tells nobody):
 * one notification per person and permit, one e-mail each in its language unless muted for this kind. Returns how
 * many were told; the caller wakes the e-mail queue after its commit.
 */
async function notifyAboutPermits(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  notice: TPermitNotice,
): Promise<number> {
  const recipients = await recipientsOf(tx, notice.permitIds, notice.audience, notice.actor?.id ?? null);
  if (recipients.length === 0) return 0;
  return deliverNotifications(
    ctx,
    tx,
    client,
    recipients.map((r) => {
      const params = {
        documentNumber: r.documentNumber,
        taskTitle: r.taskTitle,
        actorName: notice.actor?.name ?? null,
        remark: notice.remark,
        // Verify leads to Approved on a verify-only level: the contractor must then accept it, so it is worded so.
        status: notice.status,
      };
      return deliveryTo(
        ctx,
        { ...r, muted: r.emailMutedKinds.includes(notice.kind) },
        { kind: notice.kind, params, link: permitLinkFor(r.role, r.permitId), permitId: r.permitId },
        (language, url) => templates.permitNotification[language]({ kind: notice.kind, ...params, url }),
      );
    }),
  );
}

/** A permit's transition through the API: its people per the contract, never the person who acted. */
export function notifyPermitTransition(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  transition: TPermitTransition,
): Promise<number> {
  const { permitId, action, from, to, actor, remark } = transition;
  return notifyAboutPermits(ctx, tx, client, {
    kind: KIND_OF_ACTION[action],
    permitIds: [permitId],
    audience: audienceOf(action, from, to),
    actor,
    remark,
    status: to,
  });
}

/** A verifier's re-rating (the status does not move): the creator's side, with the reason. */
export function notifyPermitRerated(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  rerate: { permitId: string; actor: { id: string; name: string }; reason: string },
): Promise<number> {
  return notifyAboutPermits(ctx, tx, client, {
    kind: "permit.rerated",
    permitIds: [rerate.permitId],
    audience: { creatorSide: true, sectorVerifiers: false, sectorApprovers: false, handlers: false },
    actor: rerate.actor,
    remark: rerate.reason,
    status: "sended",
  });
}

/**
 * An emergency stop suspended these permits: everyone on each of them (suspensionAudience), in one go, with the
 * reason. The status is not one: a suspended permit may be approved, accepted or in progress.
 */
export function notifyEmergencyStop(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  stop: { permitIds: string[]; actor: { id: string; name: string }; reason: string },
): Promise<number> {
  return notifyAboutPermits(ctx, tx, client, {
    kind: "permit.emergencyStopped",
    permitIds: stop.permitIds,
    audience: suspensionAudience(),
    actor: stop.actor,
    remark: stop.reason,
    status: "In_progress",
  });
}

/**
 * An emergency was lifted: the same people, for each permit it still holds. Told that the emergency is over and that
 * the work stays stopped until a manager signs each permit's resumption (lifting resumes nothing).
 */
export function notifyEmergencyLifted(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  lift: { permitIds: string[]; actor: { id: string; name: string }; remark: string | null },
): Promise<number> {
  if (lift.permitIds.length === 0) return Promise.resolve(0);
  return notifyAboutPermits(ctx, tx, client, {
    kind: "permit.emergencyLifted",
    permitIds: lift.permitIds,
    audience: suspensionAudience(),
    actor: lift.actor,
    remark: lift.remark,
    status: "In_progress",
  });
}

/** Workers just named on a permit's crew: each is told, by the holder who named them. */
export function notifyCrewAdded(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  added: { permitId: string; workerIds: string[]; status: TPermitStatus; actor: { id: string; name: string } },
): Promise<number> {
  if (added.workerIds.length === 0) return Promise.resolve(0);
  return notifyAboutPermits(ctx, tx, client, {
    kind: "permit.crewAdded",
    permitIds: [added.permitId],
    audience: {
      creatorSide: false,
      sectorVerifiers: false,
      sectorApprovers: false,
      handlers: false,
      people: added.workerIds,
    },
    actor: added.actor,
    remark: null,
    status: added.status,
  });
}

/**
 * An isolation point was applied or proven: for each permit needing it, those whose next step it is — after the
 * apply the sector's managers (a second person must prove it), after the proof the holder's side (it no longer
 * holds the start). The point's tag is the remark.
 */
export function notifyIsolation(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  step: {
    kind: "permit.isolationApplied" | "permit.isolationProven";
    permitIds: string[];
    tag: string;
    actor: { id: string; name: string };
  },
): Promise<number> {
  if (step.permitIds.length === 0) return Promise.resolve(0);
  const managers = step.kind === "permit.isolationApplied";
  return notifyAboutPermits(ctx, tx, client, {
    kind: step.kind,
    permitIds: step.permitIds,
    audience: { creatorSide: !managers, handlers: false, sectorVerifiers: managers, sectorApprovers: managers },
    actor: step.actor,
    remark: step.tag,
    status: "accepted",
  });
}

/** Who an extension's or a handover's step tells (docs/safety.md, "Extension and shift handover"). */
const SHIFT_AUDIENCES = {
  // The signers of an extension: the sector's Approvers, or its Verifiers for a verify-only level.
  sectorApprovers: { creatorSide: false, handlers: false, sectorVerifiers: false, sectorApprovers: true },
  sectorVerifiers: { creatorSide: false, handlers: false, sectorVerifiers: true, sectorApprovers: false },
  // The holder's side (the creator, the holder in person, the contractor's Supplier accounts).
  holder: { creatorSide: true, handlers: false, sectorVerifiers: false, sectorApprovers: false },
  // A new holder: the holder's side, the managers who handled it and the crew.
  handedOver: { creatorSide: true, handlers: true, sectorVerifiers: false, sectorApprovers: false, crew: true },
} satisfies Record<string, TAudience>;

/** An extension's or a handover's step (the status does not move); `people`: these persons instead. */
export function notifyShift(
  ctx: TContext,
  tx: TDb,
  client: pg.PoolClient,
  step: {
    kind: TPermitNotificationKind;
    permitId: string;
    status: TPermitStatus;
    actor: { id: string; name: string };
    remark: string | null;
    audience: keyof typeof SHIFT_AUDIENCES | { people: string[] };
  },
): Promise<number> {
  const audience: TAudience =
    typeof step.audience === "string"
      ? SHIFT_AUDIENCES[step.audience]
      : { creatorSide: false, handlers: false, sectorVerifiers: false, sectorApprovers: false, ...step.audience };
  return notifyAboutPermits(ctx, tx, client, {
    kind: step.kind,
    permitIds: [step.permitId],
    audience,
    actor: step.actor,
    remark: step.remark,
    status: step.status,
  });
}

const CREATOR_SIDE_AND_HANDLERS: TAudience = {
  creatorSide: true,
  handlers: true,
  sectorVerifiers: false,
  sectorApprovers: false,
};

/** The permit holder's side and the area's managers: whoever handled it and the sector's Verifiers and Approvers. */
const HOLDER_AND_AREA_MANAGERS: TAudience = {
  ...CREATOR_SIDE_AND_HANDLERS,
  sectorVerifiers: true,
  sectorApprovers: true,
};
/** Above the sector: the division's SuperResponsibles and the Enterprise. */
const OVERSIGHT: TAudience = {
  creatorSide: false,
  handlers: false,
  sectorVerifiers: false,
  sectorApprovers: false,
  oversight: true,
};

/**
 * The scheduler's notices (permit-scheduler's TSchedulerNotices), each for a batch of permits in one go: started
 * at the start time (nobody acted), starting soon (the creator's side), overdue, a gas re-test overdue and expired (the holder's side
 * and the area's managers), the escalations (the division's SuperResponsibles and the Enterprise). Without a wake
 * after commit, the e-mail worker's next poll (2 s) sends them.
 */
export function schedulerNotices(ctx: TContext) {
  const notice =
    (kind: TPermitNotificationKind, audience: TAudience, status: TPermitStatus) =>
    (tx: TDb, client: pg.PoolClient, permitIds: string[]) =>
      notifyAboutPermits(ctx, tx, client, { kind, permitIds, audience, actor: null, remark: null, status });
  // A permit the scheduler moves (started at its time, expired unstarted) leaves its status as a person's action
  // does: what its notices called for there is done (done.ts).
  const afterAMove =
    (tell: ReturnType<typeof notice>) => async (tx: TDb, client: pg.PoolClient, permitIds: string[]) => {
      await markNoticesDone(tx, client, permitIds, CALLS_CLOSED_BY_A_MOVE);
      return tell(tx, client, permitIds);
    };
  return {
    started: afterAMove(notice("permit.started", CREATOR_SIDE_AND_HANDLERS, "In_progress")),
    startsSoon: notice("permit.startsSoon", { ...CREATOR_SIDE_AND_HANDLERS, handlers: false }, "accepted"),
    overdue: notice("permit.overdue", HOLDER_AND_AREA_MANAGERS, "In_progress"),
    overdueEscalated: notice("permit.overdueEscalated", OVERSIGHT, "In_progress"),
    expired: afterAMove(notice("permit.expired", HOLDER_AND_AREA_MANAGERS, "Canceled")),
    gasRetestDue: notice("permit.gasRetestDue", HOLDER_AND_AREA_MANAGERS, "In_progress"),
    // The status is not one: a waiting permit is sent or verified; the sentence does not depend on it.
    waitingEscalated: notice("permit.waitingEscalated", OVERSIGHT, "sended"),
    handoverDue: notice("permit.handoverDue", HOLDER_AND_AREA_MANAGERS, "In_progress"),
    complianceLapsed: notice("permit.complianceLapsed", HOLDER_AND_AREA_MANAGERS, "In_progress"),
  };
}
