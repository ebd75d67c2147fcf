import { english } from "@sprout/shared/i18n/english";
import {
  type StatementDetail,
  type StatementFormat,
  type StatementsPage,
  type StatementUploadResponse,
  statementCreditsQuery,
  statementsQuery,
} from "@sprout/shared/schemas/fee-collection/statements";
import { count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { bankStatements } from "../../db/schema/fee-collection.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { paginationOf } from "../../lib/paging.ts";
import type { PushQueue } from "../push/area.ts";
import { createStatementConfirmation } from "./statement-confirm.ts";
import { pageOfCredits, suggestionsFor, totalsOf } from "./statement-match.ts";
import { toStatementCredit, toStatementSummary } from "./statement-presenter.ts";
import { decidedCounts, findStatement, type StatementRow, selectStatements } from "./statement-queries.ts";
import { readStatement } from "./statement-read.ts";
import { referencesIn } from "./statement-references.ts";

/**
 * Bank statements of a centre: uploaded (each credit stored once, whatever number of times the
 * statement is uploaded), matched to claims and invoices in the database, and their chosen
 * matches recorded as payments (statement-confirm.ts).
 */
export function createStatementsService({
  db,
  clock,
  push,
}: {
  db: Database;
  clock: Clock;
  /** A parent whose claim a statement confirms hears it, as from the claims screen. */
  push?: Pick<PushQueue, "toUsers">;
}) {
  async function detail(
    executor: Database,
    row: StatementRow,
    query: z.output<typeof statementCreditsQuery>,
  ): Promise<StatementDetail> {
    const [credits, totals, decided] = await Promise.all([
      pageOfCredits(executor, row, { limit: query.limit, offset: (query.page - 1) * query.limit }),
      totalsOf(executor, row),
      decidedCounts(executor, [row.id]),
    ]);
    const lone = credits.filter((credit) => credit.status === "Unmatched" && credit.proposal === "none");
    const suggestions = await suggestionsFor(executor, row.centerId, lone);
    return {
      statement: toStatementSummary(row, decided.get(row.id)!),
      totals,
      credits: credits.map((credit) =>
        toStatementCredit(
          credit,
          suggestions.filter((suggestion) => suggestion.credit_id === credit.id),
        ),
      ),
      pagination: paginationOf(query, row.credits),
    };
  }

  return {
    ...createStatementConfirmation({ db, clock, push }),

    /**
     * Reads the file and stores the statement and its new credits in one transaction: a credit
     * already known (same centre, date, amount and reference) is skipped by the unique index.
     */
    async upload(
      caller: Caller,
      input: { centerId: string; format?: StatementFormat; fileName: string; content: Buffer },
    ): Promise<StatementUploadResponse> {
      const scope = await caller.scope();
      if (!scope.centerIds.includes(input.centerId)) throw notFound("Center");
      const read = await readStatement(input.content, input.format);
      const now = clock.now();
      const { row, added } = await transaction(db, async (tx) => {
        const [created] = await tx
          .insert(bankStatements)
          .values({
            centerId: input.centerId,
            fileName: input.fileName.slice(0, 200) || "statement",
            format: read.format,
            uploadedBy: caller.userId,
            uploadedAt: now,
          })
          .returning({ id: bankStatements.id });
        const credits = JSON.stringify(
          read.credits.map((credit) => {
            const { utrs, upiReferences } = referencesIn(credit.narration, credit.reference);
            return {
              credited_on: credit.creditedOn,
              narration: credit.narration,
              amount_paise: credit.amountPaise,
              reference: credit.reference,
              utrs,
              upi_references: upiReferences,
            };
          }),
        );
        const [inserted] = rowsOf<{ added: number }>(
          await tx.execute(sql`
            with added as (
              insert into statement_credits (statement_id, center_id, credited_on, narration, amount_paise, reference,
                                             utrs, upi_references)
              select ${created!.id}, ${input.centerId}, r.credited_on, r.narration, r.amount_paise, r.reference,
                     array(select jsonb_array_elements_text(r.utrs)),
                     array(select jsonb_array_elements_text(r.upi_references))
              from jsonb_to_recordset(${credits}::jsonb)
                as r(credited_on date, narration text, amount_paise bigint, reference text, utrs jsonb, upi_references jsonb)
              on conflict (center_id, credited_on, amount_paise, reference) do nothing
              returning 1
            )
            select count(*)::int as added from added`),
        );
        const added = inserted?.added ?? 0;
        await tx.update(bankStatements).set({ credits: added }).where(eq(bankStatements.id, created!.id));
        const row = await findStatement(tx, scope, created!.id);
        await writeAudit(tx, {
          organisationId: row.organisationId,
          actorId: caller.userId,
          action: "bank_statement.upload",
          entity: "bank_statement",
          entityId: row.id,
          after: {
            file_name: row.fileName,
            format: row.format,
            credits: added,
            already_known: read.credits.length - added,
          },
        });
        return { row, added };
      });
      const known = read.credits.length - added;
      return {
        ...(await detail(db, row, statementCreditsQuery.parse({}))),
        message: english("server.statements.uploaded", { count: added, known }),
        already_known: known,
      };
    },

    /** The uploads of the caller's centres (or one of them), newest first. */
    async list(scope: Scope, raw: z.input<typeof statementsQuery>): Promise<StatementsPage> {
      const query = statementsQuery.parse(raw);
      if (query.center_id && !scope.centerIds.includes(query.center_id)) throw notFound("Center");
      const where: SQL = query.center_id
        ? eq(bankStatements.centerId, query.center_id)
        : inArray(bankStatements.centerId, scope.centerIds);
      const [rows, [total]] = await Promise.all([
        selectStatements(db)
          .where(where)
          .orderBy(desc(bankStatements.uploadedAt), desc(bankStatements.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ count: count() }).from(bankStatements).where(where),
      ]);
      const decided = await decidedCounts(
        db,
        rows.map((row) => row.id),
      );
      return {
        statements: rows.map((row) => toStatementSummary(row, decided.get(row.id)!)),
        pagination: paginationOf(query, total?.count ?? 0),
      };
    },

    /** A statement with one page of its credits, each with its proposed match and suggestions. */
    async get(scope: Scope, id: string, raw: z.input<typeof statementCreditsQuery>): Promise<StatementDetail> {
      return detail(db, await findStatement(db, scope, id), statementCreditsQuery.parse(raw));
    },
  };
}
export type StatementsService = ReturnType<typeof createStatementsService>;
