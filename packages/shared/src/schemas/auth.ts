import { z } from "zod";
import { SELF_SIGN_UP_ROLES } from "../auth/roles";
import { LIMITS, V } from "../validation";
import {
  ZCodeSchema,
  ZCompanyNameSchema,
  ZEmailSchema,
  ZLanguageSchema,
  ZPasswordSchema,
  ZPersonNameSchema,
  ZPhoneSchema,
} from "./common";

/**
 * "Passwords must match", checked even while other fields are still invalid (zod skips refinements of
 * an object with issues unless told when to run them), so the form shows every problem at once.
 */
const matching = (password: "password" | "newPassword") => ({
  path: ["confirmPassword"],
  message: V.passwordsMustMatch,
  when: (payload: { value: unknown }) => {
    const value = payload.value as Record<string, unknown> | undefined;
    return typeof value?.[password] === "string" && typeof value?.confirmPassword === "string";
  },
});

/** POST /api/auth/sign-up: a supplier or an enterprise opens its company account. */
export const ZSignUpSchema = z.object({
  accountType: z.enum(SELF_SIGN_UP_ROLES),
  companyName: ZCompanyNameSchema,
  name: ZPersonNameSchema,
  email: ZEmailSchema,
  phone: ZPhoneSchema,
  password: ZPasswordSchema,
  language: ZLanguageSchema.default("en"),
});
export type TSignUp = z.infer<typeof ZSignUpSchema>;

/** The sign-up form adds a confirmation of the password, checked in the browser only. */
export const ZSignUpFormSchema = ZSignUpSchema.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  matching("password"),
);

export const ZSignUpResultSchema = z.object({ email: z.string(), codeExpiresAt: z.iso.datetime() });

/** POST /api/auth/confirm-account */
export const ZConfirmAccountSchema = z.object({ email: ZEmailSchema, code: ZCodeSchema });
export const ZConfirmAccountResultSchema = z.object({
  /** `active`: may sign in now; `pending_verification`: an enterprise waits for the admin. */
  status: z.enum(["active", "pending_verification"]),
});

/** POST /api/auth/resend-confirmation */
export const ZEmailOnlySchema = z.object({ email: ZEmailSchema });

/** POST /api/auth/sign-in */
export const ZSignInSchema = z.object({
  email: ZEmailSchema,
  password: z
    .string({ error: V.passwordRequired })
    .min(1, V.passwordRequired)
    .max(LIMITS.passwordMax, V.passwordMax128),
});
export const ZSignInResultSchema = z.object({ token: z.string() });
export type TSignInResult = z.infer<typeof ZSignInResultSchema>;

/** POST /api/auth/refresh-token (docs/domain.md, Session and tokens): `{ email }`, answered with the new token as `data`. */
export const ZRefreshSchema = z.object({ email: ZEmailSchema });

/** POST /api/auth/forgot-password answers the same for known and unknown e-mails. */
export const ZCodeSentSchema = z.object({ codeExpiresAt: z.iso.datetime() });

/** POST /api/auth/verify-reset-code: a right code gives a reset token for the new password. */
export const ZVerifyResetCodeSchema = z.object({ email: ZEmailSchema, code: ZCodeSchema });
export const ZResetTokenSchema = z.object({ resetToken: z.string() });

/** POST /api/auth/reset-password */
export const ZResetPasswordSchema = z.object({
  resetToken: z.string().min(1, V.invalidValue).max(200, V.invalidValue),
  password: ZPasswordSchema,
});
export const ZResetPasswordFormSchema = z
  .object({ password: ZPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, matching("password"));

/** POST /api/auth/invitation: what an invitation link is for (shown on Complete-Account). */
export const ZInvitationTokenSchema = z.object({ token: z.string().min(1, V.invalidValue).max(200, V.invalidValue) });
export const ZInvitationInfoSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** The phone the inviter entered, offered for the person to confirm. */
  phone: z.string().nullable(),
  role: z.string(),
  companyName: z.string().nullable(),
});

/** POST /api/auth/complete-account: an invited person sets a password (and may correct name and phone). */
export const ZCompleteAccountSchema = z.object({
  token: z.string().min(1, V.invalidValue).max(200, V.invalidValue),
  password: ZPasswordSchema,
  name: ZPersonNameSchema.optional(),
  phone: ZPhoneSchema.optional(),
  /** Only for an invited supplier (complete/supplier): its company name. */
  companyName: ZCompanyNameSchema.optional(),
});
export const ZCompleteAccountFormSchema = z
  .object({
    password: ZPasswordSchema,
    confirmPassword: z.string(),
    name: ZPersonNameSchema,
    phone: ZPhoneSchema,
  })
  .refine((v) => v.password === v.confirmPassword, matching("password"));

/** POST /api/auth/change-password */
export const ZChangePasswordSchema = z.object({
  oldPassword: z.string({ error: V.passwordRequired }).min(1, V.passwordRequired).max(LIMITS.passwordMax),
  newPassword: z.string({ error: V.newPasswordRequired }).min(1, V.newPasswordRequired).pipe(ZPasswordSchema),
});
export const ZChangePasswordFormSchema = ZChangePasswordSchema.extend({ confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  matching("newPassword"),
);

/** The claims of the access token (docs/domain.md, Session and tokens). */
export const ZTokenClaimsSchema = z.object({
  email: z.string(),
  role: z.string(),
  certserialnumber: z.string(),
  exp: z.number().optional(),
});
export type TTokenClaims = z.infer<typeof ZTokenClaimsSchema>;
