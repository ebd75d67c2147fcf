import { sql } from "drizzle-orm";
import type { Database } from "../src/db/client.ts";
import { rowsOf } from "../src/db/rows.ts";

/** Raw rows for assertions in tests. */
export async function query<T>(db: Database, text: string): Promise<T[]> {
  return rowsOf<T>(await db.execute(sql.raw(text)));
}
