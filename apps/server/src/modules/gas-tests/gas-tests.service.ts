import { gasTestPasses, mayRecordGasTest, type TGasTestInput, type TPermitGasTests } from "@openpermit/shared";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { requireGasTester } from "../../access/gas-tests";
import { requireLiveContractor } from "../../access/live-contractor";
import { permitPartyOf } from "../../access/permits";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { gasTestReadings, gasTests, permitEvents, permits, users, workTypes } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { TCaller } from "../../plugins/auth";
import { appendAudit } from "../audit/append";
import { markNoticesDone, notifyPermitTransition } from "../notifications";
import { findVisiblePermit, relationOfRow, stateOfRow } from "../permits/permit-read";
import { movedMeanwhile } from "../permits/workflow.service";
import { gasesOf } from "./gases.service";
import { checkCalibration, failureText, judgeReadings } from "./judge";

async function requiresGasTest(db: TDb, workTypeId: string | null): Promise<boolean> {
  if (!workTypeId) return false;
  const [row] = await db
    .select({ required: workTypes.gasTestRequired })
    .from(workTypes)
    .where(eq(workTypes.id, workTypeId));
  return row?.required === true;
}

/** The permit's tests, newest first, each with its readings as judged then (also printed on its PDF). */
export async function testsOf(db: TDb, permitId: string): Promise<TPermitGasTests["tests"]> {
  const tests = await db
    .select({ test: gasTests, testerName: users.name })
    .from(gasTests)
    .leftJoin(users, eq(users.id, gasTests.testedBy))
    .where(eq(gasTests.permitId, permitId))
    .orderBy(desc(gasTests.testedAt));
  if (tests.length === 0) return [];
  const readings = await db
    .select()
    .from(gasTestReadings)
    .where(
      inArray(
        gasTestReadings.testId,
        tests.map((t) => t.test.id),
      ),
    )
    .orderBy(asc(gasTestReadings.position));
  return tests.map(({ test, testerName }) => ({
    id: test.id,
    testedAt: test.testedAt.toISOString(),
    testedBy: { id: test.testedBy, name: testerName ?? "" },
    instrumentId: test.instrumentId,
    calibratedOn: test.calibratedOn,
    passed: test.passed,
    readings: readings
      .filter((r) => r.testId === test.id)
      .map(({ gasId, name, unit, lowLimit, highLimit, value, passed }) => ({
        gasId,
        name,
        unit,
        lowLimit,
        highLimit,
        value,
        passed,
      })),
  }));
}

/**
 * GET /api/permits/:id/gas-tests: whoever sees the permit (404 otherwise) reads its tests, the gases a new test
 * reads, and whether it may record one now.
 */
export async function listPermitGasTests(ctx: TContext, caller: TCaller, id: string): Promise<TPermitGasTests> {
  const party = await permitPartyOf(ctx, caller);
  const row = await findVisiblePermit(ctx.db, party, id);
  const required = await requiresGasTest(ctx.db, row.permit.workTypeId);
  const gases = await gasesOf(ctx.db, row.permit.enterpriseId, true);
  return {
    tests: await testsOf(ctx.db, id),
    gases: gases.map(({ used: _used, enabled: _enabled, ...gas }) => gas),
    canRecord: required && mayRecordGasTest(row.permit.status, relationOfRow(party, row), stateOfRow(row)),
  };
}

/**
 * Records a gas test (POST /api/permits/:id/gas-tests): the caller (the holder's side or a manager of the sector:
 * requireGasTester) reads each enabled gas with a calibrated instrument; the server judges each reading against the
 * limits now and keeps them with it. In ONE transaction, on the permit's locked row: the test, its readings, the
 * permit's latest test, the history event and the audit — and, when it fails on work in progress, the permit's
 * suspension (its reason names each failing gas, its reading and its limit), its `suspend` event and the notice to
 * everyone on it, crew included (suspensionAudience).
 */
export async function recordGasTest(
  ctx: TContext,
  caller: TCaller,
  id: string,
  input: TGasTestInput,
): Promise<TPermitGasTests> {
  const party = await permitPartyOf(ctx, caller);
  const row = await findVisiblePermit(ctx.db, party, id);
  const relation = relationOfRow(party, row);
  requireGasTester(row.permit.status, relation, stateOfRow(row), movedMeanwhile);
  if (!(await requiresGasTest(ctx.db, row.permit.workTypeId))) {
    throw new AppError("CONFLICT", "This permit's work type requires no gas test.");
  }
  const now = new Date();
  checkCalibration(input.calibratedOn, now);
  const enabled = await gasesOf(ctx.db, row.permit.enterpriseId, true);
  const readings = judgeReadings(enabled, input.readings);
  const passed = gasTestPasses(readings);
  const remark = passed ? "Gas test passed" : failureText(readings);
  const actor = { id: party.userId, name: caller.name };
  const { told, suspended } = await inTransaction(ctx.pool, async (tx, client) => {
    await requireLiveContractor(tx, party, row.permit.enterpriseId);
    const [locked] = await tx
      .select({ status: permits.status, closedOutAt: permits.closedOutAt, suspendedAt: permits.suspendedAt })
      .from(permits)
      .where(eq(permits.id, id))
      .for("update");
    const status = locked!.status;
    requireGasTester(
      status,
      relation,
      { closedOut: locked!.closedOutAt !== null, suspended: locked!.suspendedAt !== null },
      movedMeanwhile,
    );
    const [test] = await tx
      .insert(gasTests)
      .values({
        permitId: id,
        testedBy: party.userId,
        testedAt: now,
        instrumentId: input.instrumentId,
        calibratedOn: input.calibratedOn,
        passed,
      })
      .returning({ id: gasTests.id });
    await tx.insert(gasTestReadings).values(readings.map((r) => ({ ...r, testId: test!.id })));
    await tx.update(permits).set({ gasTestedAt: now, gasTestPassed: passed }).where(eq(permits.id, id));
    // The re-test it was due is done, whatever it found (a failing one suspends the work below).
    await markNoticesDone(tx, client, [id], ["permit.gasRetestDue"]);
    const event = { permitId: id, fromStatus: status, toStatus: status, actorId: party.userId, createdAt: now };
    await tx.insert(permitEvents).values({ ...event, action: "gasTest", remark });
    await appendAudit(tx, {
      by: caller,
      action: "permit.gasTested",
      object: ["permit", id],
      enterpriseId: row.permit.enterpriseId,
      details: { test: test!.id, passed, instrumentId: input.instrumentId, calibratedOn: input.calibratedOn },
    });
    if (passed || status !== "In_progress") return { told: 0, suspended: false };
    // Work in progress in a failing atmosphere stops now (not one already suspended, nor one closed out).
    const [stopped] = await tx
      .update(permits)
      .set({ suspendedAt: now, suspendedBy: party.userId, suspensionReason: remark, updatedAt: now })
      .where(and(eq(permits.id, id), isNull(permits.suspendedAt), isNull(permits.closedOutAt)))
      .returning({ id: permits.id });
    if (!stopped) return { told: 0, suspended: false };
    await tx.insert(permitEvents).values({ ...event, action: "suspend", remark });
    await appendAudit(tx, {
      by: caller,
      action: "permit.suspend",
      object: ["permit", id],
      enterpriseId: row.permit.enterpriseId,
      details: { from: status, to: status, gasTest: test!.id },
    });
    const notified = await notifyPermitTransition(ctx, tx, client, {
      permitId: id,
      action: "suspend",
      from: status,
      to: status,
      actor,
      remark,
    });
    return { told: notified, suspended: true };
  });
  if (told > 0) ctx.jobs.wake();
  ctx.log.info({ event: "gas-test", id, passed, suspended, by: party.userId }, "gas test recorded");
  return listPermitGasTests(ctx, caller, id);
}
