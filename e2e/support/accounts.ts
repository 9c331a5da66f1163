import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { countMailsTo, waitForCode } from "./outbox";

export const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}@example.com`;

/** A new, confirmed account made through the API (for journeys that start after sign-up). */
export async function createConfirmedAccount(
  request: APIRequestContext,
  accountType: "Supplier" | "Enterprise",
  password = "Journey-pass-1",
) {
  const email = uniqueEmail(accountType.toLowerCase());
  const before = countMailsTo(email);
  const signUp = await request.post("/api/auth/sign-up", {
    data: {
      accountType,
      companyName: `${accountType} ${email.slice(-16, -12)}`,
      name: "Jordan Tester",
      email,
      phone: "+33 6 12 34 56 78",
      password,
    },
  });
  if (signUp.status() !== 201) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const code = await waitForCode(email, { after: before });
  const confirm = await request.post("/api/auth/confirm-account", { data: { email, code } });
  if (confirm.status() !== 200) throw new Error(`confirm failed: ${confirm.status()} ${await confirm.text()}`);
  return { email, password };
}
