import {
  POLICIES,
  ZChangePasswordSchema,
  ZCodeSentSchema,
  ZCompleteAccountSchema,
  ZConfirmAccountResultSchema,
  ZConfirmAccountSchema,
  ZDataSchema,
  ZEmailOnlySchema,
  ZInvitationInfoSchema,
  ZInvitationTokenSchema,
  ZRefreshSchema,
  ZResetPasswordSchema,
  ZResetTokenSchema,
  ZSignInResultSchema,
  ZSignInSchema,
  ZSignUpResultSchema,
  ZSignUpSchema,
  ZVerifyResetCodeSchema,
} from "@openpermit/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TContext } from "../../context";
import { AppError } from "../../lib/app-error";
import { ERROR_RESPONSES } from "../../lib/route-schemas";
import { callerOf } from "../../plugins/auth";
import { spendMailAllowance } from "../mail/mail-allowance";
import { completeAccount, confirmAccount, invitationInfo, resendConfirmation } from "./accounts.service";
import { changePassword, forgotPassword, resetPassword, verifyResetCode } from "./passwords.service";
import { clearRefreshCookie, isOwnOrigin, readRefreshCookie, setRefreshCookie } from "./refresh-cookie";
import { endSession, rotateSession } from "./sessions.service";
import { signIn } from "./sign-in.service";
import { signUp } from "./sign-up.service";

const tags = ["auth"];
export const authRoutes: FastifyPluginAsyncZod<{ ctx: TContext }> = async (app, { ctx }) => {
  const { config } = ctx;
  /** Code and e-mail endpoints are also limited per address, on top of the per-code attempt limit. */
  const strictLimit = { rateLimit: { max: config.authCodeLimitPer15Minutes, timeWindow: "15 minutes" } };
  /**
   * A code mailed to `email`, asked from `ip`: counted whether or not the address has an account, before the
   * service looks, so that a refusal (429) reads the same for any address.
   */
  const spendCodeMail = (email: string, ip: string) =>
    spendMailAllowance(ctx, { kind: "code", to: [email], by: { address: ip } });

  app.post(
    "/auth/sign-up",
    {
      config: { access: POLICIES.public, ...strictLimit },
      schema: {
        tags,
        summary: "Open a supplier or enterprise account",
        body: ZSignUpSchema,
        response: { 201: ZDataSchema(ZSignUpResultSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await spendCodeMail(request.body.email, request.ip);
      return reply.status(201).send({ data: await signUp(ctx, request.body) });
    },
  );

  app.post(
    "/auth/resend-confirmation",
    {
      config: { access: POLICIES.public, ...strictLimit },
      schema: {
        tags,
        summary: "Send a new confirmation code",
        body: ZEmailOnlySchema,
        response: { 200: ZDataSchema(ZCodeSentSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await spendCodeMail(request.body.email, request.ip);
      return { data: await resendConfirmation(ctx, request.body.email) };
    },
  );

  app.post(
    "/auth/confirm-account",
    {
      config: { access: POLICIES.public, ...strictLimit },
      schema: {
        tags,
        summary: "Confirm an account with its e-mailed code",
        body: ZConfirmAccountSchema,
        response: { 200: ZDataSchema(ZConfirmAccountResultSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await confirmAccount(ctx, request.body.email, request.body.code) }),
  );

  app.post(
    "/auth/sign-in",
    {
      config: { access: POLICIES.public },
      schema: {
        tags,
        summary: "Sign in: access token in the body, refresh cookie",
        body: ZSignInSchema,
        response: { 200: ZDataSchema(ZSignInResultSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { token, refresh } = await signIn(ctx, request.body, request.ip);
      setRefreshCookie(reply, request, config, refresh);
      return { data: { token } };
    },
  );

  app.post(
    "/auth/refresh-token",
    {
      config: { access: POLICIES.public },
      schema: {
        tags,
        summary: "Exchange the refresh cookie for a new access token",
        body: ZRefreshSchema,
        response: { 200: ZDataSchema(z.string()), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      if (!isOwnOrigin(request, config)) {
        request.log.warn(
          { event: "refresh-refused", origin: request.headers.origin ?? null },
          "refresh from a foreign origin",
        );
        throw new AppError("ORIGIN_REFUSED", "Refused.");
      }
      try {
        const { accessToken, refresh } = await rotateSession(ctx, readRefreshCookie(request), request.body.email);
        setRefreshCookie(reply, request, config, refresh);
        return { data: accessToken };
      } catch (error) {
        clearRefreshCookie(reply, request, config);
        throw error;
      }
    },
  );

  app.post(
    "/auth/sign-out",
    {
      config: { access: POLICIES.public },
      schema: { tags, summary: "End this session", response: { 204: z.null(), ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      await endSession(ctx.db, readRefreshCookie(request), request.caller?.sessionId);
      clearRefreshCookie(reply, request, config);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/auth/forgot-password",
    {
      config: { access: POLICIES.public, ...strictLimit },
      schema: {
        tags,
        summary: "E-mail a password reset code",
        body: ZEmailOnlySchema,
        response: { 200: ZDataSchema(ZCodeSentSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await spendCodeMail(request.body.email, request.ip);
      return { data: await forgotPassword(ctx, request.body.email) };
    },
  );

  app.post(
    "/auth/verify-reset-code",
    {
      config: { access: POLICIES.public, ...strictLimit },
      schema: {
        tags,
        summary: "Check a reset code; get a reset token",
        body: ZVerifyResetCodeSchema,
        response: { 200: ZDataSchema(ZResetTokenSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await verifyResetCode(ctx, request.body.email, request.body.code) }),
  );

  app.post(
    "/auth/reset-password",
    {
      config: { access: POLICIES.public, ...strictLimit },
      schema: {
        tags,
        summary: "Set a new password with a reset token",
        body: ZResetPasswordSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await resetPassword(ctx, request.body.resetToken, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/auth/invitation",
    {
      config: { access: POLICIES.public, ...strictLimit },
      schema: {
        tags,
        summary: "What an invitation link is for",
        body: ZInvitationTokenSchema,
        response: { 200: ZDataSchema(ZInvitationInfoSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await invitationInfo(ctx, request.body.token) }),
  );

  app.post(
    "/auth/complete-account",
    {
      config: { access: POLICIES.public, ...strictLimit },
      schema: {
        tags,
        summary: "Complete an invited account",
        body: ZCompleteAccountSchema,
        response: { 200: ZDataSchema(z.object({ email: z.string() })), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await completeAccount(ctx, request.body) }),
  );

  app.post(
    "/auth/change-password",
    {
      config: { access: POLICIES.authenticated },
      schema: {
        tags,
        summary: "Change one's password (old one checked)",
        body: ZChangePasswordSchema,
        response: { 204: z.null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const refresh = await changePassword(ctx, caller.id, request.body.oldPassword, request.body.newPassword);
      setRefreshCookie(reply, request, config, refresh);
      return reply.status(204).send(null);
    },
  );
};
