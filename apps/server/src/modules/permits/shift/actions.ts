import {
  isHandoverDue,
  mayAskExtension,
  maySignExtension,
  mayStartHandover,
  type TPermitExtension,
  type TPermitHandover,
  type TPermitRelation,
  type TPermitState,
  type TPermitStatus,
  type TShiftActions,
} from "@openpermit/shared";

type TShiftFacts = {
  status: TPermitStatus;
  levelFlow: "verify" | "verify_and_approve" | null;
  extensions: TPermitExtension[];
  handovers: TPermitHandover[];
};

export const pendingExtension = (extensions: TPermitExtension[]) => extensions.find((x) => x.decision === null);
export const openHandover = (handovers: TPermitHandover[]) =>
  handovers.find((h) => h.acceptedAt === null && h.cancelledAt === null);

/** What the caller may do now about the permit's end and its holder (packages/shared/src/permits/shift.ts). */
export function shiftActionsOf(
  userId: string,
  relation: TPermitRelation,
  state: TPermitState,
  facts: TShiftFacts,
): TShiftActions {
  const pending = pendingExtension(facts.extensions);
  const open = openHandover(facts.handovers);
  const live = facts.status === "In_progress" && !state.closedOut;
  const party = open && (open.from?.id === userId || open.to?.id === userId);
  return {
    askExtension: !pending && mayAskExtension(facts.status, relation, state),
    decideExtension: pending && maySignExtension(relation, facts.levelFlow ?? "verify_and_approve") ? pending.id : null,
    startHandover: !open && mayStartHandover(facts.status, relation, state),
    acceptHandover: open && live && open.to?.id === userId ? open.id : null,
    cancelHandover: open && party ? open.id : null,
  };
}

/** Whether the permit's handover is due now (the enterprise's shift length read with the permit). */
export const handoverDueOf = (
  permit: { status: TPermitStatus; closedOutAt: Date | null; shiftStartedAt: Date | null },
  shiftLengthHours: number | null,
  now: Date,
) =>
  isHandoverDue(
    { status: permit.status, closedOut: permit.closedOutAt !== null, shiftStartedAt: permit.shiftStartedAt },
    shiftLengthHours,
    now,
  );
