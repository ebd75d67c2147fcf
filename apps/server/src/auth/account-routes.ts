import {
  ACCOUNT_MESSAGES,
  backupCodesResponse,
  forgotPasswordRequest,
  forgotPasswordResponse,
  passwordConfirmRequest,
  resetPasswordRequest,
  resetStatusResponse,
  testEmailResponse,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
  twoFactorVerifyRequest,
  twoFactorVerifyResponse,
  twoFactorVerifySetupRequest,
  verifyResetCodeRequest,
  verifyResetCodeResponse,
} from "@sprout/shared/schemas/account";
import { errorResponse, messageResponse } from "@sprout/shared/schemas/auth";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { translatorOf } from "../i18n/answers.ts";
import { languageOf } from "../i18n/intl.ts";
import { HttpError } from "../lib/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { addRetryAfterHeader } from "./limits.ts";
import type { PasswordResetService } from "./password-reset.ts";
import type { TwoFactorService } from "./two-factor.ts";

/** A success answer whose `message` the screen shows, in the caller's language (written in catalogue English). */
const said = <T extends { message: string }>(request: Parameters<typeof translatorOf>[0], answer: T): T => ({
  ...answer,
  message: translatorOf(request)(answer.message),
});

/** Per address and network address; the per-address limit that matters is kept in the database. */
const byAddress = (max: number, timeWindow: string) => ({
  max,
  timeWindow,
  keyGenerator: (request: { ip: string; body?: unknown }) =>
    `${request.ip}:${String((request.body as { email?: unknown } | undefined)?.email ?? "").toLowerCase()}`,
});
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse };

interface Deps {
  passwordReset: PasswordResetService;
  twoFactor: TwoFactorService;
  mailer: Mailer;
  /**
   * MAIL_TEST_INBOX: serve GET /api/auth/test-email, which hands the last message (and its code)
   * to anyone who asks. Only test runs switch it on; production refuses to start with it.
   */
  testInbox: boolean;
}

/** Password reset, the test mailbox and two-factor authentication, under /api/auth. */
export function accountRoutes({ passwordReset, twoFactor, mailer, testInbox }: Deps) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    addRetryAfterHeader(app);
    const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
      ip: request.ip,
      userAgent: typeof request.headers["user-agent"] === "string" ? request.headers["user-agent"] : undefined,
    });

    api.post(
      "/auth/forgot-password",
      {
        config: { access: { public: true }, rateLimit: byAddress(10, "15 minutes") },
        schema: {
          summary: "E-mail a password reset code",
          tags: ["auth"],
          body: forgotPasswordRequest,
          response: { 200: forgotPasswordResponse, ...errors },
        },
      },
      async (request) => said(request, await passwordReset.requestReset(request.body.email, languageOf(request))),
    );

    api.post(
      "/auth/verify-reset-code",
      {
        config: { access: { public: true }, rateLimit: byAddress(20, "15 minutes") },
        schema: {
          summary: "Check a reset code and get a reset token",
          tags: ["auth"],
          body: verifyResetCodeRequest,
          response: { 200: verifyResetCodeResponse, ...errors },
        },
      },
      async (request) => passwordReset.verifyCode(request.body.email, request.body.resetId, request.body.challengeCode),
    );

    api.post(
      "/auth/reset-password",
      {
        config: { access: { public: true }, rateLimit: byAddress(20, "15 minutes") },
        schema: {
          summary: "Set a new password with a reset token",
          tags: ["auth"],
          body: resetPasswordRequest,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) =>
        said(
          request,
          await passwordReset.resetPassword(
            request.body.email,
            request.body.resetId,
            request.body.resetToken,
            request.body.newPassword,
          ),
        ),
    );

    api.get(
      "/auth/reset-status/:id",
      {
        config: { access: { public: true }, rateLimit: { max: 60, timeWindow: "1 minute" } },
        schema: {
          summary: "How long a reset code has left",
          tags: ["auth"],
          params: z.object({ id: z.uuid(ACCOUNT_MESSAGES.resetNotFound) }),
          response: { 200: resetStatusResponse, ...errors },
        },
      },
      async (request) => passwordReset.status(request.params.id),
    );

    if (testInbox)
      api.get(
        "/auth/test-email",
        {
          config: { access: { public: true } },
          schema: {
            summary: "The last message sent to an address (test runs only: MAIL_TEST_INBOX=1)",
            tags: ["auth"],
            querystring: z.object({ email: z.string().trim().min(1, ACCOUNT_MESSAGES.emailRequired).max(255) }),
            response: { 200: testEmailResponse, ...errors },
          },
        },
        async (request) => {
          const mail = await mailer.latestTo(request.query.email);
          if (!mail) throw new HttpError(404, "NOT_FOUND", ACCOUNT_MESSAGES.testEmailNone);
          return {
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            ...(mail.code && { code: mail.code }),
            sentAt: mail.createdAt.toISOString(),
          };
        },
      );

    api.get(
      "/auth/2fa/setup",
      {
        config: { access: { signedIn: true } },
        schema: {
          summary: "Start two-factor enrolment",
          tags: ["two-factor"],
          response: { 200: twoFactorSetupResponse, ...errors },
        },
      },
      async (request) => twoFactor.setup(request.caller.userId),
    );

    api.post(
      "/auth/2fa/verify-setup",
      {
        config: { access: { signedIn: true } },
        schema: {
          summary: "Confirm two-factor enrolment with an app code and the account's password",
          tags: ["two-factor"],
          body: twoFactorVerifySetupRequest,
          response: { 200: z.object({ message: z.string(), enabled: z.boolean() }), ...errors },
        },
      },
      async (request) =>
        said(request, await twoFactor.verifySetup(request.caller.userId, request.body.token, request.body.password)),
    );

    api.post(
      "/auth/2fa/verify",
      {
        config: { access: { public: true }, rateLimit: { max: 20, timeWindow: "1 minute" } },
        schema: {
          summary: "Complete a sign-in with the second factor",
          tags: ["two-factor"],
          body: twoFactorVerifyRequest,
          response: { 200: twoFactorVerifyResponse, ...errors },
        },
      },
      async (request) => twoFactor.completeLogin(request.body.sessionToken, request.body.token, meta(request)),
    );

    api.get(
      "/auth/2fa/status",
      {
        config: { access: { signedIn: true } },
        schema: {
          summary: "Two-factor status of the signed-in user",
          tags: ["two-factor"],
          response: { 200: twoFactorStatusResponse },
        },
      },
      async (request) => twoFactor.status(request.caller.userId),
    );

    api.post(
      "/auth/2fa/disable",
      {
        config: { access: { signedIn: true } },
        schema: {
          summary: "Turn two-factor authentication off",
          tags: ["two-factor"],
          body: passwordConfirmRequest,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => said(request, await twoFactor.disable(request.caller.userId, request.body.password)),
    );

    api.post(
      "/auth/2fa/regenerate-backup-codes",
      {
        config: { access: { signedIn: true } },
        schema: {
          summary: "Replace the backup codes",
          tags: ["two-factor"],
          body: passwordConfirmRequest,
          response: { 200: backupCodesResponse, ...errors },
        },
      },
      async (request) =>
        said(request, await twoFactor.regenerateBackupCodes(request.caller.userId, request.body.password)),
    );
  };
}
