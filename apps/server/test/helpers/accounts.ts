import { randomBytes } from "node:crypto";
import type { TContext } from "../../src/context";
import { demands } from "../../src/db/schema";
import { createEnterprise, createUser } from "./factories";
import { post } from "./http";
import { codeIn } from "./mail";
import type { TTestApp } from "./test-app";

export const NEW_PASSWORD = "Battery-staple-42";

export const uniqueEmail = (prefix = "person") => `${prefix}-${randomBytes(5).toString("hex")}@example.com`;

/** A sign-up form's body, good unless overridden. */
export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    accountType: "Supplier",
    companyName: "Acme Scaffolding",
    name: "Jeanne Martin",
    email: uniqueEmail("signup"),
    phone: "+33 6 12 34 56 78",
    password: "Sign-up-pass-77",
    ...overrides,
  } as {
    accountType: "Supplier" | "Enterprise";
    companyName: string;
    name: string;
    email: string;
    password: string;
    [key: string]: unknown;
  };
}

/** Signs up through the API and reads the confirmation code from the mailbox. */
export async function signUpWithCode(t: TTestApp, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const response = await post(t.app, "/api/auth/sign-up", body);
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const mail = await t.mailbox.waitFor(body.email);
  return { ...body, code: codeIn(mail), mail };
}

/** The next message to `to`: the first queued after this call (call it before the request that sends it). */
export function nextMail(t: TTestApp, to: string) {
  return t.mailbox.next(to);
}

/** Another six-digit code than `code`. */
export const otherCode = (code: string) => ((Number(code) + 1) % 1_000_000).toString().padStart(6, "0");

/** E-mails queued for `to` (delivered or not): proves that nothing was sent without waiting for the worker. */
export async function queuedMails(ctx: TContext, to: string): Promise<number> {
  const { rows } = await ctx.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email.send' AND data->>'to' = $1",
    [to],
  );
  return rows[0]!.n;
}

/** An enterprise whose account waits for the admin, as a confirmed sign-up leaves it (the factory's password). */
export async function pendingEnterpriseDemand(ctx: TContext, language: "en" | "fr" = "en") {
  const { enterprise } = await createEnterprise(ctx, "pending_verification");
  const requester = await createUser(ctx, "Enterprise", { enterpriseId: enterprise.id }, "pending_verification");
  if (language !== "en") await ctx.pool.query("UPDATE users SET language = $1 WHERE id = $2", [language, requester.id]);
  const [demand] = await ctx.db
    .insert(demands)
    .values({ kind: "enterprise_account", enterpriseId: enterprise.id, requestedBy: requester.id })
    .returning();
  return { enterprise, requester, demandId: demand!.id };
}

/**
 * Log lines that contain any of the secrets. The outbox line carries the message text on purpose (a
 * local user reads codes there), so it is the one line allowed to.
 */
export function linesLeaking(t: TTestApp, secrets: string[]): string[] {
  // Not within a longer run of digits: a six-digit code may well occur inside a timestamp.
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const leak = new RegExp(`(?<![0-9])(${secrets.map(literal).join("|")})(?![0-9])`);
  return t.logLines.filter((line) => {
    const { msg } = JSON.parse(line) as { msg?: string };
    return !msg?.startsWith("e-mail written to the outbox") && leak.test(line);
  });
}
