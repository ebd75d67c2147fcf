import { sql } from "drizzle-orm";
import type { Database } from "../src/db/client.ts";

/**
 * Makes the audit log refuse entries of one action (a trigger raising an error), so that a test
 * can prove the change and its audit entry commit or roll back together. Returns the undo.
 */
export async function refuseAuditOf(db: Database, action: string): Promise<() => Promise<void>> {
  if (!/^[a-z0-9_.]+$/.test(action)) throw new Error(`not an audit action: ${action}`);
  const name = `refuse_audit_${action.replaceAll(".", "_")}`;
  await db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin raise exception 'audit refused (test)'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before insert on audit_log for each row
      when (new.action = '${action}') execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger if exists ${name} on audit_log`));
    await db.execute(sql.raw(`drop function if exists ${name}()`));
  };
}
