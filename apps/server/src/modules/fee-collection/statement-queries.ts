import { english } from "@sprout/shared/i18n/english";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { bankStatements, statementCredits } from "../../db/schema/fee-collection.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { HttpError } from "../../lib/errors.ts";
import { UUID } from "../billing/queries.ts";

export const STATEMENT_NOT_FOUND = () => new HttpError(404, "NOT_FOUND", english("server.statements.notFound"));

const statementColumns = {
  id: bankStatements.id,
  centerId: bankStatements.centerId,
  centerName: centers.name,
  organisationId: centers.organisationId,
  fileName: bankStatements.fileName,
  format: bankStatements.format,
  credits: bankStatements.credits,
  uploadedByName: users.fullName,
  uploadedAt: bankStatements.uploadedAt,
};

export function selectStatements(executor: Database) {
  return executor
    .select(statementColumns)
    .from(bankStatements)
    .innerJoin(centers, eq(centers.id, bankStatements.centerId))
    .leftJoin(users, eq(users.id, bankStatements.uploadedBy));
}
export type StatementRow = Awaited<ReturnType<ReturnType<typeof selectStatements>["execute"]>>[number];

/** A statement of the caller's centres, or 404 (another centre's statement is "not found"). */
export async function findStatement(executor: Database, scope: Scope, id: string): Promise<StatementRow> {
  if (!UUID.test(id)) throw STATEMENT_NOT_FOUND();
  const [row] = await selectStatements(executor).where(
    and(eq(bankStatements.id, id), inArray(bankStatements.centerId, scope.centerIds)),
  );
  if (!row) throw STATEMENT_NOT_FOUND();
  return row;
}

/** Recorded and ignored credits of each statement of a page, in one grouped count. */
export async function decidedCounts(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, { recorded: number; ignored: number }>();
  const rows = await db
    .select({ id: statementCredits.statementId, status: statementCredits.status, count: count() })
    .from(statementCredits)
    .where(and(inArray(statementCredits.statementId, ids), sql`${statementCredits.status} <> 'Unmatched'`))
    .groupBy(statementCredits.statementId, statementCredits.status);
  const counts = new Map(ids.map((id) => [id, { recorded: 0, ignored: 0 }]));
  for (const row of rows) counts.get(row.id)![row.status === "Recorded" ? "recorded" : "ignored"] = row.count;
  return counts;
}
