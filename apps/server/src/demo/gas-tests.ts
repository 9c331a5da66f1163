import { and, eq, inArray, sql } from "drizzle-orm";
import type { TContext } from "../context";
import { inTransaction } from "../db/client";
import { gasTestReadings, gasTests, permitEvents, permits, workTypes } from "../db/schema";
import { gasesOf } from "../modules/gas-tests/gases.service";
import { judgeReadings } from "../modules/gas-tests/judge";

const MINUTE = 60_000;
/** What the demo's gas tester reads: a clean atmosphere, the flammables a little above zero. */
const SAFE: Record<string, number> = { "O₂": 20.9, Flammables: 2, "H₂S": 0, CO: 3 };

/**
 * The demo's gas tests (docs/safety.md, "The atmosphere is tested before and during the work"): each live permit whose
 * work type requires them, once started, was tested by its holder ten minutes before the start and re-tested within
 * the interval since, each passing — so none is overdue when seeded. A permit with tests already is left.
 */
export async function seedGasTests(ctx: TContext, enterpriseId: string): Promise<void> {
  const now = new Date();
  const seeded = await inTransaction(ctx.pool, async (tx) => {
    const due = await tx
      .select({
        id: permits.id,
        status: permits.status,
        startAt: permits.startAt,
        createdBy: permits.createdBy,
        retestMinutes: workTypes.gasRetestMinutes,
      })
      .from(permits)
      .innerJoin(workTypes, eq(workTypes.id, permits.workTypeId))
      .where(
        and(
          eq(permits.enterpriseId, enterpriseId),
          eq(workTypes.gasTestRequired, true),
          inArray(permits.status, ["In_progress"]),
          sql`NOT EXISTS (SELECT 1 FROM ${gasTests} WHERE ${gasTests.permitId} = ${permits.id})`,
        ),
      );
    const gases = await gasesOf(tx, enterpriseId, true);
    for (const permit of due) {
      if (!permit.startAt || !permit.createdBy) continue;
      // Before the start, then every half interval until a few minutes ago.
      const times = [new Date(permit.startAt.getTime() - 10 * MINUTE)];
      const step = (permit.retestMinutes / 2) * MINUTE;
      while (times.at(-1)!.getTime() + step < now.getTime() - 5 * MINUTE) {
        times.push(new Date(times.at(-1)!.getTime() + step));
      }
      for (const [i, testedAt] of times.entries()) {
        const readings = judgeReadings(
          gases,
          gases.map((g) => ({ gasId: g.id, value: (SAFE[g.name] ?? 0) + (i % 2) })),
        );
        const [test] = await tx
          .insert(gasTests)
          .values({
            permitId: permit.id,
            testedBy: permit.createdBy,
            testedAt,
            instrumentId: "GX-2009 #41",
            calibratedOn: new Date(now.getTime() - 30 * 24 * 60 * MINUTE).toISOString().slice(0, 10),
            passed: readings.every((r) => r.passed),
          })
          .returning({ id: gasTests.id });
        await tx.insert(gasTestReadings).values(readings.map((r) => ({ ...r, testId: test!.id })));
        const status = testedAt.getTime() < permit.startAt.getTime() ? "accepted" : "In_progress";
        await tx.insert(permitEvents).values({
          permitId: permit.id,
          action: "gasTest",
          fromStatus: status,
          toStatus: status,
          actorId: permit.createdBy,
          remark: "Gas test passed",
          createdAt: testedAt,
        });
      }
      await tx
        .update(permits)
        .set({ gasTestedAt: times.at(-1)!, gasTestPassed: true })
        .where(eq(permits.id, permit.id));
    }
    return due.length;
  });
  if (seeded > 0) ctx.log.info({ event: "demo-seed", gasTested: seeded }, "demo gas tests seeded");
}
