import { meetsRequirement, type TPublicWorkerCard, type TWorkerCard, workerCardCheckPath } from "@openpermit/shared";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { cardIssuerOf, cardReaderOf, type TCardWorker } from "../../access/worker-cards";
import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { affiliations, enterprises, suppliers, users, workerCards } from "../../db/schema";
import { randomToken } from "../../lib/crypto";
import { notFound } from "../../lib/not-found";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { requirementsOf, workerStandings } from "../compliance/standing";

/**
 * The worker's card (docs/decisions.md, "The worker's card"): for each enterprise, the worker's competences and
 * inductions as `standingOf` decides them, and cleared when every one required of every crew member is met.
 */
async function enterpriseLines(ctx: TContext, workerId: string, enterprise: { id: string; name: string }, now: Date) {
  const requirements = await requirementsOf(ctx.db, enterprise.id, ["competence", "induction"]);
  const lines = (await workerStandings(ctx.db, enterprise.id, [workerId], requirements, now)).get(workerId) ?? [];
  const requiredOfAll = new Set(requirements.filter((r) => r.requiredOfAll).map((r) => r.id));
  const cardLines = lines.map((l) => ({
    requirementName: l.requirementName,
    kind: l.kind,
    standing: l.standing,
    validUntil: l.validUntil,
    requiredOfAll: requiredOfAll.has(l.requirementId),
  }));
  return {
    enterpriseId: enterprise.id,
    enterpriseName: enterprise.name,
    cleared: cardLines.every((l) => !l.requiredOfAll || meetsRequirement(l.standing)),
    lines: cardLines,
  };
}

/** The enterprises the worker's supplier is affiliated with now (a disabled one lets nobody on its sites). */
async function enterprisesOf(ctx: TContext, supplierId: string, only: string | null) {
  return ctx.db
    .select({ id: enterprises.id, name: enterprises.name })
    .from(affiliations)
    .innerJoin(enterprises, eq(enterprises.id, affiliations.enterpriseId))
    .where(
      and(
        eq(affiliations.supplierId, supplierId),
        eq(affiliations.status, "affiliated"),
        ne(enterprises.status, "disabled"),
        only ? eq(enterprises.id, only) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${enterprises.name})`));
}

async function standingsByEnterprise(ctx: TContext, worker: TCardWorker, only: string | null, now: Date) {
  const list = await enterprisesOf(ctx, worker.supplierId, only);
  return Promise.all(list.map((e) => enterpriseLines(ctx, worker.id, e, now)));
}

/** The card's token, made on first read; of two first reads at once, one inserts and both read the same. */
async function tokenOf(ctx: TContext, workerId: string): Promise<string> {
  await ctx.db.insert(workerCards).values({ workerId, token: randomToken() }).onConflictDoNothing();
  const [row] = await ctx.db
    .select({ token: workerCards.token })
    .from(workerCards)
    .where(eq(workerCards.workerId, workerId));
  return row!.token;
}

/** The photo's address with its file as version (a new photo is a new address: no cache shows the old one). */
async function photoUrlOf(ctx: TContext, workerId: string): Promise<string | null> {
  const [card] = await ctx.db
    .select({ photoFileId: workerCards.photoFileId })
    .from(workerCards)
    .where(eq(workerCards.workerId, workerId));
  return card?.photoFileId ? `/api/workers/${workerId}/card/photo?v=${card.photoFileId.slice(0, 8)}` : null;
}

export async function workerCard(ctx: TContext, caller: TCaller, workerId: string, now: Date): Promise<TWorkerCard> {
  const reader = await cardReaderOf(ctx, caller, workerId);
  const { worker } = reader;
  const [list, token] = await Promise.all([
    standingsByEnterprise(ctx, worker, reader.enterpriseId, now),
    reader.ownSide ? tokenOf(ctx, worker.id) : null,
  ]);
  const checkPath = token ? workerCardCheckPath(token) : null;
  return {
    worker: { id: worker.id, name: worker.name, company: worker.company },
    checkPath,
    qrSvg: checkPath
      ? await QRCode.toString(`${ctx.config.publicUrl}${checkPath}`, {
          type: "svg",
          errorCorrectionLevel: "M",
          margin: 1,
        })
      : null,
    canReissue: reader.mayReissue,
    photoUrl: await photoUrlOf(ctx, worker.id),
    enterprises: list,
  };
}

/** A new code for the card: the old one (a lost or copied card) then matches nothing. */
export async function reissueWorkerCard(ctx: TContext, caller: TCaller, workerId: string, now: Date) {
  const worker = await cardIssuerOf(ctx, caller, workerId);
  await inTransaction(ctx.pool, async (tx) => {
    const token = randomToken();
    await tx
      .insert(workerCards)
      .values({ workerId, token, issuedAt: now })
      .onConflictDoUpdate({ target: workerCards.workerId, set: { token, issuedAt: now } });
    await appendAudit(tx, {
      by: caller,
      action: "workerCard.reissued",
      object: ["workerCard", worker.id],
      details: { worker: worker.name },
    });
  });
  return workerCard(ctx, caller, workerId, now);
}

/**
 * What the card's QR code shows anyone, signed out: the name, the company and, for each enterprise, cleared or not
 * and which required items are not met. An unknown or re-issued code, or a disabled person or company, is 404.
 */
export async function publicWorkerCard(ctx: TContext, token: string, now: Date): Promise<TPublicWorkerCard> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      supplierId: suppliers.id,
      company: suppliers.name,
      photoFileId: workerCards.photoFileId,
    })
    .from(workerCards)
    .innerJoin(users, eq(users.id, workerCards.workerId))
    .innerJoin(suppliers, eq(suppliers.id, users.supplierId))
    .where(and(eq(workerCards.token, token), ne(users.status, "disabled"), ne(suppliers.status, "disabled")));
  if (!row) throw notFound("card");
  const list = await standingsByEnterprise(ctx, row, null, now);
  return {
    name: row.name,
    company: row.company,
    hasPhoto: row.photoFileId !== null,
    checkedAt: now.toISOString(),
    enterprises: list.map((e) => ({
      enterprise: e.enterpriseName,
      cleared: e.cleared,
      unmet: e.lines
        .filter((l) => l.requiredOfAll && !meetsRequirement(l.standing))
        .map((l) => ({ requirement: l.requirementName, standing: l.standing })),
    })),
  };
}
