import { LANGUAGE_CODES } from "@sprout/shared/i18n/languages";
import { ROLES } from "@sprout/shared/roles";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { centers, organisations } from "./organisations.ts";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    fullName: text("full_name").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    centerId: uuid("center_id").references((): AnyPgColumn => centers.id),
    phoneNumber: text("phone_number"),
    jobTitle: text("job_title"),
    isActive: boolean("is_active").notNull().default(true),
    mustResetPassword: boolean("must_reset_password").notNull().default(false),
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /** TOTP secret, encrypted with the app secret (never stored in clear). */
    twoFactorSecret: text("two_factor_secret"),
    // The last accepted TOTP time step of each purpose is in two_factor_used_steps (account.ts).
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** The language the person chose: screens, e-mails, pushes and PDFs to them. Null: not chosen. */
    language: text("language", { enum: LANGUAGE_CODES }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(sql`lower(${table.email})`),
    // The user list's order: an organisation's (super admin) and a centre's.
    index("users_org_name_idx").on(table.organisationId, table.fullName, table.id),
    index("users_center_name_idx").on(table.centerId, table.fullName, table.id),
  ],
);

export type UserRow = typeof users.$inferSelect;
/** An account as sign-in and the guard read it: the row and its centre's name. */
export type UserWithCentre = UserRow & { centerName: string | null };
