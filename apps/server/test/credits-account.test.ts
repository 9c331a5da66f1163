import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "../src/db/client";
import { AppError } from "../src/lib/app-error";
import { takeNumberAndCredit } from "../src/modules/credits/permit-account";
import { accountOf, insertPermit, ledgerOf, setAccount } from "./helpers/credits";
import { createEnterprise, createUser, type TPerson } from "./helpers/factories";
import { createTestApp, type TTestApp } from "./helpers/test-app";

let t: TTestApp;
const NOW = new Date("2026-03-01T10:00:00Z");

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh enterprise with its Enterprise user (the actor of the sends). */
async function freshEnterprise() {
  const { enterprise } = await createEnterprise(t.ctx);
  const actor = await createUser(t.ctx, "Enterprise", { enterpriseId: enterprise.id });
  return { enterpriseId: enterprise.id, actor };
}

/** One send in its own transaction on `pool`. */
async function send(enterpriseId: string, actor: TPerson, now = NOW, pool: pg.Pool = t.ctx.pool) {
  const permitId = await insertPermit(t.ctx, enterpriseId, actor.id);
  return inTransaction(pool, (tx) => takeNumberAndCredit(tx, enterpriseId, actor.id, permitId, now));
}

const errorCodeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => "no error",
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe("takeNumberAndCredit", () => {
  it("gives sequential numbers per enterprise, spends one credit each and records the consumption", async () => {
    const a = await freshEnterprise();
    const b = await freshEnterprise();
    await setAccount(t.ctx, a.enterpriseId, { creditsTotal: 5 });
    await setAccount(t.ctx, b.enterpriseId, { creditsTotal: 5 });
    expect(await send(a.enterpriseId, a.actor)).toBe("PTW-2026-000001");
    expect(await send(a.enterpriseId, a.actor)).toBe("PTW-2026-000002");
    // Another enterprise counts on its own.
    expect(await send(b.enterpriseId, b.actor)).toBe("PTW-2026-000001");
    // The year is the send's (UTC); the sequence goes on and never resets.
    expect(await send(a.enterpriseId, a.actor, new Date("2026-12-31T23:30:00-02:00"))).toBe("PTW-2027-000003");
    expect(await accountOf(t.ctx, a.enterpriseId)).toEqual({ next_number: 4, credits_total: 5, credits_used: 3 });
    const ledger = await ledgerOf(t.ctx, a.enterpriseId);
    expect(ledger).toHaveLength(3);
    for (const row of ledger) {
      expect(row).toMatchObject({ kind: "consumption", quantity: -1, recorded_by: a.actor.id, note: "" });
      expect(row.permit_id).toEqual(expect.any(String));
    }
    expect(new Set(ledger.map((row) => row.permit_id)).size).toBe(3);
  });

  it("refuses with NO_PERMIT_CREDITS an enterprise that never bought any, and one that spent them all", async () => {
    const never = await freshEnterprise();
    expect(await errorCodeOf(send(never.enterpriseId, never.actor))).toBe("NO_PERMIT_CREDITS");
    expect(await ledgerOf(t.ctx, never.enterpriseId)).toEqual([]);

    const spent = await freshEnterprise();
    await setAccount(t.ctx, spent.enterpriseId, { creditsTotal: 1 });
    expect(await send(spent.enterpriseId, spent.actor)).toBe("PTW-2026-000001");
    expect(await errorCodeOf(send(spent.enterpriseId, spent.actor))).toBe("NO_PERMIT_CREDITS");
    expect(await accountOf(t.ctx, spent.enterpriseId)).toEqual({ next_number: 2, credits_total: 1, credits_used: 1 });
    expect(await ledgerOf(t.ctx, spent.enterpriseId)).toHaveLength(1);
  });

  it("gives the number and the credit back when the sending transaction rolls back (no gap)", async () => {
    const e = await freshEnterprise();
    await setAccount(t.ctx, e.enterpriseId, { creditsTotal: 3 });
    expect(await send(e.enterpriseId, e.actor)).toBe("PTW-2026-000001");
    const permitId = await insertPermit(t.ctx, e.enterpriseId, e.actor.id);
    let taken = "";
    const failed = inTransaction(t.ctx.pool, async (tx) => {
      taken = await takeNumberAndCredit(tx, e.enterpriseId, e.actor.id, permitId, NOW);
      throw new Error("the permit's own update failed");
    });
    await expect(failed).rejects.toThrow("the permit's own update failed");
    expect(taken).toBe("PTW-2026-000002");
    expect(await accountOf(t.ctx, e.enterpriseId)).toEqual({ next_number: 2, credits_total: 3, credits_used: 1 });
    expect(await ledgerOf(t.ctx, e.enterpriseId)).toHaveLength(1);
    expect(await send(e.enterpriseId, e.actor)).toBe("PTW-2026-000002");
  });

  it("gives 20 concurrent sends the numbers 1 to 20 once each, and refuses those beyond the credits", async () => {
    const e = await freshEnterprise();
    await setAccount(t.ctx, e.enterpriseId, { creditsTotal: 20 });
    // Each send on its own connection, all open at once, so they really race for the enterprise's row.
    const pool = new pg.Pool({ connectionString: t.ctx.config.databaseUrl, max: 22 });
    // As the app's own pools: a connection error surfaces in the transaction it hits, never as a stray event.
    pool.on("error", () => undefined);
    pool.on("connect", (client) => client.on("error", () => undefined));
    try {
      const permitIds = await Promise.all(Array.from({ length: 22 }, () => insertPermit(t.ctx, e.enterpriseId)));
      const outcomes = await Promise.allSettled(
        permitIds.map((permitId) =>
          inTransaction(pool, async (tx, client) => {
            // Hold the transaction open a moment so the others pile up behind the row lock.
            await client.query("SELECT pg_sleep(0.05)");
            return takeNumberAndCredit(tx, e.enterpriseId, e.actor.id, permitId, NOW);
          }),
        ),
      );
      const numbers = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      const refusals = outcomes.flatMap((o) =>
        o.status === "rejected" ? [o.reason instanceof AppError ? o.reason.code : String(o.reason)] : [],
      );
      expect(numbers.sort()).toEqual(
        Array.from({ length: 20 }, (_, i) => `PTW-2026-${String(i + 1).padStart(6, "0")}`),
      );
      expect(refusals).toEqual(["NO_PERMIT_CREDITS", "NO_PERMIT_CREDITS"]);
    } finally {
      await pool.end();
    }
    expect(await accountOf(t.ctx, e.enterpriseId)).toEqual({ next_number: 21, credits_total: 20, credits_used: 20 });
    expect(await ledgerOf(t.ctx, e.enterpriseId)).toHaveLength(20);
  });
});
