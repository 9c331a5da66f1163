import { randomUUID } from "node:crypto";
import type { TErrorCode } from "@openpermit/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { refreshTokens, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { randomToken, sha256 } from "../../lib/crypto";
import { companyIsDisabled, normaliseEmail } from "../users/users.repository";

/** A sign-in lasts at most 30 days, however often its token is refreshed. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface TIssuedRefresh {
  token: string;
  expiresAt: Date;
  /** The session (refresh-token family) its access tokens name. */
  familyId: string;
}

/** Starts a new refresh-token family (a sign-in on one device). */
export async function startSession(db: TDb, userId: string): Promise<TIssuedRefresh> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  const familyId = randomUUID();
  await db.insert(refreshTokens).values({ familyId, userId, tokenHash: sha256(token), expiresAt });
  return { token, expiresAt, familyId };
}

type TRotation =
  | {
      ok: true;
      refresh: TIssuedRefresh;
      user: { id: string; email: string; role: (typeof users.$inferSelect)["role"] };
    }
  | { ok: false; error: TErrorCode; reason: string };

/**
 * Exchanges a refresh token for the next one of its family and a new access token. A token that was
 * already used is a replay (stolen cookie, or a copy): the whole family is revoked. Refusals are
 * decided inside the transaction and thrown after it commits, so a revocation sticks.
 */
export async function rotateSession(ctx: TContext, presented: string | undefined, claimedEmail: string) {
  if (!presented) throw new AppError("REFRESH_FAILED", "No session.");
  const outcome = await inTransaction<TRotation>(ctx.pool, async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .for("update");
    if (!row) return { ok: false, error: "REFRESH_FAILED", reason: "unknown token" };
    if (row.revokedAt) return { ok: false, error: "REFRESH_FAILED", reason: "revoked" };
    const now = new Date();
    if (row.usedAt) {
      await revokeFamily(tx, row.familyId);
      return { ok: false, error: "REFRESH_FAILED", reason: "reuse: family revoked" };
    }
    if (row.expiresAt <= now) return { ok: false, error: "REFRESH_FAILED", reason: "expired" };
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (
      user?.status !== "active" ||
      normaliseEmail(claimedEmail) !== user.email ||
      (await companyIsDisabled(tx, user))
    ) {
      await revokeFamily(tx, row.familyId);
      return { ok: false, error: "REFRESH_FAILED", reason: "account no longer fits" };
    }
    const token = randomToken();
    await tx
      .insert(refreshTokens)
      .values({ familyId: row.familyId, userId: user.id, tokenHash: sha256(token), expiresAt: row.expiresAt });
    return {
      ok: true,
      refresh: { token, expiresAt: row.expiresAt, familyId: row.familyId },
      user: { id: user.id, email: user.email, role: user.role },
    };
  });
  if (!outcome.ok) {
    ctx.log.warn({ event: "refresh-refused", reason: outcome.reason }, "refresh refused");
    throw new AppError(outcome.error, "Session expired. Sign in again.");
  }
  const accessToken = await ctx.tokens.sign({
    userId: outcome.user.id,
    email: outcome.user.email,
    role: outcome.user.role,
    sessionId: outcome.refresh.familyId,
  });
  return { accessToken, refresh: outcome.refresh };
}

export async function revokeFamily(db: TDb, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Sign-out: the family of the presented refresh token ends, and the session the caller's access token names (a
 * client that lost its cookie); either way the session's access tokens are refused from now on (plugins/auth.ts).
 */
export async function endSession(db: TDb, presented: string | undefined, sessionId?: string) {
  if (sessionId) await revokeFamily(db, sessionId);
  if (!presented) return;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (row) await revokeFamily(db, row.familyId);
}

/** Every session of a user ends (password changed or reset). */
export async function endAllSessions(db: TDb, userId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
