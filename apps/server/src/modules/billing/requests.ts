import {
  BILLING_MESSAGES,
  type CreateInvoiceRequest,
  createInvoiceRequest,
  type InvoiceRequest,
  type InvoiceRequestsPage,
  type invoiceRequestsQuery,
} from "@sprout/shared/schemas/billing";
import { todayIn } from "@sprout/shared/schemas/children";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { invoiceLines, invoiceRequests, invoices } from "../../db/schema/billing.ts";
import { students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { toPaise } from "../../lib/money.ts";
import { paginationOf } from "../../lib/paging.ts";
import type { PushQueue } from "../push/area.ts";
import { taxDraft } from "./invoice-tax.ts";
import { INVOICE_MESSAGES, wrongState } from "./messages.ts";
import { toInvoiceRequest } from "./presenter.ts";
import { pushInvoices } from "./push.ts";
import { takeInvoiceNumber, UUID } from "./queries.ts";

/**
 * Invoice requests: raised by billing staff for a child of their centres, approved (which issues
 * its invoice) by someone other than who raised it, or rejected with a reason.
 */
export function createInvoiceRequests({
  db,
  clock,
  push,
}: {
  db: Database;
  clock: Clock;
  push?: Pick<PushQueue, "toFamilies">;
}) {
  const requester = alias(users, "requester");
  const decider = alias(users, "decider");

  function selectRequests(executor: Database) {
    return executor
      .select({
        id: invoiceRequests.id,
        studentId: invoiceRequests.studentId,
        firstName: students.firstName,
        lastName: students.lastName,
        childStudentId: students.studentId,
        centerId: invoiceRequests.centerId,
        centerName: centers.name,
        timeZone: centers.timeZone,
        amountPaise: invoiceRequests.amountPaise,
        dueDate: invoiceRequests.dueDate,
        description: invoiceRequests.description,
        sacCode: invoiceRequests.sacCode,
        gstRate: invoiceRequests.gstRate,
        status: invoiceRequests.status,
        rejectReason: invoiceRequests.rejectReason,
        requestedBy: invoiceRequests.requestedBy,
        requestedByName: requester.fullName,
        requestedAt: invoiceRequests.requestedAt,
        decidedByName: decider.fullName,
        decidedAt: invoiceRequests.decidedAt,
        invoiceId: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
      })
      .from(invoiceRequests)
      .innerJoin(students, eq(students.id, invoiceRequests.studentId))
      .innerJoin(centers, eq(centers.id, invoiceRequests.centerId))
      .leftJoin(requester, eq(requester.id, invoiceRequests.requestedBy))
      .leftJoin(decider, eq(decider.id, invoiceRequests.decidedBy))
      .leftJoin(invoices, eq(invoices.requestId, invoiceRequests.id));
  }

  async function findRequest(executor: Database, scope: Scope, id: string, lock = false) {
    if (!UUID.test(id)) throw notFound("Invoice request");
    const query = selectRequests(executor).where(
      and(inArray(invoiceRequests.centerId, scope.centerIds), eq(invoiceRequests.id, id)),
    );
    const [row] = lock ? await query.for("update", { of: invoiceRequests }) : await query;
    if (!row) throw notFound("Invoice request");
    return row;
  }

  return {
    /** A page of requests, Pending first then newest; one grouped count gives the total and the pending. */
    async listRequests(scope: Scope, query: z.output<typeof invoiceRequestsQuery>): Promise<InvoiceRequestsPage> {
      const inScope = inArray(invoiceRequests.centerId, scope.centerIds);
      const where = query.status ? and(inScope, eq(invoiceRequests.status, query.status)) : inScope;
      const [rows, counts] = await Promise.all([
        selectRequests(db)
          .where(where)
          .orderBy(
            sql`case when ${invoiceRequests.status} = 'Pending' then 0 else 1 end`,
            desc(invoiceRequests.requestedAt),
            desc(invoiceRequests.id),
          )
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db
          .select({ status: invoiceRequests.status, total: count() })
          .from(invoiceRequests)
          .where(inScope)
          .groupBy(invoiceRequests.status),
      ]);
      const countOf = (status?: InvoiceRequest["status"]) =>
        counts.filter((row) => !status || row.status === status).reduce((sum, row) => sum + row.total, 0);
      return {
        requests: rows.map(toInvoiceRequest),
        pagination: paginationOf(query, countOf(query.status)),
        pending: countOf("Pending"),
      };
    },

    async createRequest(caller: Caller, raw: CreateInvoiceRequest): Promise<InvoiceRequest> {
      const input = createInvoiceRequest.parse(raw);
      const scope = await caller.scope();
      if (!UUID.test(input.child_id)) throw notFound("Student");
      const [child] = await db
        .select({
          id: students.id,
          centerId: students.centerId,
          timeZone: centers.timeZone,
          organisationId: centers.organisationId,
        })
        .from(students)
        .innerJoin(centers, eq(centers.id, students.centerId))
        .where(and(eq(students.id, input.child_id), inArray(students.centerId, scope.centerIds)));
      if (!child) throw notFound("Student");
      if (input.dueDate < todayIn(child.timeZone, clock.now())) {
        throw badRequest(BILLING_MESSAGES.dueDatePast, { dueDate: BILLING_MESSAGES.dueDatePast });
      }
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(invoiceRequests)
          .values({
            organisationId: child.organisationId,
            centerId: child.centerId,
            studentId: child.id,
            amountPaise: toPaise(input.amount),
            dueDate: input.dueDate,
            description: input.description || null,
            sacCode: input.sac_code,
            gstRate: input.gst_rate,
            requestedBy: caller.userId,
            requestedAt: clock.now(),
          })
          .returning({ id: invoiceRequests.id });
        const created = await findRequest(tx, scope, row!.id);
        await writeAudit(tx, {
          organisationId: child.organisationId,
          actorId: caller.userId,
          action: "invoice_request.create",
          entity: "invoice_request",
          entityId: row!.id,
          after: toInvoiceRequest(created),
        });
        return toInvoiceRequest(created);
      });
    },

    /** Approving a Pending request issues its invoice (today, due on the requested date). */
    async approveRequest(caller: Caller, id: string): Promise<InvoiceRequest> {
      const scope = await caller.scope();
      return transaction(db, async (tx) => {
        const request = await findRequest(tx, scope, id, true);
        if (request.status !== "Pending") throw wrongState(INVOICE_MESSAGES.requestDecided(request.status));
        // Segregation of duties: the person who asked for an invoice does not also issue it.
        if (request.requestedBy === caller.userId) throw forbidden(INVOICE_MESSAGES.ownRequest);
        const now = clock.now();
        const today = todayIn(request.timeZone, now);
        const description = request.description || "Invoice on request";
        const numbered = await takeInvoiceNumber(tx, request.centerId, today);
        const draft = await taxDraft(tx, request.centerId, request.studentId, [
          { description, amountPaise: request.amountPaise, sacCode: request.sacCode, gstRate: request.gstRate },
        ]);
        const [invoice] = await tx
          .insert(invoices)
          .values({
            organisationId: caller.organisationId,
            centerId: request.centerId,
            studentId: request.studentId,
            ...numbered,
            kind: "request",
            requestId: id,
            description,
            issueDate: today,
            // biome-ignore lint/complexity/useMathMinMax: ISO date strings, compared as text
            dueDate: request.dueDate < today ? today : request.dueDate, // a request approved after its due date is due today
            totalPaise: request.amountPaise,
            taxDocument: draft.taxDocument,
            supplierGstin: draft.supplierGstin,
            placeOfSupply: draft.placeOfSupply,
            createdBy: caller.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber });
        await tx.insert(invoiceLines).values(
          draft.lines.map((line, position) => ({
            invoiceId: invoice!.id,
            position,
            description: line.description,
            amountPaise: line.amountPaise,
            sacCode: line.sacCode,
            gstRate: line.gstRate,
            taxablePaise: line.taxablePaise,
            cgstPaise: line.cgstPaise,
            sgstPaise: line.sgstPaise,
            igstPaise: line.igstPaise,
          })),
        );
        await tx
          .update(invoiceRequests)
          .set({ status: "Approved", decidedBy: caller.userId, decidedAt: now })
          .where(eq(invoiceRequests.id, id));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "invoice_request.approve",
          entity: "invoice_request",
          entityId: id,
          before: { status: request.status },
          after: { status: "Approved", invoice_id: invoice!.id, invoice_number: invoice!.invoiceNumber },
        });
        await pushInvoices(push, tx, [request.studentId], "issued");
        return toInvoiceRequest(await findRequest(tx, scope, id));
      });
    },

    async rejectRequest(caller: Caller, id: string, reason: string): Promise<InvoiceRequest> {
      const scope = await caller.scope();
      return db.transaction(async (tx) => {
        const request = await findRequest(tx, scope, id, true);
        if (request.status !== "Pending") throw wrongState(INVOICE_MESSAGES.requestDecided(request.status));
        const now = clock.now();
        await tx
          .update(invoiceRequests)
          .set({ status: "Rejected", rejectReason: reason, decidedBy: caller.userId, decidedAt: now })
          .where(eq(invoiceRequests.id, id));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "invoice_request.reject",
          entity: "invoice_request",
          entityId: id,
          before: { status: request.status },
          after: { status: "Rejected", reason },
        });
        return toInvoiceRequest(await findRequest(tx, scope, id));
      });
    },
  };
}
