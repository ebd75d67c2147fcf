import type { Database } from "../../src/db/client.ts";
import { bankStatements, statementCredits } from "../../src/db/schema/fee-collection.ts";

/**
 * A bank statement of another centre with one unmatched credit, for the permission matrix's
 * foreign calls on statements (its reads, confirm and ignore must answer 404). Test data only.
 */
export async function statementsMatrixRecords(db: Database, { other }: { other: string }) {
  const [statement] = await db
    .insert(bankStatements)
    .values({ centerId: other, fileName: "Another centre's statement.csv", format: "generic", credits: 1 })
    .returning({ id: bankStatements.id });
  const [credit] = await db
    .insert(statementCredits)
    .values({
      statementId: statement!.id,
      centerId: other,
      creditedOn: "2026-11-18",
      narration: "Another centre's credit",
      amountPaise: 100_000,
      reference: "MATRIX-OTHER-1",
    })
    .returning({ id: statementCredits.id });
  return { otherStatement: statement!.id, otherStatementCredit: credit!.id };
}
