import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { classrooms, students } from "./children.ts";
import { centers } from "./organisations.ts";
import { users } from "./users.ts";

/**
 * A child's photo consent as the portfolio reads it (issue 15): none, own portfolio only, or group
 * photos too. A view over the privacy area's consents (issue 19), created by migration 0029: the
 * portfolio purpose given makes "own", with the group purpose too "group"; anything else "none".
 * No row means no consent: photos of a child are opt-in.
 */
export const photoConsents = pgView("photo_consents", {
  studentId: uuid("student_id").notNull(),
  consent: text("consent", { enum: ["none", "own", "group"] }).notNull(),
  setBy: uuid("set_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}).existing();

/**
 * A photo or short clip in a child's portfolio. The display file and the thumbnail are stored
 * under generated names; `is_group` marks a photo tagged to more than one child, which needs every
 * tagged child's group consent to be shown.
 */
export const portfolioItems = pgTable(
  "portfolio_items",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    classroomId: uuid("classroom_id").references(() => classrooms.id, { onDelete: "set null" }),
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    fileName: text("file_name").notNull(),
    mediaType: text("media_type", { enum: ["image", "video"] }).notNull(),
    mimeType: text("mime_type").notNull(),
    storedName: text("stored_name").notNull(),
    thumbStoredName: text("thumb_stored_name"),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    width: integer("width"),
    height: integer("height"),
    isGroup: boolean("is_group").notNull().default(false),
    isFavorite: boolean("is_favorite").notNull().default(false),
    favoritedBy: uuid("favorited_by").references(() => users.id),
    captureMethod: text("capture_method", { enum: ["upload", "camera"] })
      .notNull()
      .default("upload"),
    captureMetadata: jsonb("capture_metadata"),
    uploadedBy: uuid("uploaded_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("portfolio_items_center_created_idx").on(table.centerId, table.createdAt.desc(), table.id),
    index("portfolio_items_student_created_idx").on(table.studentId, table.createdAt.desc(), table.id),
    index("portfolio_items_uploader_idx").on(table.uploadedBy, table.createdAt),
    index("portfolio_items_stored_idx").on(table.storedName),
    index("portfolio_items_thumb_idx").on(table.thumbStoredName),
  ],
);

/** Every child in a photo, the item's own child included (one row for a single-child photo). */
export const portfolioItemChildren = pgTable(
  "portfolio_item_children",
  {
    itemId: uuid("item_id")
      .notNull()
      .references(() => portfolioItems.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.studentId] }),
    index("portfolio_item_children_student_idx").on(table.studentId, table.itemId),
  ],
);

/** Who on the staff opened which child's photo, and when (issue 15: staff views are logged). */
export const portfolioViews = pgTable(
  "portfolio_views",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    itemId: uuid("item_id")
      .notNull()
      .references(() => portfolioItems.id, { onDelete: "cascade" }),
    viewerId: uuid("viewer_id")
      .notNull()
      .references(() => users.id),
    variant: text("variant", { enum: ["file", "thumbnail", "download"] }).notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("portfolio_views_item_idx").on(table.itemId, table.viewedAt)],
);
