import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TContext } from "../context";
import { inTransaction, type TDb } from "../db/client";
import { complianceEvidence, complianceRequirements, users, workTypeRequirements, workTypes } from "../db/schema";
import { DEMO_CONTRACTORS } from "./contractors";
import { DEMO_PERMIT_PEOPLE } from "./permits";

type TKind = "document" | "competence" | "induction";

/**
 * The demo enterprise's compliance requirements (docs/safety.md, "Contractor compliance"): two company documents,
 * four competences, and its site induction. Found or created by lower(name), so another part of the demo naming
 * "Site induction" finds the same one.
 *
 * Hot work needs hot-work training of every crew member, so the crew gates act on the demo site: a worker without an
 * accepted certificate is not signed on to hot work, nor does hot work start (the demo's live crews hold it). Nothing
 * is required of every contractor or worker (`requiredOfAll`): a visitor trying the demo could not affiliate a new
 * contractor, nor sign on a new worker to any work, before giving and reviewing that evidence; the gates for those are
 * proven by the server's tests (compliance-gates.test.ts). The evidence below shows every standing.
 */
export const DEMO_REQUIREMENTS: {
  name: string;
  kind: TKind;
  validityDays: number | null;
  minimumCover?: number;
  requiredOfAll?: boolean;
  description: string;
}[] = [
  {
    name: "Liability insurance",
    kind: "document",
    validityDays: 365,
    minimumCover: 5_000_000,
    description: "Civil liability insurance certificate, at least 5 000 000 of cover.",
  },
  {
    name: "Safety certificate",
    kind: "document",
    validityDays: 1095,
    description: "Safety management certification (MASE, VCA or equivalent).",
  },
  { name: "Hot-work training", kind: "competence", validityDays: 1095, description: "Fire watch and hot-work rules." },
  { name: "Confined-space entry", kind: "competence", validityDays: 730, description: "Entrant and attendant." },
  { name: "Working at height", kind: "competence", validityDays: 1095, description: "Harness and rescue plan." },
  { name: "First aid", kind: "competence", validityDays: 730, description: "Workplace first aider." },
  {
    name: "Site induction",
    kind: "induction",
    validityDays: 365,
    description: "The refinery's safety induction, renewed every year.",
  },
];

/** The demo's work types and the worker requirements they need of every crew member. */
export const DEMO_WORK_TYPE_REQUIREMENTS: [workType: string, requirement: string][] = [
  ["Hot work", "Hot-work training"],
];

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** One piece of demo evidence: its holder (a supplier's company, or a person by e-mail) and where it stands. */
type TDemoEvidence = {
  requirement: string;
  company?: string;
  person?: string;
  state: "valid" | "expiring" | "expired" | "refused" | "pending";
  coverAmount?: number;
};

const ACME = "supplier@demo.openpermit.test";
const ERIK = DEMO_CONTRACTORS.borealis.employee.email.toLowerCase();
/** The people on the demo's live crews hold what their permits need (site induction, hot-work training). */
const CREW = [
  DEMO_PERMIT_PEOPLE.employee,
  DEMO_PERMIT_PEOPLE.welder,
  DEMO_PERMIT_PEOPLE.supplier,
  DEMO_PERMIT_PEOPLE.siteManager,
];

/**
 * Evidence in every state: Acme's documents valid and expiring (its live permits stay valid), Borealis's
 * insurance refused and its certificate pending, Coastal's insurance expired and its certificate missing; a few
 * workers' competences pending, refused, expired or expiring.
 */
export const DEMO_EVIDENCE: TDemoEvidence[] = [
  ...CREW.flatMap((person): TDemoEvidence[] => [
    { requirement: "Site induction", person, state: "valid" },
    { requirement: "Hot-work training", person, state: "valid" },
  ]),
  { requirement: "Liability insurance", company: ACME, state: "valid", coverAmount: 10_000_000 },
  { requirement: "Safety certificate", company: ACME, state: "expiring" },
  {
    requirement: "Liability insurance",
    company: DEMO_CONTRACTORS.borealis.supplier.email,
    state: "refused",
    coverAmount: 2_000_000,
  },
  { requirement: "Safety certificate", company: DEMO_CONTRACTORS.borealis.supplier.email, state: "pending" },
  {
    requirement: "Liability insurance",
    company: DEMO_CONTRACTORS.coastal.supplier.email,
    state: "expired",
    coverAmount: 6_000_000,
  },
  { requirement: "Working at height", person: ERIK, state: "pending" },
  { requirement: "First aid", person: ERIK, state: "refused" },
  { requirement: "Confined-space entry", person: DEMO_PERMIT_PEOPLE.welder, state: "expired" },
  { requirement: "First aid", person: DEMO_PERMIT_PEOPLE.employee, state: "expiring" },
];

/** The dates and review of a demo item in `state`, today. */
function datesOf(state: TDemoEvidence["state"], validityDays: number | null) {
  const reviewed = { reviewedAt: new Date(Date.now() - 20 * DAY) };
  const lasting = (from: number) => ({
    validFrom: day(from),
    validUntil: validityDays ? day(from + validityDays) : null,
  });
  switch (state) {
    case "valid":
      return { ...lasting(-30), status: "accepted" as const, ...reviewed };
    case "expiring":
      return { validFrom: day(-360), validUntil: day(5), status: "accepted" as const, ...reviewed };
    case "expired":
      return { validFrom: day(-400), validUntil: day(-10), status: "accepted" as const, ...reviewed };
    case "refused":
      return {
        ...lasting(-5),
        status: "refused" as const,
        ...reviewed,
        refusalReason: "The certificate is not legible: upload a clear scan.",
      };
    case "pending":
      return { ...lasting(-2), status: "pending" as const };
  }
}

/** Finds or creates each requirement by lower(name); their ids by name. */
async function requirementIds(
  tx: TDb,
  enterpriseId: string,
): Promise<Map<string, { id: string; validityDays: number | null }>> {
  for (const { minimumCover, ...requirement } of DEMO_REQUIREMENTS) {
    await tx
      .insert(complianceRequirements)
      .values({ ...requirement, minimumCover: minimumCover ?? null, enterpriseId })
      .onConflictDoNothing();
  }
  const rows = await tx
    .select({
      id: complianceRequirements.id,
      name: complianceRequirements.name,
      validityDays: complianceRequirements.validityDays,
    })
    .from(complianceRequirements)
    .where(eq(complianceRequirements.enterpriseId, enterpriseId));
  return new Map(rows.map((row) => [row.name.toLowerCase(), row]));
}

/**
 * The demo's requirements, the hot-work work type's need, and the evidence above; evidence only once (a second
 * run, or a demo whose people changed their evidence, keeps what is there).
 */
export async function seedCompliance(ctx: TContext, enterpriseId: string): Promise<void> {
  await inTransaction(ctx.pool, async (tx) => {
    const ids = await requirementIds(tx, enterpriseId);
    const types = await tx
      .select({ id: workTypes.id, name: workTypes.name })
      .from(workTypes)
      .where(and(eq(workTypes.enterpriseId, enterpriseId), isNull(workTypes.deletedAt)));
    const links = DEMO_WORK_TYPE_REQUIREMENTS.flatMap(([type, requirement]) => {
      const workTypeId = types.find((w) => w.name === type)?.id;
      const requirementId = ids.get(requirement.toLowerCase())?.id;
      return workTypeId && requirementId ? [{ workTypeId, requirementId, rule: "every_worker" as const }] : [];
    });
    if (links.length > 0) await tx.insert(workTypeRequirements).values(links).onConflictDoNothing();

    const [given] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(complianceEvidence)
      .where(eq(complianceEvidence.enterpriseId, enterpriseId));
    if ((given?.n ?? 0) > 0) return;
    const emails = [...new Set(DEMO_EVIDENCE.map((e) => e.company ?? e.person!))];
    const people = await tx
      .select({ id: users.id, email: sql<string>`lower(${users.email})`, supplierId: users.supplierId })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails));
    const who = new Map(people.map((p) => [p.email, p]));
    const values = DEMO_EVIDENCE.flatMap((item) => {
      const requirement = ids.get(item.requirement.toLowerCase());
      const holder = who.get(item.company ?? item.person!);
      if (!requirement || !holder) return [];
      const subject = item.company
        ? { supplierId: holder.supplierId }
        : { workerId: holder.id, supplierId: holder.supplierId };
      if (item.company && !holder.supplierId) return [];
      return [
        {
          enterpriseId,
          requirementId: requirement.id,
          ...subject,
          issuer: item.company ? "Mutual Assurance Co." : "Refinery Training Centre",
          reference: `DEMO-${item.requirement.slice(0, 3).toUpperCase()}-${holder.id.slice(0, 4)}`,
          coverAmount: item.coverAmount ?? null,
          submittedBy: holder.id,
          submittedAt: new Date(Date.now() - 25 * DAY),
          ...datesOf(item.state, requirement.validityDays),
        },
      ];
    });
    if (values.length > 0) await tx.insert(complianceEvidence).values(values);
  });
}
