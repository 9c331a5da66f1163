import { describe, expect, it } from "vitest";
import {
  mayRerate,
  NO_RELATION,
  OPEN_PERMIT,
  PERMIT_ACTIONS,
  PERMIT_STATUSES,
  permitActions,
  type TPermitAction,
  type TPermitRelation,
  type TPermitStatus,
  targetOf,
} from "./workflow";

const persona = (flags: Partial<TPermitRelation>): TPermitRelation => ({ ...NO_RELATION, ...flags });

/** The people of docs/domain.md, Permit life cycle, as the server will describe them. */
const PEOPLE = {
  creator: persona({ isCreator: true }),
  creatorsSupplier: persona({ isCreatorsSupplier: true }),
  verifier: persona({ isVerifier: true }),
  approver: persona({ isApprover: true }),
  /** Verifier and Approver of the sector, who has not verified this permit. */
  both: persona({ isVerifier: true, isApprover: true }),
  /** Verifier and Approver of the sector, who verified this permit. */
  bothWhoVerified: persona({ isVerifier: true, isApprover: true, isItsVerifier: true }),
  /** A manager who created an internal permit in a sector where they verify and approve. */
  creatorManager: persona({ isCreator: true, isVerifier: true, isApprover: true }),
  principalEditor: persona({ isPrincipalEditor: true }),
  outsider: NO_RELATION,
} as const;
type TPerson = keyof typeof PEOPLE;

/**
 * What each person may do in each status, written out by hand from docs/domain.md, Permit life cycle (not derived from the
 * table under test, so a wrong table fails here).
 */
const EXPECTED: Record<TPermitStatus, Partial<Record<TPerson, TPermitAction[]>>> = {
  pending: {
    creator: ["send", "cancel"],
    creatorsSupplier: ["send", "cancel"],
    creatorManager: ["send", "cancel"],
    // A never-sent draft is its author's alone: the principal's editors neither see nor cancel it.
  },
  Recheck: {
    creator: ["send", "cancel"],
    creatorsSupplier: ["send", "cancel"],
    creatorManager: ["send", "cancel"],
    principalEditor: ["cancel"],
  },
  sended: {
    creator: ["cancel"],
    creatorsSupplier: ["cancel"],
    verifier: ["verify", "recheck", "reject"],
    both: ["verify", "recheck", "reject"],
    bothWhoVerified: ["verify", "recheck", "reject"],
    creatorManager: ["cancel"],
    principalEditor: ["cancel"],
  },
  Confirmed: {
    creator: ["cancel"],
    creatorsSupplier: ["cancel"],
    approver: ["recheck", "reject", "approve"],
    both: ["recheck", "reject", "approve"],
    creatorManager: ["cancel"],
    principalEditor: ["cancel"],
  },
  Approved: {
    creator: ["accept", "cancel"],
    creatorsSupplier: ["accept", "cancel"],
    creatorManager: ["accept", "cancel"],
    principalEditor: ["cancel"],
  },
  accepted: {
    creator: ["start", "cancel"],
    creatorsSupplier: ["start", "cancel"],
    verifier: ["start"],
    approver: ["start"],
    both: ["start"],
    bothWhoVerified: ["start"],
    creatorManager: ["start", "cancel"],
    principalEditor: ["cancel"],
  },
  // Before the close-out: only the permit holder closes out (the managers accept the hand-back afterwards); the
  // holder and every manager of the area may stop the work.
  In_progress: {
    creator: ["end", "suspend", "cancel"],
    creatorsSupplier: ["end", "suspend", "cancel"],
    verifier: ["suspend"],
    approver: ["suspend"],
    both: ["suspend"],
    bothWhoVerified: ["suspend"],
    creatorManager: ["end", "suspend", "cancel"],
    principalEditor: ["suspend", "cancel"],
  },
  Ended: {},
  Canceled: {},
  Failed: {},
};

describe("the permit workflow table", () => {
  for (const status of PERMIT_STATUSES) {
    for (const person of Object.keys(PEOPLE) as TPerson[]) {
      it(`${person} in ${status} may do exactly ${(EXPECTED[status][person] ?? []).join(", ") || "nothing"}`, () => {
        expect(permitActions(status, PEOPLE[person], OPEN_PERMIT)).toEqual(EXPECTED[status][person] ?? []);
      });
    }
  }

  /** Awaiting hand-back: a manager of the sector other than the creator accepts it (its verifier may). */
  const AWAITING_HAND_BACK: Partial<Record<TPerson, TPermitAction[]>> = {
    creator: ["cancel"],
    creatorsSupplier: ["cancel"],
    verifier: ["handBack"],
    approver: ["handBack"],
    both: ["handBack"],
    bothWhoVerified: ["handBack"],
    creatorManager: ["cancel"],
    principalEditor: ["cancel"],
  };
  for (const person of Object.keys(PEOPLE) as TPerson[]) {
    it(`${person} on a closed-out permit may do exactly ${(AWAITING_HAND_BACK[person] ?? []).join(", ") || "nothing"}`, () => {
      expect(permitActions("In_progress", PEOPLE[person], { closedOut: true, suspended: false })).toEqual(
        AWAITING_HAND_BACK[person] ?? [],
      );
    });
  }

  it("lets a verifier of a verify-only level approve by verifying", () => {
    expect(targetOf("verify", "verify", "sended")).toBe("Approved");
    expect(targetOf("verify", "verify_and_approve", "sended")).toBe("Confirmed");
  });

  it("leads every other action to the same status whatever the flow", () => {
    const targets = Object.fromEntries(
      PERMIT_ACTIONS.filter((a) => a !== "verify").map((a) => [a, targetOf(a, "verify_and_approve", "accepted")]),
    );
    expect(targets).toEqual({
      send: "sended",
      recheck: "Recheck",
      reject: "Failed",
      approve: "Approved",
      accept: "accepted",
      start: "In_progress",
      end: "In_progress",
      handBack: "Ended",
      // A flag moves, the status stays where it was.
      suspend: "accepted",
      resume: "accepted",
      cancel: "Canceled",
    });
    for (const action of PERMIT_ACTIONS.filter((a) => a !== "verify")) {
      expect(targetOf(action, "verify", "accepted")).toBe(targets[action]);
    }
  });

  /**
   * Suspended (by a person or an emergency stop): nobody starts it; a manager who did not create it resumes it
   * (a signature), never the holder; the holder may still close out an in-progress one; cancel stays possible.
   */
  const SUSPENDED: Partial<Record<TPermitStatus, Partial<Record<TPerson, TPermitAction[]>>>> = {
    Approved: {
      creator: ["accept", "cancel"],
      creatorsSupplier: ["accept", "cancel"],
      verifier: ["resume"],
      approver: ["resume"],
      both: ["resume"],
      bothWhoVerified: ["resume"],
      creatorManager: ["accept", "cancel"],
      principalEditor: ["resume", "cancel"],
    },
    accepted: {
      creator: ["cancel"],
      creatorsSupplier: ["cancel"],
      verifier: ["resume"],
      approver: ["resume"],
      both: ["resume"],
      bothWhoVerified: ["resume"],
      creatorManager: ["cancel"],
      principalEditor: ["resume", "cancel"],
    },
    In_progress: {
      creator: ["end", "cancel"],
      creatorsSupplier: ["end", "cancel"],
      verifier: ["resume"],
      approver: ["resume"],
      both: ["resume"],
      bothWhoVerified: ["resume"],
      creatorManager: ["end", "cancel"],
      principalEditor: ["resume", "cancel"],
    },
  };
  for (const [status, expected] of Object.entries(SUSPENDED) as [
    TPermitStatus,
    Partial<Record<TPerson, TPermitAction[]>>,
  ][]) {
    for (const person of Object.keys(PEOPLE) as TPerson[]) {
      it(`${person} on a suspended ${status} permit may do exactly ${(expected[person] ?? []).join(", ") || "nothing"}`, () => {
        expect(permitActions(status, PEOPLE[person], { closedOut: false, suspended: true })).toEqual(
          expected[person] ?? [],
        );
      });
    }
  }
});

describe("re-rating", () => {
  it("is for a verifier of the sector, never the permit's creator, and only while it waits for verification", () => {
    for (const status of PERMIT_STATUSES) {
      expect(mayRerate(status, PEOPLE.verifier), status).toBe(status === "sended");
      // The same people as verify, from the same status.
      for (const person of Object.keys(PEOPLE) as TPerson[]) {
        expect(mayRerate(status, PEOPLE[person]), `${person} in ${status}`).toBe(
          status === "sended" && permitActions(status, PEOPLE[person], OPEN_PERMIT).includes("verify"),
        );
      }
    }
    expect(mayRerate("sended", persona({ isVerifier: true, isCreator: true }))).toBe(false);
  });
});
