import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { centers } from "../../db/schema/organisations.ts";
import { type UserWithCentre, users } from "../../db/schema/users.ts";

/** Reads of user accounts shared by sign-in and user management. */
export function createUserDirectory({ db }: { db: Database }) {
  const withCentre = () =>
    db.select({ user: users, centerName: centers.name }).from(users).leftJoin(centers, eq(centers.id, users.centerId));

  return {
    async findByEmail(email: string): Promise<UserWithCentre | null> {
      const [row] = await withCentre().where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
      return row ? { ...row.user, centerName: row.centerName } : null;
    },
    async findById(id: string): Promise<UserWithCentre | null> {
      const [row] = await withCentre().where(eq(users.id, id));
      return row ? { ...row.user, centerName: row.centerName } : null;
    },
  };
}
