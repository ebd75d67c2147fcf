import type { Role } from "@sprout/shared/roles";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { STAFF_ROLES, staff } from "../../db/schema/staff.ts";

type StaffRole = (typeof STAFF_ROLES)[number];

/** The staff-record role of a centre sign-in, or null for roles that are not a centre's staff. */
export function staffRoleOf(role: Role): StaffRole | null {
  return (STAFF_ROLES as readonly string[]).includes(role) ? (role as StaffRole) : null;
}

/** "Priya Sharma" -> first "Priya", last "Sharma"; a single name keeps an empty last name. */
export function splitName(fullName: string) {
  const [first = "", ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") };
}

interface Account {
  id: string;
  organisationId: string;
  centerId: string | null;
  role: Role;
  fullName: string;
  phoneNumber: string | null;
  jobTitle: string | null;
}

/**
 * Every staff sign-in of a centre has its staff record (the Staff Management page lists them).
 * Creates the record for a centre role, or brings an existing one in line with the account's
 * name, centre and role. Accounts that are not a centre's staff are left alone.
 */
export async function syncStaffRecord(db: Database, account: Account, now: Date): Promise<void> {
  const role = staffRoleOf(account.role);
  if (!role || !account.centerId) return;
  const { firstName, lastName } = splitName(account.fullName);
  await db
    .insert(staff)
    .values({
      organisationId: account.organisationId,
      centerId: account.centerId,
      userId: account.id,
      firstName,
      lastName,
      role,
      designation: account.jobTitle,
      contactNumber: account.phoneNumber,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: staff.userId,
      set: {
        centerId: account.centerId,
        firstName,
        lastName,
        designation: account.jobTitle,
        // Support staff sign in as teachers: a teacher account keeps its "staff" record role.
        role: sql`case when ${staff.role} = 'staff' and excluded.role = 'teacher' then 'staff' else excluded.role end`,
        updatedAt: now,
      },
    });
}
