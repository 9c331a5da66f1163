import { sql } from "drizzle-orm";
import type { TContext } from "../../context";
import { inTransaction, type TDb } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { normaliseEmail } from "../users/users.repository";

/**
 * The kinds of e-mail a person can cause, each with how many of it one address may receive per hour, whoever asks
 * (docs/decisions.md, "How many e-mails a route may cause"). Permit notices are not among them: they are not asked
 * for, and a safety notice is never held back by a count.
 */
export const MAIL_KINDS = {
  /** Confirmation and password-reset codes. */
  code: 5,
  /** Account invitations (the creation's, then each resend). */
  invitation: 5,
  /** Affiliation invitations and requests, an enterprise account's decision, a credits request to the admins. */
  notice: 20,
} as const;
export type TMailKind = keyof typeof MAIL_KINDS;

/** Who causes the mail: a signed-in account, or the client address of a public route. */
export type TMailSender = { account: string } | { address: string };

export interface TMailAllowance {
  kind: TMailKind;
  /** Every address the mail goes to. */
  to: string[];
  by: TMailSender;
}

const WINDOW = "1 hour";

/** The counted keys and the most each may reach in the window. */
function limitsOf(ctx: TContext, { kind, to, by }: TMailAllowance): Map<string, number> {
  const { perAccountPerHour, perAddressPerHour } = ctx.config.mailLimits;
  const limits = new Map<string, number>();
  for (const address of to) limits.set(`to:${kind}:${normaliseEmail(address)}`, MAIL_KINDS[kind]);
  if ("account" in by) limits.set(`by:account:${by.account}`, perAccountPerHour);
  else limits.set(`by:address:${by.address}`, perAddressPerHour);
  return limits;
}

/**
 * Spends one e-mail of each key's allowance inside `tx`, or refuses with 429 TOO_MANY_EMAILS (Retry-After: when
 * the last refusing window ends). One statement counts every key: an INSERT … ON CONFLICT DO UPDATE takes each
 * row's lock, so of two requests at once the second counts after the first (no read-then-write race); a window
 * past its hour starts again at 1. A refusal throws, so the caller's transaction rolls back: nothing is spent, and
 * the action that would have mailed is not done either. Keys are written in one order, so two transactions never
 * wait for each other's rows crosswise.
 */
export async function spendMailAllowanceIn(ctx: TContext, tx: TDb, allowance: TMailAllowance): Promise<void> {
  const limits = limitsOf(ctx, allowance);
  const keys = [...limits.keys()].sort();
  const result = await tx.execute<{ key: string; sent: number; secondsLeft: number }>(sql`
    INSERT INTO mail_allowances AS a (key)
    SELECT key FROM (VALUES ${sql.join(
      keys.map((key) => sql`(${key})`),
      sql`, `,
    )}) AS wanted (key) ORDER BY key
    ON CONFLICT (key) DO UPDATE SET
      sent = CASE WHEN a.window_started_at <= now() - interval '${sql.raw(WINDOW)}' THEN 1 ELSE a.sent + 1 END,
      window_started_at = CASE WHEN a.window_started_at <= now() - interval '${sql.raw(WINDOW)}'
        THEN now() ELSE a.window_started_at END
    RETURNING a.key, a.sent,
      ceil(extract(epoch FROM a.window_started_at + interval '${sql.raw(WINDOW)}' - now()))::int AS "secondsLeft"
  `);
  const refused = result.rows.filter((row) => row.sent > limits.get(row.key)!);
  if (refused.length === 0) return;
  const retryAfterSeconds = Math.max(1, ...refused.map((row) => row.secondsLeft));
  ctx.log.info(
    {
      event: "mail-allowance-spent",
      kind: allowance.kind,
      spent: refused.map((row) => row.key.split(":", 2).join(":")),
    },
    "e-mail refused: allowance spent",
  );
  throw new AppError("TOO_MANY_EMAILS", "Too many e-mails asked for this hour. Try again later.", undefined, {
    details: { minutes: Math.ceil(retryAfterSeconds / 60) },
    retryAfterSeconds,
  });
}

/**
 * The same in a transaction of its own, for a public route that asks before it knows whether the address has an
 * account at all: every request is counted alike, so a refusal says nothing about who has one.
 */
export function spendMailAllowance(ctx: TContext, allowance: TMailAllowance): Promise<void> {
  return inTransaction(ctx.pool, (tx) => spendMailAllowanceIn(ctx, tx, allowance));
}
