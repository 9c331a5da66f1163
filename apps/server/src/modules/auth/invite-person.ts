import type { TContext } from "../../context";
import { inTransaction } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { appendAudit, type TAuditActor } from "../audit/append";
import { spendMailAllowance } from "../mail/mail-allowance";
import { findUserByEmail, normaliseEmail } from "../users/users.repository";
import { queueInvitation, type TInviter } from "./accounts.service";

export const emailExists = () => new AppError("EMAIL_EXISTS", "Email already exists", { email: "EMAIL_EXISTS" });

/** The account a manager or a supplier creates for someone else (its parent columns fit its role). */
export type TInvitedPerson = Omit<typeof users.$inferInsert, "id" | "status" | "passwordHash">;

/**
 * 409 EMAIL_EXISTS, counted first against the caller's hourly mail allowance as a creation would be (429 when
 * spent): this answer tells whether an address has an account, so an account may only ask so many times an hour
 * (docs/decisions.md, "Sign-up and invitations answer alike").
 */
async function refuseTakenAddress(ctx: TContext, inviter: TInviter): Promise<never> {
  await spendMailAllowance(ctx, { kind: "invitation", to: [], by: { account: inviter.id } });
  throw emailExists();
}

/**
 * Creates a person as `invited` and mails the invitation to Complete-Account in one transaction: the person
 * exists if and only if the e-mail is queued. Any account holding the e-mail (any case) is a 409 EMAIL_EXISTS,
 * also when two creations race for it (the unique index decides). Returns the new person's id.
 */
export async function createInvitedPerson(
  ctx: TContext,
  person: TInvitedPerson,
  inviter: TInviter,
  by: TAuditActor,
): Promise<string> {
  if (await findUserByEmail(ctx.db, person.email)) return refuseTakenAddress(ctx, inviter);
  let id: string;
  try {
    id = await inTransaction(ctx.pool, async (tx, client) => {
      const [user] = await tx
        .insert(users)
        .values({ ...person, email: normaliseEmail(person.email), status: "invited" })
        .returning();
      await queueInvitation(ctx, tx, client, user!, inviter);
      await appendAudit(tx, {
        by,
        action: "account.created",
        object: ["user", user!.id],
        enterpriseId: person.enterpriseId,
        details: { role: person.role, email: user!.email },
      });
      return user!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refuseTakenAddress(ctx, inviter);
    throw error;
  }
  ctx.jobs.wake();
  return id;
}
