import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isInsideStartWindow, WINDOW_GATED_ACTIONS } from "./validity";
import {
  isSignedAction,
  LIVE_PERMIT_STATUSES,
  mayTake,
  OPEN_PERMIT,
  PERMIT_ACTIONS,
  stateAfter,
  type TPermitAction,
  type TPermitFlow,
  type TPermitRelation,
  type TPermitState,
  type TPermitStatus,
  targetOf,
} from "./workflow";

/**
 * Random walks over the workflow table, taken the way the server takes them: an action happens only when
 * `mayTake` allows it, a signed action leaves a signature, a send voids the signatures before it. Whatever the
 * people and the order, an approved permit carries the signatures its flow needs and a hand-back follows a
 * close-out.
 */
const relation = fc.record<TPermitRelation>({
  isCreator: fc.boolean(),
  isCreatorsSupplier: fc.boolean(),
  isVerifier: fc.boolean(),
  isApprover: fc.boolean(),
  isPrincipalEditor: fc.boolean(),
  isItsVerifier: fc.boolean(),
});
/**
 * A step picks one of the actions the table allows the person at that moment (`pick` modulo their number), so the
 * walks reach the end of the life cycle instead of mostly trying actions that are refused. One step in ten, the
 * emergency stop (outside the table, by the site's management) first suspends a live permit.
 */
const step = fc.record({ pick: fc.nat(), relation, emergency: fc.integer({ min: 0, max: 9 }).map((n) => n === 0) });
type TStep = { pick: number; relation: TPermitRelation; emergency?: boolean };

function allowedPick(status: TPermitStatus, state: TPermitState, { pick, relation: r }: TStep): TPermitAction | null {
  const allowed = PERMIT_ACTIONS.filter((action) => mayTake(action, status, r, state));
  return allowed.length === 0 ? null : (allowed[pick % allowed.length] as TPermitAction);
}
const flow = fc.constantFrom<TPermitFlow>("verify", "verify_and_approve");

interface TWalk {
  status: TPermitStatus;
  state: TPermitState;
  signatures: TPermitAction[];
  log: string[];
}

function walk(
  permitFlow: TPermitFlow,
  steps: TStep[],
  check: (w: TWalk, action: TPermitAction, before: TWalk) => void,
) {
  let w: TWalk = { status: "pending", state: OPEN_PERMIT, signatures: [], log: [] };
  for (const s of steps) {
    if (s.emergency && (LIVE_PERMIT_STATUSES as readonly TPermitStatus[]).includes(w.status)) {
      w = { ...w, state: { ...w.state, suspended: true }, log: [...w.log, `${w.status} emergency stop`] };
    }
    const action = allowedPick(w.status, w.state, s);
    if (action === null) continue;
    const before = w;
    w = {
      status: targetOf(action, permitFlow, before.status),
      state: action === "send" ? OPEN_PERMIT : stateAfter(action, w.state),
      // A send (the first, or after a recheck) starts a new review: earlier signatures are voided.
      signatures: action === "send" ? [] : isSignedAction(action) ? [...w.signatures, action] : w.signatures,
      log: [...w.log, `${before.status} -${action}-> ${targetOf(action, permitFlow, before.status)}`],
    };
    check(w, action, before);
  }
}

describe("the workflow table, over every sequence of actions", () => {
  it("never reaches Approved without a verify signature, and an approve one when the flow asks for it", () => {
    fc.assert(
      fc.property(flow, fc.array(step, { maxLength: 40 }), (permitFlow, steps) => {
        walk(permitFlow, steps, (w) => {
          if (w.status !== "Approved") return;
          expect(w.signatures, w.log.join("; ")).toContain("verify");
          if (permitFlow === "verify_and_approve") expect(w.signatures, w.log.join("; ")).toContain("approve");
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("never ends a permit by hand-back without the holder's close-out, nor without a signature", () => {
    fc.assert(
      fc.property(flow, fc.array(step, { maxLength: 40 }), (permitFlow, steps) => {
        walk(permitFlow, steps, (w, action, before) => {
          if (w.status !== "Ended") return;
          expect(action).toBe("handBack");
          expect(before.state.closedOut).toBe(true);
          expect(w.signatures).toContain("handBack");
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("never starts a suspended permit, and lifts a suspension only by a manager's signed resume", () => {
    fc.assert(
      fc.property(flow, fc.array(step, { maxLength: 40 }), (permitFlow, steps) => {
        const suspendedBefore: boolean[] = [];
        walk(permitFlow, steps, (w, action, before) => {
          suspendedBefore.push(before.state.suspended);
          if (action === "start") expect(before.state.suspended, w.log.join("; ")).toBe(false);
          if (before.state.suspended && !w.state.suspended) {
            expect(action).toBe("resume");
            expect(w.signatures.at(-1)).toBe("resume");
          }
          // A suspended permit never moves on to new work: its status stays, or it closes for good.
          if (before.state.suspended && w.status !== before.status) {
            expect(["accept", "cancel", "handBack"], w.log.join("; ")).toContain(action);
          }
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("never lets the holder resume their own suspended permit, whatever else they are", () => {
    fc.assert(
      fc.property(relation, fc.constantFrom(...LIVE_PERMIT_STATUSES), (r, status) => {
        if (!r.isCreator && !r.isCreatorsSupplier) return;
        expect(mayTake("resume", status, r, { closedOut: false, suspended: true })).toBe(false);
      }),
    );
  });

  it("never moves a permit into In_progress outside its window", () => {
    // The server refuses a window-gated action outside the window (takeAction): walk the table the same way, each
    // step at its own moment around a window of random length and grace. An action added to the table that
    // enters In_progress without being gated fails here.
    const startAt = new Date("2026-06-01T08:00:00Z");
    const minute = 60_000;
    const window = fc.record({
      lengthMinutes: fc.integer({ min: 1, max: 720 }),
      graceMinutes: fc.integer({ min: 0, max: 60 }),
    });
    const timedStep = fc.record({ pick: fc.nat(), relation, atMinute: fc.integer({ min: -240, max: 1200 }) });
    fc.assert(
      fc.property(flow, window, fc.array(timedStep, { maxLength: 40 }), (permitFlow, w, steps) => {
        const span = { startAt, endAt: new Date(startAt.getTime() + w.lengthMinutes * minute) };
        let status: TPermitStatus = "pending";
        let state: TPermitState = OPEN_PERMIT;
        for (const s of steps) {
          const now = new Date(startAt.getTime() + s.atMinute * minute);
          const action = allowedPick(status, state, s);
          if (action === null) continue;
          const inside = isInsideStartWindow(span, w.graceMinutes, now);
          if (WINDOW_GATED_ACTIONS.includes(action) && !inside) continue;
          const to = targetOf(action, permitFlow, status);
          if (to === "In_progress" && status !== "In_progress")
            expect({ action, inside }).toEqual({ action, inside: true });
          status = to;
          state = action === "send" ? OPEN_PERMIT : stateAfter(action, state);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("lets nobody accept a hand-back before the close-out", () => {
    const everyone: TPermitRelation = {
      isCreator: false,
      isCreatorsSupplier: true,
      isVerifier: true,
      isApprover: true,
      isPrincipalEditor: true,
      isItsVerifier: false,
    };
    expect(mayTake("handBack", "In_progress", everyone, OPEN_PERMIT)).toBe(false);
    expect(mayTake("handBack", "In_progress", everyone, { closedOut: true, suspended: false })).toBe(true);
  });
});
