import { english } from "@sprout/shared/i18n/english";
import {
  errorResponse,
  loginRequest,
  loginResponse,
  messageResponse,
  refreshRequest,
  refreshResponse,
  verifyResponse,
} from "@sprout/shared/schemas/auth";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { translatorOf } from "../i18n/answers.ts";
import { unauthorized } from "../lib/errors.ts";
import { addRetryAfterHeader } from "./limits.ts";
import type { AuthService } from "./service.ts";
import { toSessionUser, type UserDirectory } from "./session-user.ts";
import type { SessionService } from "./sessions.ts";

/**
 * A flood guard per network address (the socket's, unless the request came through a proxy
 * listed in TRUST_PROXY). Guessing is limited in the database: per account (LOGIN_POLICY) and
 * per network address by failures (NETWORK_LOGIN_POLICY), so a busy centre's own sign-ins from
 * one address are not counted against it.
 */
const LOGIN_RATE_LIMIT = { max: 120, timeWindow: "1 minute", keyGenerator: (request: { ip: string }) => request.ip };

export function authRoutes(deps: { auth: AuthService; sessions: SessionService; directory: UserDirectory }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    addRetryAfterHeader(app);

    api.post(
      "/auth/login",
      {
        config: { access: { public: true }, rateLimit: LOGIN_RATE_LIMIT },
        schema: {
          summary: "Sign in with e-mail and password",
          tags: ["auth"],
          body: loginRequest,
          response: { 200: loginResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
        },
      },
      async (request) =>
        deps.auth.login(request.body.email, request.body.password, {
          ip: request.ip,
          userAgent: request.headers["user-agent"],
        }),
    );

    api.post(
      "/auth/refresh-token",
      {
        config: { access: { public: true }, rateLimit: { max: 30, timeWindow: "1 minute" } },
        schema: {
          summary: "Swap a refresh token for new tokens",
          tags: ["auth"],
          body: refreshRequest,
          response: { 200: refreshResponse, 401: errorResponse },
        },
      },
      async (request) => {
        const result = await deps.sessions.rotate(request.body.refreshToken);
        if (result === "reused") throw unauthorized(english("server.refreshReused"), "REFRESH_REUSED");
        if (result === "invalid") throw unauthorized(english("server.refreshInvalid"), "REFRESH_INVALID");
        return result;
      },
    );

    api.get(
      "/auth/verify",
      {
        config: { access: { signedIn: true } },
        schema: {
          summary: "Check the session and return the signed-in user",
          tags: ["auth"],
          response: { 200: verifyResponse },
        },
      },
      async (request) => ({ valid: true as const, user: toSessionUser(request.caller.user) }),
    );

    api.post(
      "/auth/logout",
      {
        config: { access: { signedIn: true } },
        schema: {
          summary: "End the session",
          tags: ["auth"],
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await deps.sessions.revoke(request.caller.sessionId, "logout");
        return { message: translatorOf(request)(english("account.server.loggedOut")) };
      },
    );
  };
}
