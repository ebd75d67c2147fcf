import { type Action, may } from "@sprout/shared/access";
import { english } from "@sprout/shared/i18n/english";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { Database } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import { forbidden, HttpError, unauthorized } from "../lib/errors.ts";
import { type Caller, resolveScope, type Scope } from "./caller.ts";
import { type CredentialCache, loadCredentials } from "./credential-cache.ts";
import { type AccessTokens, safeEqual, sha256 } from "./tokens.ts";

/**
 * Who may call a route: an action of the one access table (`@sprout/shared/access`), or, for the
 * few routes about the caller's own session and account, any signed-in caller, or anyone. Every
 * /api route must declare one; the server refuses to start otherwise, and the permission-matrix
 * test walks each of them with every role.
 */
export type Access = { public: true } | { signedIn: true } | { action: Action };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyInstance {
    routeAccess: { method: string; url: string; access: Access }[];
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const SESSION_MESSAGES = {
  noToken: english("server.authenticationRequired"),
  badToken: english("server.badToken"),
  session: english("server.sessionExpired"),
  inactive: english("server.accountDeactivated"),
  csrf: english("server.csrf"),
};

export interface AccessDeps {
  db: Database;
  clock: Clock;
  credentials: CredentialCache;
  accessTokens: AccessTokens;
}

export function registerAccessControl(app: FastifyInstance, deps: AccessDeps) {
  app.decorate("routeAccess", []);
  app.decorateRequest("caller", null as unknown as Caller);

  app.addHook("onRoute", (route: RouteOptions) => {
    if (!route.url.startsWith("/api/") || route.url.startsWith("/api/docs")) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") app.routeAccess.push({ method, url: route.url, access });
    }
    if ("public" in access) return;
    const guard = async (request: FastifyRequest) => {
      request.caller = await authenticate(request, deps);
      if ("action" in access && !may(request.caller.role, access.action)) throw forbidden();
    };
    // onRequest: the caller is known and checked before the body is even read or validated.
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}

/** Also used by the realtime handshake, which carries the same token and session token. */
export async function authenticate(
  request: Pick<FastifyRequest, "headers" | "method">,
  deps: AccessDeps,
): Promise<Caller> {
  const header = request.headers.authorization;
  const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : "";
  if (!token) throw unauthorized(SESSION_MESSAGES.noToken, "NO_TOKEN");
  const claims = await deps.accessTokens.verify(token, deps.clock.now());
  if (!claims) throw unauthorized(SESSION_MESSAGES.badToken, "TOKEN_INVALID");

  const sessionToken = request.headers["x-session-token"];
  if (typeof sessionToken !== "string") throw unauthorized(SESSION_MESSAGES.session, "SESSION_INVALID");
  const presented = sha256(sessionToken);
  const load = () => loadCredentials(deps.db, claims.sessionId);
  let found = await deps.credentials.get(claims.sessionId, load);
  // A kept copy may predate a rotation this instance has not heard of yet: read once more.
  if (found && !safeEqual(found.session.sessionTokenHash, presented)) found = await load();
  const session = found?.session;
  const live =
    session &&
    session.userId === claims.userId &&
    session.stage === "active" &&
    !session.revokedAt &&
    session.expiresAt > deps.clock.now() &&
    safeEqual(session.sessionTokenHash, presented);
  if (!found || !live) throw unauthorized(SESSION_MESSAGES.session, "SESSION_INVALID");

  if (!SAFE_METHODS.has(request.method)) {
    const csrf = request.headers["x-csrf-token"];
    if (typeof csrf !== "string" || !safeEqual(csrf, session.csrfToken)) {
      throw new HttpError(403, "CSRF_INVALID", SESSION_MESSAGES.csrf);
    }
  }

  const user = found.user;
  if (!user.isActive) throw unauthorized(SESSION_MESSAGES.inactive, "ACCOUNT_INACTIVE");

  let scope: Promise<Scope> | undefined;
  return {
    userId: user.id,
    sessionId: session.id,
    role: user.role,
    organisationId: user.organisationId,
    centerId: user.centerId,
    user,
    scope: () => {
      scope ??= resolveScope(deps.db, user);
      return scope;
    },
  };
}
