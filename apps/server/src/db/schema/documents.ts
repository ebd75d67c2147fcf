import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { centers, organisations } from "./organisations.ts";
import { users } from "./users.ts";

export const DOCUMENT_TYPES = ["policy", "contract", "report", "form", "other"] as const;

/** Uploaded documents. The file lives under `storedName` in the files folder, never under its own name. */
export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    /** Null: a document of the whole organisation. */
    centerId: uuid("center_id").references(() => centers.id),
    name: text("name").notNull(),
    type: text("type", { enum: DOCUMENT_TYPES }).notNull(),
    description: text("description"),
    storedName: text("stored_name").notNull().unique(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("documents_org_center_idx").on(table.organisationId, table.centerId),
    // The list's order: newest first within the organisation.
    index("documents_org_uploaded_idx").on(table.organisationId, table.uploadedAt, table.id),
  ],
);
