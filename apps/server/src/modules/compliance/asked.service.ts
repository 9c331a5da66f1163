import type { TAskedRequirement } from "@openpermit/shared";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { askedRequirementsReader } from "../../access/compliance";
import type { TContext } from "../../context";
import { affiliations, complianceRequirements, enterprises } from "../../db/schema";
import type { TCaller } from "../../plugins/auth";
import { EVIDENCE_AFFILIATIONS } from "./evidence.service";

/**
 * What the supplier's principals ask it to give evidence of (docs/safety.md, "Contractor compliance"): the enabled
 * documents and competences of every enterprise it works for, asked or was invited to — the same enterprises
 * `giveEvidence` takes evidence for. Inductions are the principal's staff's to record: never listed here. One query.
 */
export async function listAskedRequirements(ctx: TContext, caller: TCaller): Promise<TAskedRequirement[]> {
  const scope = await askedRequirementsReader(ctx, caller);
  const r = complianceRequirements;
  const rows = await ctx.db
    .select({
      id: r.id,
      kind: r.kind,
      name: r.name,
      description: r.description,
      minimumCover: r.minimumCover,
      validityDays: r.validityDays,
      enterpriseId: enterprises.id,
      enterpriseName: enterprises.name,
    })
    .from(r)
    .innerJoin(enterprises, eq(enterprises.id, r.enterpriseId))
    .innerJoin(
      affiliations,
      and(
        eq(affiliations.enterpriseId, r.enterpriseId),
        eq(affiliations.supplierId, scope.supplierId),
        inArray(affiliations.status, [...EVIDENCE_AFFILIATIONS]),
      ),
    )
    .where(and(isNull(r.disabledAt), inArray(r.kind, ["document", "competence"])))
    .orderBy(asc(sql`lower(${enterprises.name})`), asc(enterprises.id), asc(r.kind), asc(sql`lower(${r.name})`));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    minimumCover: row.minimumCover,
    expires: row.validityDays !== null,
    validityDays: row.validityDays,
    enterprise: { id: row.enterpriseId, name: row.enterpriseName },
  }));
}
