import { and, inArray, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { auditLog } from "../../db/schema/audit.ts";

/**
 * Audit rows kept as they are: the erasure's own rows (counts of what went, no personal value)
 * and the consent answers (yes or no per purpose and the notice version: the proof the centre
 * must keep that it processed the child's data with the parent's consent).
 */
const KEPT_ACTIONS = [
  "child.erase",
  "child.erase.retention",
  "child.remove_name.retention",
  "consent.answer",
  "photo_consent.set",
];

const child = (studentId: string) => sql`${studentId}::uuid`;
/** Ids of a child's rows in `table`, as the text the audit log names them by. */
const idsIn = (table: string, studentId: string, column = "student_id") =>
  sql`(select id::text from ${sql.identifier(table)} where ${sql.identifier(column)} = ${child(studentId)})`;
const named = (entity: string, ids: SQL[]) =>
  and(sql`${auditLog.entity} = ${entity}`, or(...ids.map((list) => inArray(auditLog.entityId, list))));

/**
 * The audit rows about one child: the child itself, and every record of theirs that the areas
 * audit under its own id (the child's day, health, observations, stays, submissions, portfolio,
 * the enquiry and correction requests). Entries removed earlier are no longer in their tables:
 * their rows are found by the child named inside them. Read before the records are deleted.
 */
function aboutChild(studentId: string): SQL {
  const id = JSON.stringify(studentId);
  const dayTables = ["food_entries", "sleep_entries", "potty_entries", "stars", "health_notes", "medication_doses"];
  const healthTables = ["health_notes", "medications", "medication_doses", "immunisations"];
  return or(
    and(sql`${auditLog.entity} = 'student'`, sql`${auditLog.entityId} = ${studentId}`),
    named(
      "child_day",
      dayTables.map((table) => idsIn(table, studentId)),
    ),
    named(
      "child_health",
      healthTables.map((table) => idsIn(table, studentId)),
    ),
    and(
      inArray(auditLog.entity, ["child_day", "child_health"]),
      sql`(${auditLog.before} @> ${`{"studentId":${id}}`}::jsonb or ${auditLog.after} @> ${`{"child_id":${id}}`}::jsonb
        or ${auditLog.after} @> ${`{"entries":[{"child_id":${id}}]}`}::jsonb)`,
    ),
    named("observation_log", [idsIn("observation_logs", studentId)]),
    named("attendance_stay", [idsIn("attendance_stays", studentId)]),
    named("assignment_submission", [idsIn("assignment_submissions", studentId)]),
    named("portfolio_item", [idsIn("portfolio_items", studentId)]),
    named("enquiry", [idsIn("enquiries", studentId)]),
    named("data_request", [
      sql`(select id::text from data_requests where student_id = ${child(studentId)} and kind = 'correction')`,
    ]),
  )!;
}

const CHILD_KEYS = ["child_id", "student_id", "studentId"];
const childOfItem = (item: unknown) =>
  item && typeof item === "object" && !Array.isArray(item)
    ? CHILD_KEYS.map((key) => (item as Record<string, unknown>)[key]).find((value) => typeof value === "string")
    : undefined;
const blank = (value: object) => Object.fromEntries(Object.keys(value).map((key) => [key, null]));

/**
 * A before/after value with the child's personal values replaced by null and the field names
 * kept (the row still says what kind of change it was). A row shared with other children (a
 * class's meal) keeps theirs: only this child's entries and nothing else of it are blanked.
 */
export function scrubbed(value: unknown, studentId: string): unknown {
  if (value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) return null;
  const fields = Object.entries(value);
  const shared = fields.some(
    ([, field]) =>
      Array.isArray(field) && field.some((item) => childOfItem(item) !== undefined && childOfItem(item) !== studentId),
  );
  if (!shared) return blank(value);
  return Object.fromEntries(
    fields.map(([key, field]) => [
      key,
      Array.isArray(field)
        ? field.map((item) => (childOfItem(item) === studentId ? blank(item as object) : item))
        : field,
    ]),
  );
}

/** A value as jsonb, and an empty side (no before of a creation) as SQL null. */
const json = (value: unknown) => (value === null ? sql`null::jsonb` : sql`${JSON.stringify(value)}::jsonb`);

/**
 * Replaces the personal values of every audit row about the child (who, when and what kind of
 * change stay). Run by the erasure before the child's records go, and again when the name goes.
 */
export async function scrubChildAudit(tx: Database, studentId: string): Promise<number> {
  const rows = await tx
    .select({ id: auditLog.id, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(aboutChild(studentId), notInArray(auditLog.action, KEPT_ACTIONS)));
  for (let start = 0; start < rows.length; start += 200) {
    const values = rows
      .slice(start, start + 200)
      .map(
        (row) =>
          sql`(${row.id}::uuid, ${json(scrubbed(row.before, studentId))}, ${json(scrubbed(row.after, studentId))})`,
      );
    await tx.execute(sql`update audit_log set before = v.before, after = v.after
      from (values ${sql.join(values, sql`, `)}) as v(id, before, after) where audit_log.id = v.id`);
  }
  return rows.length;
}

/**
 * When the child's name is removed after the books' period, the requests for invoices that
 * still carry it in their audit rows show the pseudonym instead (amounts and dates are the books).
 */
export async function renameInBooksAudit(tx: Database, studentId: string, pseudonym: string): Promise<void> {
  await tx.execute(sql`update audit_log set
      before = case when before ? 'child_name' then jsonb_set(before, '{child_name}', to_jsonb(${pseudonym}::text)) else before end,
      after = case when after ? 'child_name' then jsonb_set(after, '{child_name}', to_jsonb(${pseudonym}::text)) else after end
    where entity = 'invoice_request'
      and entity_id in (select id::text from invoice_requests where student_id = ${child(studentId)})`);
}
