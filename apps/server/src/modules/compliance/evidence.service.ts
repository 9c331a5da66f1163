import {
  evidenceDates,
  type TEvidence,
  type TEvidenceListQuery,
  type TEvidenceReviewInput,
  V,
  ZEvidenceFieldsSchema,
} from "@openpermit/shared";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { evidenceGiver, evidenceReader, evidenceReviewer, type TEvidenceReader } from "../../access/compliance";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import {
  affiliations,
  complianceEvidence,
  complianceRequirements,
  enterprises,
  files,
  suppliers,
  users,
} from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { found, notFound } from "../../lib/not-found";
import { parseFields } from "../../lib/parse-fields";
import type { TStoredUpload } from "../../lib/uploads";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { recordFile, removeStoredFiles } from "../files/files.service";
import { notifyEvidenceGiven, notifyEvidenceReviewed } from "../notifications/compliance-evidence";

/**
 * Compliance evidence (docs/safety.md, "Contractor compliance"): a contractor gives a company document or a
 * worker's certificate with its file; the enterprise or its SuperResponsibles accept it, or refuse it with a reason.
 * Accepted evidence counts until its last day (the gates read it through standing.ts). Never edited after review:
 * a renewal is new evidence, so what counted on a given day stays known.
 */

const invalid = (field: string, key: string) =>
  new AppError("VALIDATION_FAILED", "The evidence cannot be given as it is.", { [field]: key });

/** The enterprises a supplier may give evidence to: those it works for, and those it asked or was invited to. */
export const EVIDENCE_AFFILIATIONS = ["invited", "requested", "affiliated"] as const;

const submitter = alias(users, "submitter");
const reviewer = alias(users, "reviewer");
const worker = alias(users, "worker");

const evidenceColumns = {
  id: complianceEvidence.id,
  requirementId: complianceRequirements.id,
  requirementName: complianceRequirements.name,
  requirementKind: complianceRequirements.kind,
  minimumCover: complianceRequirements.minimumCover,
  enterpriseId: enterprises.id,
  enterpriseName: enterprises.name,
  supplierId: suppliers.id,
  supplierName: suppliers.name,
  workerId: worker.id,
  workerName: worker.name,
  issuer: complianceEvidence.issuer,
  reference: complianceEvidence.reference,
  coverAmount: complianceEvidence.coverAmount,
  validFrom: complianceEvidence.validFrom,
  validUntil: complianceEvidence.validUntil,
  status: complianceEvidence.status,
  refusalReason: complianceEvidence.refusalReason,
  submittedBy: submitter.name,
  submittedAt: complianceEvidence.submittedAt,
  reviewedBy: reviewer.name,
  reviewedAt: complianceEvidence.reviewedAt,
  fileId: files.id,
  fileSize: files.byteSize,
  fileType: files.contentType,
};

function evidenceQuery(db: TDb) {
  return db
    .select(evidenceColumns)
    .from(complianceEvidence)
    .innerJoin(complianceRequirements, eq(complianceRequirements.id, complianceEvidence.requirementId))
    .innerJoin(enterprises, eq(enterprises.id, complianceEvidence.enterpriseId))
    .leftJoin(suppliers, eq(suppliers.id, complianceEvidence.supplierId))
    .leftJoin(worker, eq(worker.id, complianceEvidence.workerId))
    .leftJoin(submitter, eq(submitter.id, complianceEvidence.submittedBy))
    .leftJoin(reviewer, eq(reviewer.id, complianceEvidence.reviewedBy))
    .leftJoin(files, eq(files.id, complianceEvidence.fileId))
    .$dynamic();
}

type TEvidenceRow = Awaited<ReturnType<ReturnType<typeof evidenceQuery>["execute"]>>[number];

const EXTENSIONS: Record<string, string> = { "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg" };

function toEvidence(row: TEvidenceRow): TEvidence {
  return {
    id: row.id,
    requirement: {
      id: row.requirementId,
      name: row.requirementName,
      kind: row.requirementKind,
      minimumCover: row.minimumCover,
    },
    enterprise: { id: row.enterpriseId, name: row.enterpriseName },
    supplier: row.supplierId ? { id: row.supplierId, name: row.supplierName! } : null,
    worker: row.workerId ? { id: row.workerId, name: row.workerName! } : null,
    issuer: row.issuer,
    reference: row.reference,
    coverAmount: row.coverAmount,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    status: row.status,
    refusalReason: row.refusalReason,
    submittedBy: row.submittedBy,
    submittedAt: row.submittedAt.toISOString(),
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    file: row.fileId
      ? {
          id: row.fileId,
          // The file's own name is not kept: it is named after what it proves.
          name: `${row.requirementName}.${EXTENSIONS[row.fileType!] ?? "bin"}`,
          size: Number(row.fileSize),
          type: row.fileType!,
        }
      : null,
  };
}

/** What the reader may see: its own company's evidence, or its enterprise's. */
const visibleTo = (reader: TEvidenceReader) =>
  reader.side === "supplier"
    ? eq(complianceEvidence.supplierId, reader.supplierId)
    : eq(complianceEvidence.enterpriseId, reader.enterpriseId);

async function visibleEvidence(db: TDb, reader: TEvidenceReader, id: string): Promise<TEvidence> {
  const [row] = await evidenceQuery(db).where(and(eq(complianceEvidence.id, id), visibleTo(reader)));
  return toEvidence(found(row, "evidence"));
}

/**
 * A Supplier gives evidence of one of an enterprise's enabled requirements (it works for it, or asked or was invited
 * to: its documents must be given before the affiliation is approved), with its file — a PDF or a scan, streamed to
 * the storage and typed by content by `receive`. A competence names one of the supplier's own active workers; a
 * document names none; an induction is recorded by the principal's staff, never given here. Its dates follow the
 * requirement's validity (`evidenceDates`). Pending until reviewed.
 */
export async function giveEvidence(
  ctx: TContext,
  caller: TCaller,
  receive: () => Promise<TStoredUpload>,
  now: Date,
): Promise<TEvidence> {
  const scope = await evidenceGiver(ctx, caller);
  const upload = await receive();
  try {
    const fields = parseFields(ZEvidenceFieldsSchema, upload.fields);
    const [requirement] = await ctx.db
      .select({
        id: complianceRequirements.id,
        name: complianceRequirements.name,
        kind: complianceRequirements.kind,
        enterpriseId: complianceRequirements.enterpriseId,
        validityDays: complianceRequirements.validityDays,
        minimumCover: complianceRequirements.minimumCover,
      })
      .from(complianceRequirements)
      .innerJoin(
        affiliations,
        and(
          eq(affiliations.enterpriseId, complianceRequirements.enterpriseId),
          eq(affiliations.supplierId, scope.supplierId),
          inArray(affiliations.status, [...EVIDENCE_AFFILIATIONS]),
        ),
      )
      .where(and(eq(complianceRequirements.id, fields.requirementId), isNull(complianceRequirements.disabledAt)));
    // Another enterprise's, a disabled one, or one of an enterprise it has nothing to do with: unknown here.
    if (!requirement) throw notFound("requirement");
    if (requirement.kind === "induction") throw invalid("requirementId", V.invalidValue);
    if (requirement.kind === "document" && fields.workerId) throw invalid("workerId", V.invalidValue);
    if (requirement.kind === "competence" && !fields.workerId) throw invalid("workerId", V.invalidValue);
    if (requirement.minimumCover !== null && fields.coverAmount === undefined) {
      throw invalid("coverAmount", V.invalidNumberFormat);
    }
    if (fields.workerId) {
      const [person] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, fields.workerId),
            eq(users.supplierId, scope.supplierId),
            inArray(users.role, ["Supplier", "Employee"]),
            eq(users.status, "active"),
          ),
        );
      if (!person) throw notFound("worker");
    }
    const dates = evidenceDates({
      validFrom: fields.validFrom,
      validUntil: fields.validUntil ?? null,
      validityDays: requirement.validityDays,
    });
    if (!dates.ok) throw invalid("validUntil", dates.error === "INVALID_DATE" ? V.dateOutOfRange : V.dateRangeOrder);
    const { id, told } = await inTransaction(ctx.pool, async (tx, client) => {
      const fileId = await recordFile(tx, {
        storageKey: upload.key,
        byteSize: upload.byteSize,
        sha256: upload.sha256,
        contentType: upload.contentType,
        createdBy: scope.userId,
        quotaBytes: ctx.config.storageQuotaBytes,
      });
      const [row] = await tx
        .insert(complianceEvidence)
        .values({
          enterpriseId: requirement.enterpriseId,
          requirementId: requirement.id,
          supplierId: scope.supplierId,
          workerId: fields.workerId ?? null,
          fileId,
          issuer: fields.issuer,
          reference: fields.reference,
          coverAmount: requirement.kind === "document" ? (fields.coverAmount ?? null) : null,
          validFrom: dates.validFrom,
          validUntil: dates.validUntil,
          submittedBy: scope.userId,
          submittedAt: now,
        })
        .returning({ id: complianceEvidence.id });
      await appendAudit(tx, {
        by: caller,
        action: "complianceEvidence.given",
        object: ["complianceEvidence", row!.id],
        enterpriseId: requirement.enterpriseId,
        details: { requirement: requirement.name, contractor: scope.supplierName, validUntil: dates.validUntil },
      });
      const told = await notifyEvidenceGiven(ctx, tx, client, {
        evidenceId: row!.id,
        actor: { id: caller.id, name: caller.name },
      });
      return { id: row!.id, told };
    });
    if (told > 0) ctx.jobs.wake();
    ctx.log.info({ event: "complianceEvidence.given", id, by: scope.userId }, "compliance evidence given");
    return visibleEvidence(ctx.db, { side: "supplier", supplierId: scope.supplierId }, id);
  } catch (error) {
    await removeStoredFiles(ctx, [upload.key]);
    throw error;
  }
}

/** One page of the evidence the caller may see: pending first, then the newest. */
export async function listEvidence(ctx: TContext, caller: TCaller, query: TEvidenceListQuery) {
  const reader = await evidenceReader(ctx, caller);
  const where = and(
    visibleTo(reader),
    query.status ? eq(complianceEvidence.status, query.status) : undefined,
    query.supplierId ? eq(complianceEvidence.supplierId, query.supplierId) : undefined,
    query.workerId ? eq(complianceEvidence.workerId, query.workerId) : undefined,
    query.requirementId ? eq(complianceEvidence.requirementId, query.requirementId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    evidenceQuery(ctx.db)
      .where(where)
      .orderBy(sql`(${complianceEvidence.status} = 'pending') DESC`, desc(complianceEvidence.submittedAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(complianceEvidence).where(where),
  ]);
  return { data: rows.map(toEvidence), page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
}

/** The evidence's file, for whoever may see the evidence (404 otherwise, and when it has none). */
export async function openEvidenceFile(ctx: TContext, caller: TCaller, id: string) {
  const reader = await evidenceReader(ctx, caller);
  const [row] = await ctx.db
    .select({
      storageKey: files.storageKey,
      contentType: files.contentType,
      byteSize: files.byteSize,
      name: complianceRequirements.name,
    })
    .from(complianceEvidence)
    .innerJoin(files, eq(files.id, complianceEvidence.fileId))
    .innerJoin(complianceRequirements, eq(complianceRequirements.id, complianceEvidence.requirementId))
    .where(and(eq(complianceEvidence.id, id), visibleTo(reader)));
  const file = found(row, "evidence");
  return { ...file, name: `${file.name}.${EXTENSIONS[file.contentType] ?? "bin"}` };
}

/**
 * Accepts, or refuses with a reason, evidence waiting for review. Only pending evidence: of two reviewers at once,
 * the UPDATE that still finds it pending wins and the other is 409. A document whose stated cover is below the
 * requirement's minimum cannot be accepted (409 COVER_TOO_LOW): it would let an under-insured contractor on site.
 */
export async function reviewEvidence(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: TEvidenceReviewInput,
  now: Date,
): Promise<TEvidence> {
  const scope = await evidenceReviewer(ctx, caller);
  const reader = { side: "principal" as const, enterpriseId: scope.enterpriseId };
  const before = await visibleEvidence(ctx.db, reader, id);
  if (before.status !== "pending") throw new AppError("CONFLICT", "This evidence was already reviewed.");
  const minimum = before.requirement.minimumCover;
  if (input.decision === "accept" && minimum !== null && (before.coverAmount ?? 0) < minimum) {
    throw new AppError("COVER_TOO_LOW", "The cover this document states is below the required minimum.", undefined, {
      details: { minimumCover: minimum, coverAmount: before.coverAmount ?? 0 },
    });
  }
  const told = await inTransaction(ctx.pool, async (tx, client) => {
    const changed = await tx
      .update(complianceEvidence)
      .set({
        status: input.decision === "accept" ? "accepted" : "refused",
        refusalReason: input.decision === "refuse" ? input.reason : null,
        reviewedBy: scope.userId,
        reviewedAt: now,
      })
      .where(and(eq(complianceEvidence.id, id), eq(complianceEvidence.status, "pending")))
      .returning({ id: complianceEvidence.id });
    if (changed.length === 0) throw new AppError("CONFLICT", "This evidence was already reviewed.");
    await appendAudit(tx, {
      by: caller,
      action: input.decision === "accept" ? "complianceEvidence.accepted" : "complianceEvidence.refused",
      object: ["complianceEvidence", id],
      enterpriseId: scope.enterpriseId,
      details: {
        requirement: before.requirement.name,
        contractor: before.supplier?.name ?? null,
        worker: before.worker?.name ?? null,
        ...(input.decision === "refuse" ? { reason: input.reason } : {}),
      },
    });
    return notifyEvidenceReviewed(ctx, tx, client, { evidenceId: id, actor: { id: caller.id, name: caller.name } });
  });
  if (told > 0) ctx.jobs.wake();
  return visibleEvidence(ctx.db, reader, id);
}

/** The supplier takes back evidence still waiting for review (its file goes with it); reviewed evidence stays. */
export async function withdrawEvidence(ctx: TContext, caller: TCaller, id: string): Promise<void> {
  const scope = await evidenceGiver(ctx, caller);
  const reader = { side: "supplier" as const, supplierId: scope.supplierId };
  const before = await visibleEvidence(ctx.db, reader, id);
  const keys = await inTransaction(ctx.pool, async (tx) => {
    const removed = await tx
      .delete(complianceEvidence)
      .where(and(eq(complianceEvidence.id, id), eq(complianceEvidence.status, "pending")))
      .returning({ fileId: complianceEvidence.fileId });
    if (removed.length === 0) throw new AppError("CONFLICT", "Reviewed evidence is kept: it cannot be withdrawn.");
    const fileId = removed[0]!.fileId;
    const gone = fileId
      ? await tx.delete(files).where(eq(files.id, fileId)).returning({ storageKey: files.storageKey })
      : [];
    await appendAudit(tx, {
      by: caller,
      action: "complianceEvidence.withdrawn",
      object: ["complianceEvidence", id],
      enterpriseId: before.enterprise.id,
      details: { requirement: before.requirement.name, contractor: scope.supplierName },
    });
    return gone.map((f) => f.storageKey);
  });
  await removeStoredFiles(ctx, keys);
}
