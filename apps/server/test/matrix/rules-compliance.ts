import { randomBytes } from "node:crypto";
import { complianceRequirements } from "../../src/db/schema";
import { upload } from "../helpers/http";
import { tokenOf } from "../helpers/organisation";
import type { TFixture, TScope } from "./fixture";
import { PDF_FILE } from "./fixture-files";
import { ownOnly, sideOf, type TRule, type TRuleTable } from "./rule";

/**
 * Compliance requirements (access/compliance.ts): read by the enterprise and its SuperResponsibles, set by the
 * Enterprise account alone; another tenant's are invisible (404).
 */
const unique = () => randomBytes(4).toString("hex");
const body = () => ({ kind: "competence", name: `C-${unique()}` });

/** A requirement of the scope's enterprise, made for one case (a delete takes its own). */
async function freshRequirement(f: TFixture, s: TScope) {
  const [row] = await f.t.ctx.db
    .insert(complianceRequirements)
    .values({ enterpriseId: sideOf(f, s).world.enterprise.id, kind: "competence", name: `C-${unique()}` })
    .returning({ id: complianceRequirements.id });
  return row!.id;
}
const onRequirement = (withBody: boolean): TRule => ({
  scopes: { own: "all", otherTenant: [] },
  target: async (f, s) => ({ params: { id: await freshRequirement(f, s) }, body: withBody ? body() : undefined }),
});

/** The scope's demo work type (what its crews need: read, or set to nothing). */
const onWorkType = (withBody: boolean): TRule => ({
  scopes: { own: "all", otherTenant: [] },
  target: (f, s) => ({
    params: { id: sideOf(f, s).world.workType.id },
    body: withBody ? { requirements: [] } : undefined,
  }),
});

/** An induction of the scope's enterprise, recorded for a worker of its contractor (each case its own). */
async function inductionOf(f: TFixture, s: TScope) {
  const { world } = sideOf(f, s);
  const [row] = await f.t.ctx.db
    .insert(complianceRequirements)
    .values({ enterpriseId: world.enterprise.id, kind: "induction", name: `I-${unique()}`, validityDays: 365 })
    .returning({ id: complianceRequirements.id });
  return { requirementId: row!.id, workerId: world.employee.id, inductedOn: "2026-01-10" };
}

/** A document requirement of the scope's enterprise and the form that gives evidence of it (each case its own). */
async function evidenceForm(f: TFixture, s: TScope) {
  const { world } = sideOf(f, s);
  const [row] = await f.t.ctx.db
    .insert(complianceRequirements)
    .values({ enterpriseId: world.enterprise.id, kind: "document", name: `D-${unique()}`, validityDays: 365 })
    .returning({ id: complianceRequirements.id });
  return { requirementId: row!.id, issuer: "Mutual Assurance", validFrom: "2026-01-01" };
}

/** Evidence the scope's supplier gave through the API, pending, with its file (each case its own). */
async function givenEvidence(f: TFixture, s: TScope) {
  const { world } = sideOf(f, s);
  const token = await tokenOf(f.t.ctx, world.supplierUser);
  const given = await upload(
    f.t.app,
    "POST",
    "/api/compliance/evidence",
    "file",
    PDF_FILE(),
    { token },
    {
      ...(await evidenceForm(f, s)),
    },
  );
  if (given.statusCode !== 201) throw new Error(`evidence not given: ${given.body}`);
  return given.json().data.id as string;
}
const onEvidence = (body?: unknown): TRule => ({
  scopes: { own: "all", otherTenant: [] },
  target: async (f, s) => ({ params: { id: await givenEvidence(f, s) }, body }),
});

export const COMPLIANCE_RULES: TRuleTable = {
  "GET /api/compliance/requirements": ownOnly(),
  "POST /api/compliance/requirements": ownOnly(() => ({ body: body() })),
  "PUT /api/compliance/requirements/:id": onRequirement(true),
  "DELETE /api/compliance/requirements/:id": onRequirement(false),
  "GET /api/compliance/reminders": ownOnly(),
  "PUT /api/compliance/reminders": ownOnly(() => ({ body: { first: 30, second: 7 } })),
  "GET /api/work-types/:id/compliance": onWorkType(false),
  "PUT /api/work-types/:id/compliance": onWorkType(true),
  "GET /api/compliance/overview": ownOnly(),
  "GET /api/compliance/overview/export": ownOnly(() => ({ query: { format: "csv" } })),
  // The other tenant's requirement and worker: invisible (404).
  "POST /api/compliance/inductions": {
    scopes: { own: "all", otherTenant: [] },
    target: async (f, s) => ({ body: await inductionOf(f, s) }),
  },
  // Evidence: given by the Supplier to its enterprises only; read by it and the reviewers; another tenant's: 404.
  "POST /api/compliance/evidence": {
    scopes: { own: "all", otherTenant: [] },
    target: async (f, s) => ({ file: { field: "file", part: PDF_FILE(), fields: await evidenceForm(f, s) } }),
  },
  "GET /api/compliance/evidence": ownOnly(),
  // What its enterprises ask of the supplier: its own links only (a list: nothing of another tenant to name).
  "GET /api/compliance/requirements/asked": ownOnly(),
  "GET /api/compliance/evidence/:id/file": onEvidence(),
  "POST /api/compliance/evidence/:id/review": onEvidence({ decision: "accept" }),
  "DELETE /api/compliance/evidence/:id": onEvidence(),
};
