import { LANGUAGE_CODES } from "@sprout/shared/i18n/languages";
import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export const organisations = pgTable("organisations", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const centers = pgTable("centers", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  organisationId: uuid("organisation_id")
    .notNull()
    .references(() => organisations.id),
  name: text("center_name").notNull(),
  address: text("address").notNull(),
  city: text("city").notNull(),
  state: text("state"),
  postalCode: text("postal_code"),
  phone: text("phone"),
  email: text("email"),
  capacity: integer("capacity").notNull().default(150),
  timeZone: text("time_zone").notNull().default("Asia/Kolkata"),
  /** The language of the centre's own copies (an invoice printed by its staff); families choose their own. */
  language: text("language", { enum: LANGUAGE_CODES }).notNull().default("en"),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Which centres an owner owns. */
export const ownerCenters = pgTable(
  "owner_centers",
  {
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.centerId] })],
);
