import { english } from "@sprout/shared/i18n/english";
import {
  type ApprovalInput,
  BUDGET_MESSAGES,
  type BudgetRequest,
  type BudgetRequestsPage,
  type budgetRequestInput,
  type budgetRequestsQuery,
  CATEGORY_LABEL_IDS,
  CATEGORY_LABELS,
  fiscalYearOf,
  fiscalYearStart,
} from "@sprout/shared/schemas/budget";
import { todayIn } from "@sprout/shared/schemas/children";
import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { budgetLimits, budgetQuotes, budgetRequests, expenses } from "../../db/schema/budget.ts";
import { centers, ownerCenters } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { toPaise, toRupees } from "../../lib/money.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { mailWords } from "../../mail/say.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import type { NotificationsService } from "../communication/notifications.ts";
import { pageOf, paginationOf } from "./pages.ts";
import {
  assert,
  assertInScope,
  chosenCentre,
  limitRoleOf,
  mayDecide,
  mayRequest,
  seesCentreRequests,
} from "./policy.ts";
import { toBudgetRequest } from "./presenter.ts";
import { claimQuote } from "./quotes.ts";

interface Deps {
  db: Database;
  clock: Clock;
  mailer: Pick<Mailer, "send">;
  notifications: Pick<NotificationsService, "notify">;
  realtime: Pick<RealtimePublisher, "toCentreStaff">;
}

const requester = alias(users, "requester");
const decider = alias(users, "decider");
/** What has been spent against each request, from the expenses tied to it. */
export const spentPaise = sql<number>`coalesce((select sum(${expenses.amountPaise}) from ${expenses} where ${expenses.requestId} = ${budgetRequests.id}), 0)::bigint`;

const rupees = (paise: number) => `₹${toRupees(paise).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;

/** Budget requests: raised by centre staff, approved automatically within a limit or decided. */
export function createRequestsService({ db, clock, mailer, notifications, realtime }: Deps) {
  const selectRequests = () =>
    db
      .select({
        request: budgetRequests,
        centerName: centers.name,
        requesterName: requester.fullName,
        deciderName: decider.fullName,
        spentPaise: spentPaise.mapWith(Number),
        quoteName: budgetQuotes.fileName,
      })
      .from(budgetRequests)
      .innerJoin(centers, eq(centers.id, budgetRequests.centerId))
      .innerJoin(requester, eq(requester.id, budgetRequests.requesterId))
      .leftJoin(decider, eq(decider.id, budgetRequests.decidedBy))
      .leftJoin(budgetQuotes, eq(budgetQuotes.id, budgetRequests.quoteId));

  type Selected = Awaited<ReturnType<ReturnType<typeof selectRequests>["execute"]>>[number];
  const present = (row: Selected) =>
    toBudgetRequest({
      ...row.request,
      centerName: row.centerName,
      requesterName: row.requesterName,
      deciderName: row.deciderName,
      spentPaise: row.spentPaise,
      quoteName: row.quoteName,
    });

  async function find(caller: Caller, id: string): Promise<BudgetRequest & { requester_id: string }> {
    const scope = await caller.scope();
    const [row] = await selectRequests().where(
      and(eq(budgetRequests.id, id), eq(budgetRequests.organisationId, caller.organisationId)),
    );
    if (!row) throw notFound("Budget request");
    assertInScope(scope, row.request.centerId, "Budget request");
    // Staff who only ask see their own requests, not their colleagues'.
    if (!seesCentreRequests(caller) && row.request.requesterId !== caller.userId) throw notFound("Budget request");
    return { ...present(row), requester_id: row.request.requesterId };
  }

  /** Who decides a request at this centre: the organisation's finance managers and its owners. */
  async function deciders(organisationId: string, centerId: string): Promise<string[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .leftJoin(ownerCenters, and(eq(ownerCenters.ownerId, users.id), eq(ownerCenters.centerId, centerId)))
      .where(
        and(
          eq(users.organisationId, organisationId),
          eq(users.isActive, true),
          or(
            and(eq(users.role, "financial_manager"), or(isNull(users.centerId), eq(users.centerId, centerId))),
            and(eq(users.role, "owner"), sql`${ownerCenters.ownerId} is not null`),
          ),
        ),
      );
    return rows.map((row) => row.id);
  }

  return {
    find,

    async create(caller: Caller, input: z.output<typeof budgetRequestInput>) {
      assert(mayRequest(caller));
      const scope = await caller.scope();
      const centerId = chosenCentre(caller, scope, input.center_id);
      const [centre] = await db.select({ timeZone: centers.timeZone }).from(centers).where(eq(centers.id, centerId));
      const now = clock.now();
      const fiscalYear = fiscalYearStart(fiscalYearOf(todayIn(centre!.timeZone, now)));
      const amountPaise = toPaise(input.amount);
      const role = limitRoleOf(caller);
      const toTell = (await deciders(caller.organisationId, centerId)).filter((user) => user !== caller.userId);
      const id = await transaction(db, async (tx) => {
        if (input.quote_id) await claimQuote(tx, caller, input.quote_id);
        // The limit for this category, else the general one, takes the amount only if it still
        // has room: checked and raised in one statement, so two requests at once cannot both fit.
        const drawn = role
          ? await tx
              .update(budgetLimits)
              .set({ usedPaise: sql`${budgetLimits.usedPaise} + ${amountPaise}`, updatedAt: now })
              .where(
                and(
                  eq(
                    budgetLimits.id,
                    sql`(select ${budgetLimits.id} from ${budgetLimits} where ${budgetLimits.centerId} = ${centerId}
                      and ${budgetLimits.role} = ${role} and ${budgetLimits.fiscalYear} = ${fiscalYear}
                      and ${budgetLimits.isActive} and (${budgetLimits.category} = ${input.category} or ${budgetLimits.category} is null)
                      order by ${budgetLimits.category} nulls last limit 1)`,
                  ),
                  sql`${budgetLimits.usedPaise} + ${amountPaise} <= ${budgetLimits.approvalLimitPaise}`,
                ),
              )
              .returning({ id: budgetLimits.id })
          : [];
        const limitId = drawn[0]?.id ?? null;
        const [row] = await tx
          .insert(budgetRequests)
          .values({
            organisationId: caller.organisationId,
            centerId,
            requesterId: caller.userId,
            description: input.description,
            amountPaise,
            category: input.category,
            justification: input.justification,
            quoteId: input.quote_id ?? null,
            fiscalYear,
            status: limitId ? "approved" : "pending",
            limitId,
            decidedAt: limitId ? now : null,
            createdAt: now,
          })
          .returning({ id: budgetRequests.id });
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: limitId ? "budget_request.auto_approved" : "budget_request.created",
          entity: "budget_request",
          entityId: row!.id,
          after: { ...input, status: limitId ? "approved" : "pending", limit_id: limitId },
        });
        if (!limitId)
          await notifications.notify(
            toTell,
            {
              kind: "budget",
              title: english("bell.budgetWaiting", { amount: rupees(amountPaise) }),
              body: `${caller.user.fullName}: ${input.description}`,
              link: "/budget?tab=approvals",
            },
            tx,
          );
        return row!.id;
      });
      // Sent once the request is committed, so a screen that refetches on it finds the row.
      const request = await find(caller, id);
      realtime.toCentreStaff(centerId, "budget-update", {
        center_id: centerId,
        request_id: id,
        status: request.status,
      });
      return {
        message: request.status === "approved" ? BUDGET_MESSAGES.autoApproved : BUDGET_MESSAGES.waiting,
        request: strip(request),
      };
    },

    /** A page of requests, newest first: the centre's for those who decide, else one's own. */
    async list(caller: Caller, query: z.output<typeof budgetRequestsQuery>): Promise<BudgetRequestsPage> {
      assert(mayRequest(caller) || mayDecide(caller) || seesCentreRequests(caller));
      const scope = await caller.scope();
      const conditions: SQL[] = [
        eq(budgetRequests.organisationId, caller.organisationId),
        inArray(budgetRequests.centerId, scope.centerIds),
      ];
      if (!seesCentreRequests(caller)) conditions.push(eq(budgetRequests.requesterId, caller.userId));
      if (query.status) conditions.push(eq(budgetRequests.status, query.status));
      if (query.to_decide) {
        assert(mayDecide(caller));
        conditions.push(eq(budgetRequests.status, "pending"), ne(budgetRequests.requesterId, caller.userId));
      }
      if (query.decided) conditions.push(inArray(budgetRequests.status, ["approved", "rejected"]));
      const where = and(...conditions);
      const { offset, limit } = pageOf(query.page, query.limit);
      // What waits for a decision is shown longest-waiting first, decisions latest first, the rest newest first.
      const order = query.to_decide
        ? asc(budgetRequests.createdAt)
        : query.decided
          ? desc(budgetRequests.decidedAt)
          : desc(budgetRequests.createdAt);
      const [rows, [total]] = await Promise.all([
        selectRequests().where(where).orderBy(order, asc(budgetRequests.id)).limit(limit).offset(offset),
        db.select({ total: count() }).from(budgetRequests).where(where),
      ]);
      return {
        requests: rows.map(present),
        pagination: paginationOf(query.page, query.limit, total?.total ?? 0),
      };
    },

    /** Approve or reject a waiting request; a decided one answers 409. Audited; the requester is told. */
    async decide(caller: Caller, id: string, input: ApprovalInput) {
      assert(mayDecide(caller));
      const before = await find(caller, id);
      assert(before.requester_id !== caller.userId, BUDGET_MESSAGES.ownRequest);
      const status = input.action === "approve" ? "approved" : "rejected";
      const notes = input.notes?.trim() ?? "";
      const requesterRow = await db
        .select({ email: users.email, name: users.fullName, language: users.language })
        .from(users)
        .where(eq(users.id, before.requester_id));
      await transaction(db, async (tx) => {
        const decided = await tx
          .update(budgetRequests)
          .set({ status, decidedBy: caller.userId, decidedAt: clock.now(), decisionNotes: notes || null })
          .where(and(eq(budgetRequests.id, id), eq(budgetRequests.status, "pending")))
          .returning({ id: budgetRequests.id });
        if (decided.length === 0) throw conflict(BUDGET_MESSAGES.alreadyDecided);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: `budget_request.${status}`,
          entity: "budget_request",
          entityId: id,
          before: { status: before.status },
          after: { status, notes },
        });
        await notifications.notify(
          [before.requester_id],
          {
            kind: "budget",
            title: english("bell.budgetDecided", { status, description: before.description }),
            body: notes || `${rupees(toPaise(before.amount))} for ${CATEGORY_LABELS[before.category]}`,
            link: "/budget?tab=requests",
          },
          tx,
        );
      });
      realtime.toCentreStaff(before.center_id, "budget-update", {
        center_id: before.center_id,
        request_id: id,
        status,
      });
      const person = requesterRow[0];
      if (person) {
        const { say } = mailWords(person.language);
        await mailer.send({
          to: person.email,
          subject: say("mail.budgetDecision.subject", { status }),
          text: [
            say("mail.budgetDecision.body", {
              name: person.name,
              description: before.description,
              amount: rupees(toPaise(before.amount)),
              category: say(CATEGORY_LABEL_IDS[before.category]),
              status,
              by: caller.user.fullName,
            }),
            ...(notes ? ["", say("mail.budgetDecision.notes", { notes })] : []),
            "",
            "Sprout",
          ].join("\n"),
        });
      }
      return strip(await find(caller, id));
    },
  };
}
export type RequestsService = ReturnType<typeof createRequestsService>;

const strip = ({ requester_id: _, ...request }: BudgetRequest & { requester_id: string }): BudgetRequest => request;
