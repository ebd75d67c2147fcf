import { inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { DEMO_SIGN_INS } from "../db/demo-seed.ts";
import { users } from "../db/schema/users.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

const demoEmails = DEMO_SIGN_INS.map((account) => account.email);

/** The demo accounts that still sign in with the given (published) password. */
export async function demoAccountsWithPassword(db: Database, password: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, demoEmails));
  const open: string[] = [];
  for (const row of rows) {
    if (row.isActive && (await verifyPassword(row.passwordHash, password))) open.push(row.email);
  }
  return open;
}

/** Gives the demo accounts the operator's own password (production demo data, DEMO_PASSWORD). */
export async function setDemoPassword(db: Database, password: string) {
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash })
    .where(inArray(sql`lower(${users.email})`, demoEmails));
}

export async function hasUsers(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return Boolean(row);
}
