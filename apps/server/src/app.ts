import { existsSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { english } from "@sprout/shared/i18n/english";
import Fastify, { type FastifyError, type FastifyServerOptions } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import { accountRoutes } from "./auth/account-routes.ts";
import { createAttemptCounter } from "./auth/attempts.ts";
import { createCredentialCache } from "./auth/credential-cache.ts";
import { authenticate, registerAccessControl } from "./auth/guard.ts";
import { createOneTimeCodes } from "./auth/one-time-codes.ts";
import { createPasswordResetService } from "./auth/password-reset.ts";
import { authRoutes } from "./auth/routes.ts";
import { createSecretBox } from "./auth/secrets.ts";
import { createAuthService } from "./auth/service.ts";
import { createSessionService } from "./auth/sessions.ts";
import { createAccessTokens } from "./auth/tokens.ts";
import { createTwoFactorService } from "./auth/two-factor.ts";
import type { Database, Listen, PoolUse } from "./db/client.ts";
import { answerMissingFile, forgetFileHeaders } from "./files/serve.ts";
import { createFileStore, type FileStore, StoredFileMissing } from "./files/store.ts";
import { startFileSweep } from "./files/sweep.ts";
import { translatorFor, translatorOf, validationMessageIn } from "./i18n/answers.ts";
import { languageOf } from "./i18n/intl.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { HttpError } from "./lib/errors.ts";
import { drainHandlersOnClose } from "./lib/handler-drain.ts";
import { registerIdempotency } from "./lib/idempotency.ts";
import { refuseAddress, registerInputGuard } from "./lib/input-guard.ts";
import { createKeptAnswers } from "./lib/kept-answers.ts";
import { closeRedis } from "./lib/redis-close.ts";
import { responseCheck } from "./lib/response-check.ts";
import { addSecurityHeaders } from "./lib/security-headers.ts";
import { createMailer, type Mailer, type MailTransport } from "./mail/mailer.ts";
import { accountPreferencesRoutes } from "./modules/account/routes.ts";
import { createAccountService } from "./modules/account/service.ts";
import { createLinkRequestsService } from "./modules/admissions/link-requests.ts";
import { admissionsRoutes } from "./modules/admissions/routes.ts";
import { createAdmissionsService } from "./modules/admissions/service.ts";
import { analyticsRoutes } from "./modules/analytics/routes.ts";
import { createAnalyticsService } from "./modules/analytics/service.ts";
import { createAssignmentsArea } from "./modules/assignments/area.ts";
import { assignmentsRoutes } from "./modules/assignments/routes.ts";
import { createAttendanceArea } from "./modules/attendance/area.ts";
import { attendanceLeaveRoutes } from "./modules/attendance/leave-routes.ts";
import { attendanceMoreRoutes } from "./modules/attendance/more-routes.ts";
import { pickupPhotoRoutes } from "./modules/attendance/pickup-photo-routes.ts";
import { attendanceReportRoutes } from "./modules/attendance/reports-routes.ts";
import { attendanceRoutes } from "./modules/attendance/routes.ts";
import { billingRoutes } from "./modules/billing/routes.ts";
import { createBillingService } from "./modules/billing/service.ts";
import { createBudgetArea } from "./modules/budget/area.ts";
import { budgetRoutes } from "./modules/budget/routes.ts";
import { createCenterDirectorArea } from "./modules/center-director/area.ts";
import { centerDirectorRoutes } from "./modules/center-director/routes.ts";
import { centersRoutes } from "./modules/centers/routes.ts";
import { createCentersService } from "./modules/centers/service.ts";
import { createChildDayArea } from "./modules/child-day/area.ts";
import { childDayRoutes } from "./modules/child-day/routes.ts";
import { correctionRoutes } from "./modules/children/correction-routes.ts";
import { createCorrectionsService } from "./modules/children/corrections.ts";
import { createEnrollmentService } from "./modules/children/enrollment.ts";
import { childrenRoutes } from "./modules/children/routes.ts";
import { createChildrenService } from "./modules/children/service.ts";
import { createAssignmentsService } from "./modules/classrooms/assignments.ts";
import { classroomsRoutes } from "./modules/classrooms/routes.ts";
import { createClassroomsService } from "./modules/classrooms/service.ts";
import { createCommunicationArea } from "./modules/communication/area.ts";
import { createNotificationsService } from "./modules/communication/notifications.ts";
import { communicationRoutes } from "./modules/communication/routes.ts";
import { createDataRequestsArea } from "./modules/data-requests/area.ts";
import { dataRequestsRoutes } from "./modules/data-requests/routes.ts";
import { developmentArea } from "./modules/development/area.ts";
import { createFrameworks } from "./modules/development/framework-store.ts";
import { createPortfolioArea } from "./modules/digital-portfolio/area.ts";
import { portfolioRoutes } from "./modules/digital-portfolio/routes.ts";
import { documentsRoutes } from "./modules/documents/routes.ts";
import { createDocumentsService } from "./modules/documents/service.ts";
import { emergencyRoutes } from "./modules/emergency/routes.ts";
import { createEmergencyService } from "./modules/emergency/service.ts";
import { enquiriesRoutes } from "./modules/enquiries/routes.ts";
import { createEnquiriesService } from "./modules/enquiries/service.ts";
import { exitsRoutes } from "./modules/exits/routes.ts";
import { createExitsService } from "./modules/exits/service.ts";
import { creditNoteRoutes } from "./modules/fee-collection/credit-note-routes.ts";
import { createCreditNotes } from "./modules/fee-collection/credit-notes.ts";
import { createPayArea } from "./modules/fee-collection/pay-area.ts";
import { payRoutes } from "./modules/fee-collection/pay-routes.ts";
import { collectionSettingsArea } from "./modules/fee-collection/settings-area.ts";
import { createStatementsService } from "./modules/fee-collection/statements.ts";
import { statementsRoutes } from "./modules/fee-collection/statements-routes.ts";
import { feesRoutes } from "./modules/fees/routes.ts";
import { createFeesService } from "./modules/fees/service.ts";
import { redisAnswers } from "./modules/health/readiness.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { createIncidentsArea } from "./modules/incidents/area.ts";
import { incidentsRoutes } from "./modules/incidents/routes.ts";
import { lessonPlansRoutes } from "./modules/lesson-plans/routes.ts";
import { createLessonPlansService } from "./modules/lesson-plans/service.ts";
import { parentsRoutes } from "./modules/parents/routes.ts";
import { createParentsService } from "./modules/parents/service.ts";
import { policiesRoutes } from "./modules/policies/routes.ts";
import { createPoliciesService } from "./modules/policies/service.ts";
import { createAccessLogWriter } from "./modules/privacy/access-log.ts";
import { createPrivacyArea } from "./modules/privacy/area.ts";
import { registerRecordReads } from "./modules/privacy/record-reads.ts";
import { privacyRoutes } from "./modules/privacy/routes.ts";
import { promotionRoutes } from "./modules/promotion/routes.ts";
import { createPromotionService } from "./modules/promotion/service.ts";
import { createPushArea, ephemeralPushOptions, type PushOptions } from "./modules/push/area.ts";
import { pushRoutes } from "./modules/push/routes.ts";
import { removeSessionSubscriptions, removeUserSubscriptions } from "./modules/push/service.ts";
import { createReportExport } from "./modules/reports/export.ts";
import { reportsRoutes } from "./modules/reports/routes.ts";
import { createReportsService } from "./modules/reports/service.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { createSettingsService } from "./modules/settings/service.ts";
import { staffRoutes } from "./modules/staff/routes.ts";
import { createStaffService } from "./modules/staff/service.ts";
import { createUserAdminService } from "./modules/users/admin-service.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { createUserDirectory } from "./modules/users/service.ts";
import { registerMetrics } from "./observability/metrics.ts";
import { echoRequestId, requestIdOf } from "./observability/request-id.ts";
import { swaggerOptions } from "./openapi/document.ts";
import { createRealtime } from "./realtime/server.ts";
import { registerWebApp, sendWebApp, wantsWebApp } from "./web/static.ts";

export const VERSION = "0.1.0";
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export interface AppDeps {
  db: Database;
  appSecret: string;
  env: "development" | "production" | "test";
  clock?: Clock;
  logger?: FastifyServerOptions["logger"];
  /** Shared store for rate limits when several instances run; in-process otherwise. */
  redisUrl?: string;
  /** Serve the built web app from apps/web/dist (off in API tests). */
  serveWeb?: boolean;
  /** The built web app's folder (default apps/web/dist). */
  webDist?: string;
  /** Outgoing mail: SMTP_URL (unset = written to the log), the sender, a test transport. */
  mail?: { smtpUrl?: string; from?: string; transport?: MailTransport };
  /** MAIL_TEST_INBOX: serve GET /api/auth/test-email (test runs only; off unless set). */
  mailTestInbox?: boolean;
  /** API_DOCS: the OpenAPI description and viewer at /api/docs (on unless set to false). */
  apiDocs?: boolean;
  /** TRUST_PROXY: proxies whose X-Forwarded-For names the client (none unless listed). */
  trustProxy?: string[];
  /** APP_URL: the public address used in links in e-mails. */
  appUrl?: string;
  /** Folder of uploaded files (DATA_DIR/files); a fresh temporary folder when not given. */
  filesDir?: string;
  /** STORAGE_URL: uploads on S3-compatible object storage instead of `filesDir`. */
  files?: FileStore;
  /**
   * Follows the database's change notices, so that signed-in sessions can be kept in memory
   * (without it every authenticated call reads them from the database).
   */
  listen?: Listen;
  /** How the health check asks the database (default `select 1` through `db`). */
  probe?: () => Promise<boolean>;
  /** METRICS_TOKEN: serve Prometheus metrics at GET /metrics to this bearer token (no route unless set). */
  metricsToken?: string;
  /** The database's connection use, for the metrics (DatabaseHandle.poolUse). */
  poolUse?: () => PoolUse;
  /** How often the realtime server re-checks its sockets' sessions (default 5 s). */
  realtimeSessionCheckMs?: number;
  /** Web Push: VAPID keys, subject and accepted hosts; false with PUSH=0; unset = fresh keys (tests). */
  push?: PushOptions | false;
}

/** How long closing waits for requests still being worked on (a deploy's grace period is longer). */
const HANDLER_DRAIN_MS = 10_000;

export async function buildApp(deps: AppDeps) {
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? false,
    // A sane X-Request-Id from a proxy is kept; every log line of the request carries it.
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    frameworkErrors: refuseAddress,
    // Only listed proxies may say who the client is; otherwise anyone could pick their own
    // address for the rate limits by sending X-Forwarded-For.
    trustProxy: deps.trustProxy && deps.trustProxy.length > 0 ? deps.trustProxy : false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseCheck);
  app.setErrorHandler(errorHandler);
  // A success answer's `message` ("Staff member updated") is catalogue English like the errors:
  // said in the caller's language on the way out, as the error handler does.
  app.addHook("preSerialization", async (request, _reply, payload) => {
    if (!payload || typeof payload !== "object" || Array.isArray(payload)) return payload;
    const { message } = payload as { message?: unknown };
    if (typeof message !== "string") return payload;
    return { ...payload, message: translatorOf(request)(message) };
  });
  drainHandlersOnClose(app, HANDLER_DRAIN_MS);

  addSecurityHeaders(app);
  echoRequestId(app);
  const redis = deps.redisUrl ? new Redis(deps.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook("onClose", async () => closeRedis(redis));
  await app.register(rateLimit, {
    global: false,
    // After body parsing, so that sign-in limits can be keyed by the address being tried.
    hook: "preHandler",
    ...(redis && { redis }),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: "RATE_LIMITED",
      message: english("server.tooManyAttempts", { seconds: Math.ceil(context.ttl / 1000) }),
    }),
  });
  if (deps.apiDocs !== false) {
    await app.register(swagger, swaggerOptions(VERSION));
    await app.register(swaggerUi, { routePrefix: "/api/docs" });
  }

  const accessTokens = createAccessTokens(deps.appSecret);
  const directory = createUserDirectory({ db: deps.db });
  const credentials = createCredentialCache(clock);
  const sessions = createSessionService({
    db: deps.db,
    clock,
    accessTokens,
    forget: credentials.forget,
    ended: {
      session: (sessionId) => removeSessionSubscriptions(deps.db, sessionId),
      user: (userId) => removeUserSubscriptions(deps.db, userId),
    },
  });
  const secrets = createSecretBox(deps.appSecret);
  const mailer: Mailer = createMailer({
    db: deps.db,
    clock,
    env: deps.env,
    log: app.log,
    secrets,
    smtpUrl: deps.mail?.smtpUrl,
    transport: deps.mail?.transport,
    keepForTestInbox: deps.mailTestInbox === true,
    from: deps.mail?.from ?? "Sprout <no-reply@sprout.test>",
  });
  // Retries and messages left by another (or a stopped) instance are picked up every 10 s.
  const mailTimer = setInterval(() => void mailer.poke(), 10_000);
  mailTimer.unref();
  app.addHook("onClose", async () => {
    clearInterval(mailTimer);
    await mailer.flush();
  });
  const attempts = createAttemptCounter({ db: deps.db, clock });
  const passwordReset = createPasswordResetService({
    db: deps.db,
    clock,
    mailer,
    secrets,
    attempts,
    sessions,
    directory,
    appUrl: deps.appUrl,
  });
  const twoFactor = createTwoFactorService({ db: deps.db, clock, secrets, attempts, sessions, directory });
  const oneTimeCodes = createOneTimeCodes({ db: deps.db, clock, secrets, attempts, mailer });
  const auth = createAuthService({ db: deps.db, clock, sessions, directory, attempts, passwordReset });
  const children = createChildrenService({ db: deps.db, clock });
  const enrollment = createEnrollmentService({ db: deps.db, clock });
  // Without a store or a folder (tests), files go to a folder of this app's own, gone when it closes.
  const ownFolder = deps.files || deps.filesDir ? undefined : mkdtempSync(path.join(tmpdir(), "sprout-files-"));
  if (ownFolder) app.addHook("onClose", async () => rm(ownFolder, { recursive: true, force: true }));
  const files = deps.files ?? createFileStore(deps.filesDir ?? ownFolder!);
  // A configured store is the real one: sweep it for files no row names (crashed uploads).
  if (deps.files || deps.filesDir) {
    const stopSweep = startFileSweep({ db: deps.db, files, clock, log: app.log });
    app.addHook("onClose", async () => stopSweep());
  }
  const settings = createSettingsService({ db: deps.db });
  const enquiries = createEnquiriesService({ db: deps.db, clock, settings });
  const push = createPushArea({
    db: deps.db,
    clock,
    options: deps.push === false ? null : (deps.push ?? ephemeralPushOptions()),
    log: app.log,
  });
  app.decorate("pushSender", push.sender);
  app.decorate("pushQueue", push.queue);
  app.addHook("onReady", async () => push.start());
  app.addHook("onClose", async () => push.stop());
  const billing = createBillingService({ db: deps.db, clock, push: push.queue });
  const keptAnswers = createKeptAnswers({ clock, db: deps.db });
  keptAnswers.register(app);
  app.decorate("keptAnswers", keptAnswers);
  if (deps.listen) {
    const stopFollowing = await Promise.all([credentials.follow(deps.listen), keptAnswers.follow(deps.listen)]);
    app.addHook("onClose", async () => void (await Promise.all(stopFollowing.map((stop) => stop()))));
  }
  const accessDeps = { db: deps.db, clock, credentials, accessTokens };
  registerAccessControl(app, accessDeps);
  registerIdempotency(app, { db: deps.db, clock });
  // Socket.IO on this server's port; its handshake is checked exactly like an API call.
  const realtime = createRealtime(app.server, {
    db: deps.db,
    clock,
    authenticate: (headers) => authenticate({ headers, method: "GET" }, accessDeps),
    redisUrl: deps.redisUrl,
    sessionCheckMs: deps.realtimeSessionCheckMs,
  });
  app.decorate("realtime", realtime);
  app.decorate("mailer", mailer);
  app.addHook("preClose", async () => realtime.close());
  if (deps.metricsToken)
    registerMetrics(app, {
      token: deps.metricsToken,
      poolUse: deps.poolUse,
      pendingMail: mailer.pending,
      sockets: () => realtime.io.of("/").sockets.size,
    });
  registerInputGuard(app);
  const notificationsService = () =>
    createNotificationsService({ db: deps.db, clock, realtime: realtime.publisher, push: push.queue });
  const communication = createCommunicationArea({
    db: deps.db,
    clock,
    realtime: realtime.publisher,
    mailer,
    push: push.queue,
  });
  const analytics = createAnalyticsService({
    db: deps.db,
    clock,
    children,
    openEnquiries: enquiries.countOpen,
    unpaidInvoices: billing.countUnpaid,
    unreadMessages: communication.messaging.unreadCount,
  });
  // Staff reads of a child's record, queued and written in batches (issue 19).
  const accessLogWriter = createAccessLogWriter({ db: deps.db, log: app.log });
  app.addHook("onClose", async () => accessLogWriter.close());
  registerRecordReads(app, accessLogWriter, clock);

  await app.register(
    async (api) => {
      await api.register(
        healthRoutes({ db: deps.db, probe: deps.probe, version: VERSION, redis: redis && redisAnswers(redis) }),
      );
      await api.register(authRoutes({ auth, sessions, directory }));
      await api.register(accountRoutes({ passwordReset, twoFactor, mailer, testInbox: deps.mailTestInbox === true }));
      await api.register(
        userRoutes({ userAdmin: createUserAdminService({ db: deps.db, clock, sessions, inviter: passwordReset }) }),
      );
      await api.register(
        staffRoutes({
          staff: createStaffService({ db: deps.db, clock, sessions, inviter: passwordReset }),
          assignments: createAssignmentsService({ db: deps.db }),
        }),
      );
      await api.register(analyticsRoutes({ analytics }));
      const reports = createReportsService({ db: deps.db, clock });
      await api.register(reportsRoutes({ reports, exports: createReportExport({ reports, clock }) }));
      await api.register(settingsRoutes({ settings }));
      await api.register(enquiriesRoutes({ enquiries }));
      await api.register(
        admissionsRoutes({
          admissions: createAdmissionsService({
            db: deps.db,
            clock,
            enquiries,
            inviter: passwordReset,
            mailer,
            log: app.log,
          }),
          linkRequests: createLinkRequestsService({ db: deps.db, clock }),
        }),
      );
      await api.register(childrenRoutes({ children, enrollment }));
      await api.register(correctionRoutes({ corrections: createCorrectionsService({ db: deps.db, clock }) }));
      await api.register(parentsRoutes({ parents: createParentsService({ db: deps.db }) }));
      await api.register(promotionRoutes({ promotion: createPromotionService({ db: deps.db, clock }) }));
      await api.register(
        classroomsRoutes({
          classrooms: createClassroomsService({ db: deps.db }),
          assignments: createAssignmentsService({ db: deps.db }),
        }),
      );
      await api.register(centersRoutes({ centers: createCentersService({ db: deps.db }) }));
      await api.register(billingRoutes({ billing, twoFactor, codes: oneTimeCodes }));
      await api.register(payRoutes(createPayArea({ db: deps.db, clock, push: push.queue, mailer })));
      await api.register(
        creditNoteRoutes({
          creditNotes: createCreditNotes({ db: deps.db, clock }),
          billing,
          twoFactor,
          codes: oneTimeCodes,
        }),
      );
      await api.register(
        statementsRoutes({ statements: createStatementsService({ db: deps.db, clock, push: push.queue }) }),
      );
      await api.register(feesRoutes({ fees: createFeesService({ db: deps.db, clock }) }));
      await api.register(collectionSettingsArea({ db: deps.db, clock }));
      await api.register(exitsRoutes({ exits: createExitsService({ db: deps.db }) }));
      await api.register(
        emergencyRoutes({
          emergency: createEmergencyService({
            db: deps.db,
            clock,
            realtime: realtime.publisher,
            mailer,
            push: push.queue,
          }),
        }),
      );
      await api.register(
        incidentsRoutes(createIncidentsArea({ db: deps.db, clock, realtime: realtime.publisher, files })),
      );
      // One framework store: an organisation's own frameworks are parsed once per process.
      const frameworks = createFrameworks({ db: deps.db });
      await api.register(
        developmentArea({ db: deps.db, clock, files, frameworks, realtime: realtime.publisher, push: push.queue }),
      );
      const portfolio = createPortfolioArea({
        db: deps.db,
        clock,
        files,
        accessLog: accessLogWriter,
        realtime: realtime.publisher,
        push: push.queue,
      });
      await api.register(
        childDayRoutes(
          createChildDayArea({
            db: deps.db,
            clock,
            realtime: realtime.publisher,
            files,
            photos: portfolio.portfolio.childDay,
            push: push.queue,
            frameworks,
          }),
        ),
      );
      const attendance = createAttendanceArea({ db: deps.db, clock, realtime: realtime.publisher, mailer, files });
      await api.register(attendanceRoutes(attendance));
      await api.register(attendanceMoreRoutes(attendance));
      await api.register(attendanceReportRoutes(attendance));
      await api.register(attendanceLeaveRoutes(attendance));
      await api.register(pickupPhotoRoutes(attendance));
      await api.register(
        lessonPlansRoutes({ lessonPlans: createLessonPlansService({ db: deps.db, clock, frameworks }) }),
      );
      await api.register(assignmentsRoutes(createAssignmentsArea({ db: deps.db, clock, files })));
      await api.register(portfolioRoutes(portfolio));
      await api.register(
        policiesRoutes({
          policies: createPoliciesService({
            db: deps.db,
            clock,
            files,
            mailer,
            notifications: notificationsService(),
          }),
        }),
      );
      await api.register(documentsRoutes({ documents: createDocumentsService({ db: deps.db, clock, files }) }));
      await api.register(dataRequestsRoutes(createDataRequestsArea({ db: deps.db, clock, files })));
      await api.register(
        budgetRoutes(
          createBudgetArea({
            db: deps.db,
            clock,
            files,
            mailer,
            notifications: notificationsService(),
            realtime: realtime.publisher,
          }),
        ),
      );
      await api.register(privacyRoutes(createPrivacyArea({ db: deps.db, clock, writer: accessLogWriter })));
      await api.register(
        centerDirectorRoutes(createCenterDirectorArea({ db: deps.db, clock, realtime: realtime.publisher })),
      );
      await api.register(communicationRoutes(communication));
      await api.register(pushRoutes({ push: push.service }));
      await api.register(
        accountPreferencesRoutes({ account: createAccountService({ db: deps.db, clock, forget: credentials.forget }) }),
      );
    },
    { prefix: "/api" },
  );

  const web = deps.webDist ?? webDist;
  const serveWeb = deps.serveWeb !== false && existsSync(path.join(web, "index.html"));
  if (serveWeb) await registerWebApp(app, web);
  app.setNotFoundHandler((request, reply) => {
    if (serveWeb && wantsWebApp(request.method, request.url)) return sendWebApp(reply.type("text/html"));
    return reply.code(404).send({
      error: translatorOf(request)(
        english("server.routeNotFound", { route: `${request.method} ${request.url.split("?")[0]}` }),
      ),
      code: "NOT_FOUND",
    });
  });

  return app;
}

const GENERIC_MESSAGES: Record<number, [string, string]> = {
  400: [english("server.badRequest"), "BAD_REQUEST"],
  401: [english("server.authenticationRequired"), "UNAUTHORIZED"],
  403: [english("server.forbidden"), "FORBIDDEN"],
  404: [english("server.notFound"), "NOT_FOUND"],
  405: [english("server.methodNotAllowed"), "METHOD_NOT_ALLOWED"],
  413: [english("server.bodyTooLarge"), "PAYLOAD_TOO_LARGE"],
  415: [english("server.unsupportedContentType"), "UNSUPPORTED_MEDIA_TYPE"],
};

/**
 * Every error leaves as `{error, code}` in the caller's language; nothing from a stack trace or SQL
 * gets out.
 */
function errorHandler(
  this: ReturnType<typeof Fastify>,
  error: FastifyError,
  request: import("fastify").FastifyRequest,
  reply: import("fastify").FastifyReply,
) {
  forgetFileHeaders(reply);
  const language = languageOf(request);
  const say = translatorFor(language);
  if (error instanceof StoredFileMissing) return answerMissingFile(error, request, reply);
  if (error instanceof HttpError) {
    const details = error.details && Object.fromEntries(Object.entries(error.details).map(([k, v]) => [k, say(v)]));
    return reply.code(error.statusCode).send({ error: say(error.message), code: error.code, details });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || error.validationContext || "body";
      const message = issue.message ?? english("server.invalid");
      details[field] ??= message.endsWith("received undefined")
        ? say(english("server.fieldRequired", { field }))
        : validationMessageIn(language, issue, message);
    }
    const first = Object.values(details)[0] ?? say(english("server.invalidRequest"));
    return reply.code(400).send({ error: first, code: "VALIDATION_ERROR", details });
  }
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) {
    return reply.code(400).send({ error: say(english("server.invalidJson")), code: "INVALID_JSON" });
  }
  if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
    return reply.code(400).send({ error: say(english("server.emptyBody")), code: "EMPTY_BODY" });
  }
  if (error.statusCode === 429) {
    return reply.code(429).send({ error: say(error.message), code: "RATE_LIMITED" });
  }
  if (isResponseSerializationError(error)) request.log.error({ err: error }, "response did not match its schema");
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, "unhandled error");
  const [message, code] = GENERIC_MESSAGES[status] ?? [english("server.unexpected"), "INTERNAL_ERROR"];
  return reply.code(status).send({ error: say(message), code });
}
