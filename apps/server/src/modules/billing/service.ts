import {
  type Invoice,
  type InvoiceDetail,
  type InvoicesPage,
  type InvoicesQuery,
  invoicesQuery,
  type PaymentRequest,
  paymentRequest,
} from "@sprout/shared/schemas/billing";
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { invoiceLines, invoices, payments } from "../../db/schema/billing.ts";
import { students } from "../../db/schema/children.ts";
import { invoiceCounts } from "../../db/schema/counts.ts";
import { centerCollectionSettings } from "../../db/schema/fee-collection.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import { type CappedCount, cappedCount } from "../../lib/capped-count.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { keptCounts } from "../../lib/kept-counts.ts";
import { containsPattern } from "../../lib/like.ts";
import { toPaise } from "../../lib/money.ts";
import { preparedQueries, scopeFilters, scopeShape, scopeValues } from "../../lib/prepared.ts";
import { creditNotesOf } from "../fee-collection/credit-note-queries.ts";
import { payableUpiLink } from "../fee-collection/upi.ts";
import type { PushQueue } from "../push/area.ts";
import { createMonthlyGeneration } from "./generation.ts";
import { createGenerationPreview } from "./generation-preview.ts";
import { INVOICE_MESSAGES, wrongState } from "./messages.ts";
import { toInvoice, toInvoiceDetail } from "./presenter.ts";
import { pushInvoices } from "./push.ts";
import { type InvoiceRow, invoiceInScope, selectInvoices, UUID } from "./queries.ts";
import { recordPaymentIn } from "./record-payment.ts";
import { createInvoiceRequests } from "./requests.ts";

const childName = sql`${students.firstName} || ' ' || ${students.lastName}`;

/**
 * Invoices, their payments and (requests.ts) invoice requests. Every query is filtered by the caller's scope;
 * another centre's or another family's invoice answers 404. Nothing is deleted: invoices are
 * cancelled, payments are kept, and every change writes an audit row.
 */
export function createBillingService({
  db,
  clock,
  push,
}: {
  db: Database;
  clock: Clock;
  /** Issued, due soon and overdue invoices are pushed to the child's guardians. */
  push?: Pick<PushQueue, "toFamilies">;
}) {
  const prepared = preparedQueries();
  const recorder = alias(users, "recorder");

  async function findInvoice(executor: Database, scope: Scope, id: string, lock = false): Promise<InvoiceRow> {
    if (!UUID.test(id)) throw notFound("Invoice");
    const query = selectInvoices(executor).where(and(invoiceInScope(scope), eq(invoices.id, id)));
    const [row] = lock ? await query.for("update", { of: invoices }) : await query;
    if (!row) throw notFound("Invoice");
    return row;
  }

  async function detail(executor: Database, row: InvoiceRow): Promise<InvoiceDetail> {
    const [lines, paid, notes] = await Promise.all([
      executor
        .select({
          description: invoiceLines.description,
          amountPaise: invoiceLines.amountPaise,
          sacCode: invoiceLines.sacCode,
          gstRate: invoiceLines.gstRate,
          taxablePaise: invoiceLines.taxablePaise,
          cgstPaise: invoiceLines.cgstPaise,
          sgstPaise: invoiceLines.sgstPaise,
          igstPaise: invoiceLines.igstPaise,
        })
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, row.id))
        .orderBy(asc(invoiceLines.position)),
      executor
        .select({
          id: payments.id,
          amountPaise: payments.amountPaise,
          paidOn: payments.paidOn,
          mode: payments.mode,
          reference: payments.reference,
          receiptNumber: payments.receiptNumber,
          recordedByName: recorder.fullName,
          recordedAt: payments.recordedAt,
        })
        .from(payments)
        .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
        .where(eq(payments.invoiceId, row.id))
        .orderBy(asc(payments.paidOn), asc(payments.recordedAt)),
      creditNotesOf(executor, row.id),
    ]);
    return toInvoiceDetail(row, lines, paid, notes);
  }

  /** Invoices of the centres (one status or all): kept counts, or counted for a parent's own. */
  async function invoiceTotal(scope: Scope, centreIds: readonly string[], status: string | undefined, where?: SQL) {
    if (scope.childIds) {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(invoices).where(where);
      return row?.count ?? 0;
    }
    const counts = await keptCounts(db, invoiceCounts, centreIds);
    if (status) return counts.get(status) ?? 0;
    return [...counts.values()].reduce((sum, n) => sum + n, 0);
  }

  /** The Billing list's page, newest first: prepared once per filter shape. */
  function pageOfInvoices(
    scope: Scope,
    query: ReturnType<typeof invoicesQuery.parse>,
    pattern: string | undefined,
    offset: number,
  ) {
    const shape = {
      ...scopeShape(scope, query.center_id),
      status: Boolean(query.status),
      child: Boolean(query.child_id),
      search: Boolean(pattern),
    };
    const page = prepared(`invoices page ${JSON.stringify(shape)}`, () => {
      const conditions = scopeFilters({ centre: invoices.centerId, child: invoices.studentId }, shape);
      if (shape.status) conditions.push(eq(invoices.status, sql.placeholder("status")));
      if (shape.child) conditions.push(eq(invoices.studentId, sql.placeholder("child")));
      if (shape.search) conditions.push(ilike(childName, sql.placeholder("pattern")));
      return selectInvoices(db)
        .where(and(...conditions))
        .orderBy(desc(invoices.issueDate), desc(invoices.invoiceNumber))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"));
    });
    return page.execute({
      ...scopeValues(scope, query.center_id),
      status: query.status,
      child: query.child_id,
      pattern,
      limit: query.limit,
      offset,
    });
  }

  return {
    generateMonthly: createMonthlyGeneration({ db, clock, push }),
    previewMonthly: createGenerationPreview({ db, clock }),

    /**
     * Pending and Overdue invoices in scope, apart: the dashboard's "Pending Invoices" and
     * "Overdue Invoices", each the number its filtered Billing list shows.
     */
    async countUnpaid(scope: Scope): Promise<{ pending: number; overdue: number }> {
      if (scope.childIds) {
        const rows = await db
          .select({ status: invoices.status, count: sql<number>`count(*)::int` })
          .from(invoices)
          .where(and(invoiceInScope(scope), inArray(invoices.status, ["Pending", "Overdue"])))
          .groupBy(invoices.status);
        const of = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
        return { pending: of("Pending"), overdue: of("Overdue") };
      }
      const counts = await keptCounts(db, invoiceCounts, scope.centerIds);
      return { pending: counts.get("Pending") ?? 0, overdue: counts.get("Overdue") ?? 0 };
    },

    /** One page of invoices, newest first, filtered by status and searched by child name. */
    async list(scope: Scope, raw: InvoicesQuery): Promise<InvoicesPage> {
      const query = invoicesQuery.parse(raw);
      if (query.center_id && !scope.centerIds.includes(query.center_id)) throw notFound("Center");
      const conditions: SQL[] = [invoiceInScope(scope)];
      if (query.center_id) conditions.push(eq(invoices.centerId, query.center_id));
      if (query.status) conditions.push(eq(invoices.status, query.status));
      // A family asking for a child that is not theirs gets 404, as for any record out of scope.
      if (query.child_id && scope.childIds && !scope.childIds.includes(query.child_id)) throw notFound("Child");
      if (query.child_id) conditions.push(eq(invoices.studentId, query.child_id));
      const search = query.child_name?.trim();
      const pattern = search ? containsPattern(search) : undefined;
      if (pattern) conditions.push(ilike(childName, pattern));
      const where = and(...conditions);
      const offset = (query.page - 1) * query.limit;
      // A name search counts 100 matches past the page ("100+"); a child's invoices are
      // few and counted; otherwise the total is the database's kept count per centre and status.
      const countQuery: Promise<CappedCount> = search
        ? cappedCount(
            db,
            db
              .select({ one: sql`1` })
              .from(invoices)
              .innerJoin(students, eq(students.id, invoices.studentId))
              .where(where)
              // In the page's order, so the planner reads the same index as the page and stops.
              .orderBy(desc(invoices.issueDate), desc(invoices.invoiceNumber)),
            offset,
          )
        : (query.child_id
            ? db
                .select({ count: sql<number>`count(*)::int` })
                .from(invoices)
                .where(where)
                .then(([row]) => row?.count ?? 0)
            : invoiceTotal(scope, query.center_id ? [query.center_id] : scope.centerIds, query.status, where)
          ).then((total) => ({ total, lowerBound: false }));
      const [rows, count] = await Promise.all([pageOfInvoices(scope, query, pattern, offset), countQuery]);
      return {
        invoices: rows.map(toInvoice),
        pagination: {
          current_page: query.page,
          total_pages: Math.max(1, Math.ceil(count.total / query.limit)),
          total_items: count.total,
          total_is_lower_bound: count.lowerBound,
          items_per_page: query.limit,
        },
      };
    },

    async get(scope: Scope, id: string): Promise<InvoiceDetail> {
      return detail(db, await findInvoice(db, scope, id));
    },

    /** An invoice in scope, without its lines and payments; 404 when the caller may not see it. */
    async find(scope: Scope, id: string): Promise<Invoice> {
      return toInvoice(await findInvoice(db, scope, id));
    },

    /** What the PDF shows: the invoice with lines and payments, and the centre's letterhead. */
    async document(scope: Scope, id: string) {
      const row = await findInvoice(db, scope, id);
      const [[centre], [settings]] = await Promise.all([
        db.select().from(centers).where(eq(centers.id, row.centerId)),
        db
          .select({ legalName: centerCollectionSettings.legalName, taxAddress: centerCollectionSettings.taxAddress })
          .from(centerCollectionSettings)
          .where(eq(centerCollectionSettings.centerId, row.centerId)),
      ]);
      return {
        invoice: await detail(db, row),
        // An unpaid invoice's PDF carries its UPI QR and the centre's UPI ID.
        centre: { ...centre!, upi: await payableUpiLink(db, row) },
        seller: { legalName: settings?.legalName ?? null, taxAddress: settings?.taxAddress ?? null },
      };
    },

    /** Records money received; part payments add up and the invoice is Paid once nothing is due. */
    async recordPayment(caller: Caller, id: string, raw: PaymentRequest): Promise<InvoiceDetail> {
      const input = paymentRequest.parse(raw);
      const scope = await caller.scope();
      return db.transaction(async (tx) => {
        const row = await findInvoice(tx, scope, id, true);
        await recordPaymentIn(
          tx,
          row,
          {
            amountPaise: toPaise(input.amount),
            paidOn: input.paid_on,
            mode: input.mode,
            reference: input.reference,
          },
          { userId: caller.userId, now: clock.now() },
        );
        return detail(tx, await findInvoice(tx, scope, id));
      });
    },

    /** Cancels an unpaid invoice with a reason; it stays in the books as Cancelled. */
    async cancel(caller: Caller, id: string, reason: string): Promise<InvoiceDetail> {
      const scope = await caller.scope();
      return db.transaction(async (tx) => {
        const row = await findInvoice(tx, scope, id, true);
        if (row.status === "Paid") throw wrongState(INVOICE_MESSAGES.alreadyPaid);
        if (row.status === "Cancelled") throw wrongState(INVOICE_MESSAGES.cancelled);
        if (row.paidPaise > 0) throw wrongState(INVOICE_MESSAGES.hasPayments);
        const now = clock.now();
        await tx
          .update(invoices)
          .set({
            status: "Cancelled",
            cancelReason: reason,
            cancelledBy: caller.userId,
            cancelledAt: now,
            updatedAt: now,
          })
          .where(eq(invoices.id, id));
        await writeAudit(tx, {
          organisationId: row.organisationId,
          actorId: caller.userId,
          action: "invoice.cancel",
          entity: "invoice",
          entityId: id,
          before: { status: row.status },
          after: { status: "Cancelled", reason },
        });
        return detail(tx, await findInvoice(tx, scope, id));
      });
    },

    /**
     * Pending invoices whose due date has passed in their centre's time zone become Overdue (the
     * scheduled job). One statement; one audit row per invoice.
     */
    async markOverdue(now: Date = clock.now()): Promise<number> {
      const [row] = rowsOf<{ count: number; children: string[] | null }>(
        await db.execute(sql`
          with updated as (
            update invoices i set status = 'Overdue', updated_at = ${now.toISOString()}::timestamptz
            from centers c
            where c.id = i.center_id and i.status = 'Pending'
              and i.due_date < (${now.toISOString()}::timestamptz at time zone c.time_zone)::date
            returning i.id, i.organisation_id, i.invoice_number, i.due_date, i.student_id
          ),
          audit as (
            insert into audit_log (organisation_id, actor_id, action, entity, entity_id, before, after, at)
            select organisation_id, null, 'invoice.overdue', 'invoice', id::text,
                   jsonb_build_object('status', 'Pending'),
                   jsonb_build_object('status', 'Overdue', 'invoice_number', invoice_number, 'due_date', due_date),
                   ${now.toISOString()}::timestamptz
            from updated
            returning 1
          )
          select (select count(*) from updated)::int as count, (select count(*) from audit)::int as audited,
                 (select array_agg(distinct student_id::text) from updated) as children
        `),
      );
      await pushInvoices(push, db, row?.children ?? [], "overdue");
      return row?.count ?? 0;
    },

    /* ---------- Invoice requests ---------- */

    ...createInvoiceRequests({ db, clock, push }),
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
