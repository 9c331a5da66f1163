import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { hashPassword } from "../lib/passwords";
import type { TDb } from "./client";
import { users } from "./schema";

/**
 * On an empty database, the platform admin is created from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * random password printed once to the log. An existing admin is never touched.
 */
export async function ensureAdmin(db: TDb, log: FastifyBaseLogger, email: string, password: string | undefined) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, "Admin")).limit(1);
  if (existing) return;
  const chosen = password ?? randomBytes(12).toString("base64url");
  const now = new Date();
  await db
    .insert(users)
    .values({
      email,
      name: "Platform admin",
      role: "Admin",
      status: "active",
      passwordHash: await hashPassword(chosen),
      emailConfirmedAt: now,
      passwordChangedAt: now,
    })
    .onConflictDoNothing();
  if (password) {
    log.info({ email }, "platform admin created from ADMIN_EMAIL / ADMIN_PASSWORD");
  } else {
    // Printed once, on purpose: it is the only way in on a fresh install without ADMIN_PASSWORD.
    log.warn(`platform admin created: ${email} with password ${chosen} (shown once; change it after signing in)`);
  }
}
