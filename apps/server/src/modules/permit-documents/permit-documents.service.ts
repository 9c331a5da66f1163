import { isValidNow, permitCheckPath, permitCheckReason, type TPermitCheck } from "@openpermit/shared";
import { and, eq, isNull } from "drizzle-orm";
import { permitPartyOf } from "../../access/permits";
import type { TContext } from "../../context";
import { enterprises, permits, sectors, subSectors } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { randomToken } from "../../lib/crypto";
import { notFound } from "../../lib/not-found";
import type { TCaller } from "../../plugins/auth";
import { permitClashes } from "../clashes/clashes.service";
import { testsOf } from "../gas-tests/gas-tests.service";
import { gasTestStateOf } from "../gas-tests/state";
import { isolationsOfPermit } from "../isolations/permit-isolations.service";
import { isolationStateOf } from "../isolations/points.repository";
import { signedOnNames } from "../permits/crew/members";
import { permitHistory } from "../permits/history.service";
import { summaryLookups } from "../permits/permit-lookups";
import { findVisiblePermitWhole, toPermit } from "../permits/permit-read";
import { handoverDueOf } from "../permits/shift/actions";
import { publicShift } from "../permits/shift/public";
import { publicSignatures } from "../permits/signatures/records";
import { renderPermitPdf } from "./permit-pdf";

export const permitCheckUrl = (ctx: TContext, token: string) => `${ctx.config.publicUrl}${permitCheckPath(token)}`;

/**
 * The permit's check token. Permits sent before tokens existed get one now; of two first prints at once, the
 * conditional UPDATE lets one write and both read back the same token.
 */
async function checkTokenOf(ctx: TContext, permitId: string, current: string | null): Promise<string> {
  if (current) return current;
  await ctx.db
    .update(permits)
    .set({ checkToken: randomToken() })
    .where(and(eq(permits.id, permitId), isNull(permits.checkToken)));
  const [row] = await ctx.db.select({ checkToken: permits.checkToken }).from(permits).where(eq(permits.id, permitId));
  return row!.checkToken!;
}

/**
 * The printable permit, for whoever may see it (404 otherwise). A draft never sent has no number to print and no
 * check page: 409.
 */
export async function permitPdf(
  ctx: TContext,
  caller: TCaller,
  id: string,
  timeZone: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  const party = await permitPartyOf(ctx, caller);
  const row = await findVisiblePermitWhole(ctx.db, party, id);
  const documentNumber = row.permit.documentNumber;
  if (documentNumber === null) {
    throw new AppError("CONFLICT", "A draft that was never sent has no number yet: send it before printing it.");
  }
  const [permit, history, token, isolations, gasTests, clashes] = await Promise.all([
    toPermit(party, row),
    permitHistory(ctx, caller, id),
    checkTokenOf(ctx, id, row.permit.checkToken),
    isolationsOfPermit(ctx.db, id),
    testsOf(ctx.db, id),
    permitClashes(ctx, caller, id),
  ]);
  const bytes = await renderPermitPdf({
    permit: { ...permit, documentNumber },
    history,
    isolations: isolations.points,
    gasTests,
    clashes,
    checkUrl: permitCheckUrl(ctx, token),
    language: caller.language,
    timeZone,
    now: new Date(),
    compress: ctx.config.env !== "test",
  });
  return { fileName: `${documentNumber}.pdf`, bytes };
}

/**
 * What the QR code of a printed permit shows to anyone: its number, status, period, place and enterprise, and
 * whether work may go on under it right now. An unknown token is 404.
 */
export async function permitCheck(ctx: TContext, token: string, now: Date): Promise<TPermitCheck> {
  const [row] = await ctx.db
    .select({
      id: permits.id,
      closedOutAt: permits.closedOutAt,
      documentNumber: permits.documentNumber,
      status: permits.status,
      startAt: permits.startAt,
      endAt: permits.endAt,
      sector: sectors.name,
      subSector: subSectors.name,
      enterprise: enterprises.name,
      expiredAt: permits.expiredAt,
      suspendedAt: permits.suspendedAt,
      gasTestedAt: permits.gasTestedAt,
      gasTestPassed: permits.gasTestPassed,
      gasTestRule: summaryLookups().gasTestRule,
      shiftStartedAt: permits.shiftStartedAt,
      shiftLengthHours: enterprises.shiftLengthHours,
    })
    .from(permits)
    .innerJoin(enterprises, eq(enterprises.id, permits.enterpriseId))
    .leftJoin(sectors, eq(sectors.id, permits.sectorId))
    .leftJoin(subSectors, eq(subSectors.id, permits.subSectorId))
    .where(eq(permits.checkToken, token));
  if (!row?.documentNumber) throw notFound("permit");
  const { startAt, endAt } = row;
  const facts = {
    status: row.status,
    startAt,
    endAt,
    expired: row.expiredAt !== null,
    closedOut: row.status === "In_progress" && row.closedOutAt !== null,
    suspended: row.suspendedAt !== null,
    gasRetestDue: gasTestStateOf(row.gasTestRule, { ...row, closedOutAt: row.closedOutAt }, now)?.overdue === true,
    handoverDue: handoverDueOf(row, row.shiftLengthHours, now),
  };
  return {
    documentNumber: row.documentNumber,
    status: row.status,
    startAt: startAt?.toISOString() ?? null,
    endAt: endAt?.toISOString() ?? null,
    sector: row.sector,
    subSector: row.subSector,
    enterprise: row.enterprise,
    validNow: isValidNow(facts, now),
    reason: permitCheckReason(facts, now),
    awaitingHandBack: facts.closedOut,
    // Only while it matters: an ended or closed permit says so instead.
    suspendedAt: permitCheckReason(facts, now) === "suspended" ? (row.suspendedAt?.toISOString() ?? null) : null,
    signatures: await publicSignatures(ctx.db, row.id),
    isolations: (await isolationsOfPermit(ctx.db, row.id)).points.map((p) => ({
      tag: p.tag,
      equipment: p.equipment,
      state: isolationStateOf(p.application),
    })),
    crewSignedOn: await signedOnNames(ctx.db, row.id),
    // The latest gas test where the work type requires one: its verdict and time, nothing else about it.
    lastGasTest:
      row.gasTestRule && row.gasTestedAt
        ? { passed: row.gasTestPassed === true, at: row.gasTestedAt.toISOString() }
        : null,
    ...(await publicShift(ctx.db, row.id)),
    handoverDue: facts.handoverDue,
    checkedAt: now.toISOString(),
  };
}
