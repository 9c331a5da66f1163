import {
  mayTake,
  NO_RELATION,
  OPEN_PERMIT,
  PERMIT_ACTIONS,
  PERMIT_STATUSES,
  PERMIT_TRANSITIONS,
  type TPermitAction,
  type TPermitRelation,
  type TPermitStatus,
  targetOf,
} from "@openpermit/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postAcknowledging } from "./helpers/clash-acknowledging";
import type { TPerson } from "./helpers/factories";
import { post } from "./helpers/http";
import {
  actionBody,
  clonePermit,
  completeDraft,
  createPermitWorld,
  statusOf,
  type TPermitWorld,
  tokenFor,
} from "./helpers/permits";
import { createTestApp, type TTestApp } from "./helpers/test-app";

/**
 * The permit life cycle (docs/domain.md, Permit life cycle) through the HTTP layer: every status × action × person. Each person's relation to the permit
 * is written here by hand (who they are to an employee's permit), and the table's mayTake says what must pass.
 */
let t: TTestApp;
let w: TPermitWorld;
let template: string;

/** Statuses a verifier has already acted on: its verification is recorded on the permit. */
const VERIFIED: readonly TPermitStatus[] = ["Confirmed", "Approved", "accepted", "In_progress", "Ended"];

interface TWalker {
  name: string;
  person: () => TPerson;
  /** null: the permit is invisible to them (404); "policy": refused before any permit is read (403). */
  relation: ((status: TPermitStatus) => TPermitRelation | null) | null | "policy";
}

/** The enterprise or the division's SuperResponsible. Nobody on the principal's side sees a never-sent draft. */
const principalEditor = (status: TPermitStatus) =>
  status === "pending" ? null : { ...NO_RELATION, isPrincipalEditor: true };

const WALKERS: TWalker[] = [
  { name: "creator (employee)", person: () => w.employee, relation: () => ({ ...NO_RELATION, isCreator: true }) },
  {
    name: "creator's supplier",
    person: () => w.supplierUser,
    relation: () => ({ ...NO_RELATION, isCreatorsSupplier: true }),
  },
  { name: "another supplier", person: () => w.otherSupplier.supplierUser, relation: null },
  {
    name: "the sector's Verifier",
    person: () => w.verifier,
    relation: (status) =>
      status === "pending" ? null : { ...NO_RELATION, isVerifier: true, isItsVerifier: VERIFIED.includes(status) },
  },
  {
    name: "the sector's Approver",
    person: () => w.approver,
    relation: (status) => (status === "pending" ? null : { ...NO_RELATION, isApprover: true }),
  },
  { name: "another division's manager", person: () => w.otherDivisionResponsible, relation: null },
  { name: "the enterprise", person: () => w.enterpriseUser, relation: principalEditor },
  { name: "the division's SuperResponsible", person: () => w.superResponsible, relation: principalEditor },
  { name: "the admin", person: () => w.admin, relation: "policy" },
];

beforeAll(async () => {
  t = await createTestApp();
  w = await createPermitWorld(t.ctx, { credits: 1000 });
  const created = await post(t.app, "/api/permits", completeDraft(w), { token: await tokenFor(t.ctx, w.employee) });
  expect(created.statusCode, created.body).toBe(201);
  template = created.json().data.id;
});
afterAll(async () => t.close());

/** What the server must answer when the table refuses: 409 if the person could from another status, else 403. */
function refusal(action: TPermitAction, relation: TPermitRelation): number {
  const transition = PERMIT_TRANSITIONS[action];
  return transition.from.some((s) => transition.allowed(relation, s)) ? 409 : 403;
}

describe("the permit life cycle through the API", () => {
  for (const walker of WALKERS) {
    it(`allows ${walker.name} exactly what the table allows`, async () => {
      const token = await tokenFor(t.ctx, walker.person());
      const outcomes: string[] = [];
      let allowedCount = 0;
      for (const status of PERMIT_STATUSES) {
        for (const action of PERMIT_ACTIONS) {
          const verifiedBy = VERIFIED.includes(status) ? w.verifier.id : null;
          const id = await clonePermit(t.ctx, template, status, { verifiedBy });
          // Every clone shares the template's place and window: the harness acknowledges their clashes.
          const response = await postAcknowledging(
            t.app,
            `/api/permits/${id}/${action}`,
            actionBody(action, { remark: "Checked on site" }),
            { token },
          );
          const relation = typeof walker.relation === "function" ? walker.relation(status) : walker.relation;
          let expected: number;
          let expectedStatus: TPermitStatus = status;
          if (relation === "policy") expected = 403;
          else if (relation === null) expected = 404;
          else if (mayTake(action, status, relation, OPEN_PERMIT)) {
            expected = 200;
            expectedStatus = targetOf(action, "verify_and_approve", status);
            allowedCount += 1;
          } else expected = refusal(action, relation);
          const got = `${status} ${action} → ${response.statusCode}`;
          outcomes.push(
            got === `${status} ${action} → ${expected}` ? "ok" : `${got} (expected ${expected}) ${response.body}`,
          );
          expect(await statusOf(t.ctx, id)).toBe(expectedStatus);
        }
      }
      expect(outcomes.filter((o) => o !== "ok")).toEqual([]);
      // The walk is not vacuous: the creator's side and the managers each have something they may do.
      if (typeof walker.relation === "function") expect(allowedCount).toBeGreaterThan(0);
    }, 120_000);
  }
});
