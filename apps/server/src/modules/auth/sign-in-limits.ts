import { sql } from "drizzle-orm";
import type { TDb } from "../../db/client";
import type { TThrottle } from "./attempts";

/*
 * The sign-in limits (docs/decisions.md, "Sign-in limits: …"). Failed sign-ins within the window are counted three
 * ways: one account from one address (a guesser; refused), one address across accounts (a sprayer; refused), and
 * one account from every address (slowed down, never locked: an attacker must not be able to keep the owner out).
 */
export const SIGN_IN_WINDOW_MINUTES = 15;
/** One account from one address: refused until the oldest failure leaves the window. */
export const SIGN_IN_PAIR_MAX_FAILURES = 5;
/** One address, any account. */
export const SIGN_IN_ADDRESS_MAX_FAILURES = 30;
/** One account from any address: the failures checked at full speed before the slowdown. */
export const SIGN_IN_ACCOUNT_FREE_FAILURES = 10;
/** The slowdown's longest wait between two checks of one account. */
export const SIGN_IN_SLOWDOWN_MAX_SECONDS = 60;
/** An address the account signed in from within this many days is the owner's: the slowdown does not apply to it. */
export const SIGN_IN_KNOWN_ADDRESS_DAYS = 30;

/** The wait after an account's latest failure when it has `failures` in the window: 0, then 1 s, 2 s, 4 s… capped. */
export function slowdownSeconds(failures: number): number {
  if (failures < SIGN_IN_ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - SIGN_IN_ACCOUNT_FREE_FAILURES), SIGN_IN_SLOWDOWN_MAX_SECONDS);
}

/** The advisory locks a sign-in's counters are read and reserved under. */
export const signInLockKeys = (email: string, ip: string) => [`sign-in:account:${email}`, `sign-in:address:${ip}`];

type TCounts = {
  pair: number;
  pairFreedIn: number | null;
  address: number;
  addressFreedIn: number | null;
  account: number;
  sinceLatest: number | null;
  knownAddress: boolean;
};

/**
 * The failures that count now. An account's failures from before its password last changed do not count (they
 * were guesses at a password that no longer exists: a reset by mailed code gives the owner a fresh start), nor
 * do a pair's from before its last success, and an address the account recently signed in from is not slowed
 * down (only its own pair limit holds there). Times are the database's, like the attempts' own.
 */
async function countFailures(tx: TDb, email: string, ip: string, passwordChangedAt: Date | null): Promise<TCounts> {
  const windowStart = sql`now() - make_interval(mins => ${SIGN_IN_WINDOW_MINUTES})`;
  const accountSince = sql`greatest(${windowStart}, ${passwordChangedAt}::timestamptz)`;
  const lastPairSuccess = sql`(SELECT max(created_at) FROM auth_attempts WHERE email = ${email} AND ip = ${ip}
    AND purpose = 'sign_in' AND outcome = 'success')`;
  const freedIn = (filter: ReturnType<typeof sql>) =>
    sql`extract(epoch FROM min(created_at) FILTER (WHERE ${filter}) + make_interval(mins => ${SIGN_IN_WINDOW_MINUTES}) - now())::float8`;
  const inPair = sql`email = ${email} AND ip = ${ip} AND created_at > greatest(${accountSince}, ${lastPairSuccess})`;
  const inAccount = sql`email = ${email} AND created_at > ${accountSince}`;
  const inAddress = sql`ip = ${ip}`;
  const result = await tx.execute<TCounts>(sql`
    SELECT count(*) FILTER (WHERE ${inPair}) AS "pair", ${freedIn(inPair)} AS "pairFreedIn",
      count(*) FILTER (WHERE ${inAddress}) AS "address", ${freedIn(inAddress)} AS "addressFreedIn",
      count(*) FILTER (WHERE ${inAccount}) AS "account",
      extract(epoch FROM now() - max(created_at) FILTER (WHERE ${inAccount}))::float8 AS "sinceLatest",
      coalesce(${lastPairSuccess} > now() - make_interval(days => ${SIGN_IN_KNOWN_ADDRESS_DAYS}), false) AS "knownAddress"
    FROM auth_attempts
    WHERE (email = ${email} OR ip = ${ip}) AND purpose = 'sign_in' AND outcome = 'failure'
      AND created_at > ${windowStart}`);
  return result.rows[0]!;
}

/** Whether a sign-in may have its password checked now; if not, why (the attempt's recorded reason) and for how long. */
export async function signInThrottle(
  tx: TDb,
  email: string,
  ip: string,
  passwordChangedAt: Date | null,
): Promise<TThrottle | null> {
  const counts = await countFailures(tx, email, ip, passwordChangedAt);
  if (counts.pair >= SIGN_IN_PAIR_MAX_FAILURES) {
    return { reason: "account and address", retryAfterSeconds: counts.pairFreedIn ?? 1 };
  }
  if (counts.address >= SIGN_IN_ADDRESS_MAX_FAILURES) {
    return { reason: "address", retryAfterSeconds: counts.addressFreedIn ?? 1 };
  }
  const wait = slowdownSeconds(counts.account) - (counts.sinceLatest ?? 0);
  if (counts.account >= SIGN_IN_ACCOUNT_FREE_FAILURES && wait > 0 && !counts.knownAddress) {
    return { reason: "account slowdown", retryAfterSeconds: wait };
  }
  return null;
}
