import { and, asc, eq, inArray, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { students } from "../../db/schema/children.ts";
import { incidentChildren } from "../../db/schema/incidents.ts";

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
 * audit under its own id (the child's day, health, stays, submissions, portfolio, the enquiry and
 * correction requests). Read before the records are deleted. Rows of the child's day, health and
 * observations are found by the child named inside them instead (`namingChild`), which also finds
 * those of entries removed earlier.
 */
function aboutChild(studentId: string): SQL {
  const dayTables = ["food_entries", "sleep_entries", "potty_entries", "stars", "health_notes", "medication_doses"];
  const healthTables = ["health_notes", "medications", "medication_doses", "immunisations"];
  return or(
    and(sql`${auditLog.entity} = 'student'`, sql`${auditLog.entityId} = ${studentId}`),
    // Rows that name no child (a nap's end, a withdrawn medication) of records still there.
    named(
      "child_day",
      dayTables.map((table) => idsIn(table, studentId)),
    ),
    named(
      "child_health",
      healthTables.map((table) => idsIn(table, studentId)),
    ),
    named("attendance_stay", [idsIn("attendance_stays", studentId)]),
    named("assignment_submission", [idsIn("assignment_submissions", studentId)]),
    named("portfolio_item", [idsIn("portfolio_items", studentId)]),
    named("enquiry", [idsIn("enquiries", studentId)]),
    named("data_request", [
      sql`(select id::text from data_requests where student_id = ${child(studentId)} and kind = 'correction')`,
    ]),
  )!;
}

/**
 * Entities whose rows carry the child's id in their values: an entry's creation (`child_id`, or
 * `entries[].child_id` for a class's meal) and its removal (the removed row, `studentId`). There
 * is no index on the values, so this is one pass over these three entities' rows (the entity
 * index's prefix), never over the whole audit log.
 */
const NAMING_ENTITIES = ["child_day", "child_health", "observation_log"];
function namingChild(studentId: string): SQL {
  const id = JSON.stringify(studentId);
  return and(
    inArray(auditLog.entity, NAMING_ENTITIES),
    sql`(${auditLog.before} @> ${`{"studentId":${id}}`}::jsonb or ${auditLog.after} @> ${`{"child_id":${id}}`}::jsonb
      or ${auditLog.after} @> ${`{"entries":[{"child_id":${id}}]}`}::jsonb)`,
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

type AuditValues = { id: string; before: unknown; after: unknown };

async function writeBack(tx: Database, rows: AuditValues[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 200) {
    const values = rows
      .slice(start, start + 200)
      .map((row) => sql`(${row.id}::uuid, ${json(row.before)}, ${json(row.after)})`);
    await tx.execute(sql`update audit_log set before = v.before, after = v.after
      from (values ${sql.join(values, sql`, `)}) as v(id, before, after) where audit_log.id = v.id`);
  }
}

/** The child a row names; a class's meal names several, which is never "no child". */
const namedIn = (value: unknown): string | undefined => {
  const direct = childOfItem(value);
  if (direct) return direct;
  const entries = value && typeof value === "object" ? (value as { entries?: unknown }).entries : undefined;
  return Array.isArray(entries) && entries.length > 0 ? "a class" : undefined;
};

/**
 * Rows of the child's day, health and observations: those naming the child, and those of the same
 * entry that name no child (an observation's deletion keeps only its files' names) when the last
 * earlier row naming a child named this one (a log moved to another child and then deleted is
 * that child's). Found through the rows naming the child, so entries deleted before the erasure
 * are covered; the second read goes by entity and id (indexed).
 */
async function dayRowsOf(tx: Database, studentId: string) {
  const naming = await tx
    .select({ entity: auditLog.entity, entityId: auditLog.entityId })
    .from(auditLog)
    .where(namingChild(studentId));
  if (naming.length === 0) return [];
  const byEntity = NAMING_ENTITIES.map((entity) => ({
    entity,
    ids: [...new Set(naming.filter((row) => row.entity === entity).map((row) => row.entityId ?? ""))],
  })).filter((group) => group.ids.length > 0);
  const rows = await tx
    .select({
      id: auditLog.id,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      at: auditLog.at,
    })
    .from(auditLog)
    .where(
      and(
        or(...byEntity.map((group) => and(eq(auditLog.entity, group.entity), inArray(auditLog.entityId, group.ids)))),
        notInArray(auditLog.action, KEPT_ACTIONS),
      ),
    )
    .orderBy(asc(auditLog.at));
  const lastNamed = new Map<string, string>();
  return rows.filter((row) => {
    const key = `${row.entity}/${row.entityId}`;
    const names = namedIn(row.after) ?? namedIn(row.before);
    const ours = names ? JSON.stringify([row.before, row.after]).includes(studentId) : lastNamed.get(key) === studentId;
    if (names) lastNamed.set(key, ours ? studentId : names);
    return ours;
  });
}

/**
 * Replaces the personal values of every audit row about the child (who, when and what kind of
 * change stay), and the child's values in the rows of incidents they were in (`scrubIncidentAudit`).
 * Run by the erasure before the child's records go, and again when the name goes.
 */
export async function scrubChildAudit(tx: Database, studentId: string): Promise<number> {
  const about = await tx
    .select({ id: auditLog.id, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(aboutChild(studentId), notInArray(auditLog.action, KEPT_ACTIONS)));
  const seen = new Set(about.map((row) => row.id));
  const rows = [...about, ...(await dayRowsOf(tx, studentId)).filter((row) => !seen.has(row.id))];
  await writeBack(
    tx,
    rows.map((row) => ({
      id: row.id,
      before: scrubbed(row.before, studentId),
      after: scrubbed(row.after, studentId),
    })),
  );
  return rows.length + (await scrubIncidentAudit(tx, studentId));
}

const REDACTED = "a child";
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each whole-word mention of one of the names in every string of a value, replaced. */
export function redacted(value: unknown, names: string[]): unknown {
  const patterns = names
    .map((name) => name.trim())
    .filter((name) => name.length >= 2)
    .sort((a, b) => b.length - a.length)
    .map((name) => new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${literal(name)}(?![\\p{L}\\p{M}\\p{N}])`, "giu"));
  const walk = (item: unknown): unknown => {
    if (typeof item === "string") return patterns.reduce((text, pattern) => text.replace(pattern, REDACTED), item);
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === "object")
      return Object.fromEntries(Object.entries(item).map(([key, field]) => [key, walk(field)]));
    return item;
  };
  return walk(value);
}

/** An incident row's values with everything but the list of children blanked. */
function blankIncident(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, key === "child_ids" ? field : null]));
}

const childIdsIn = (value: unknown): string[] => {
  const list = value && typeof value === "object" ? (value as { child_ids?: unknown }).child_ids : undefined;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [];
};

/**
 * The audit rows of the incidents the child was in (linked now, or named in a row's `child_ids`
 * before a correction took them off). The report itself stays (a safety record); its rows keep
 * the children's ids as references (the child row is the pseudonym). An incident of this child
 * alone has every other value blanked, as the child's own records. An incident with other
 * children is their families' record too: its values stay, with each mention of this child's
 * name replaced by "a child". Rows naming the child are looked for among the incidents of the
 * centres the child was at (by entity and id, indexed), not the whole log.
 */
async function scrubIncidentAudit(tx: Database, studentId: string): Promise<number> {
  const [person] = await tx
    .select({ firstName: students.firstName, lastName: students.lastName, centerId: students.centerId })
    .from(students)
    .where(eq(students.id, studentId));
  if (!person) return 0;
  const centres = sql`(select ${person.centerId}::uuid union select from_center_id from student_moves where student_id = ${child(studentId)}
    union select to_center_id from student_moves where student_id = ${child(studentId)})`;
  const id = JSON.stringify(studentId);
  const rows = await tx
    .select({ id: auditLog.id, entityId: auditLog.entityId, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, "incident"),
        notInArray(auditLog.action, KEPT_ACTIONS),
        inArray(
          auditLog.entityId,
          sql`(select incident_id::text from incident_children where student_id = ${child(studentId)}
            union select a.entity_id from audit_log a where a.entity = 'incident'
              and a.entity_id in (select id::text from incidents where center_id in ${centres})
              and (a.before @> ${`{"child_ids":[${id}]}`}::jsonb or a.after @> ${`{"child_ids":[${id}]}`}::jsonb))`,
        ),
      ),
    );
  if (rows.length === 0) return 0;
  const incidentIds = [...new Set(rows.map((row) => row.entityId ?? ""))];
  const links = await tx
    .select({ incidentId: incidentChildren.incidentId, studentId: incidentChildren.studentId })
    .from(incidentChildren)
    .where(inArray(incidentChildren.incidentId, incidentIds));
  const others = new Map<string, Set<string>>(incidentIds.map((incident) => [incident, new Set()]));
  for (const link of links) others.get(link.incidentId)?.add(link.studentId);
  for (const row of rows)
    for (const listed of [...childIdsIn(row.before), ...childIdsIn(row.after)])
      others.get(row.entityId ?? "")?.add(listed);
  for (const set of others.values()) set.delete(studentId);
  const otherIds = [...new Set([...others.values()].flatMap((set) => [...set]))];
  // A surname another child of the incident shares is theirs too: only the full and first name go then.
  const otherSurnames = new Set(
    otherIds.length === 0
      ? []
      : (await tx.select({ lastName: students.lastName }).from(students).where(inArray(students.id, otherIds))).map(
          (row) => row.lastName.trim().toLowerCase(),
        ),
  );
  const names = [`${person.firstName} ${person.lastName}`, person.firstName];
  const surname = person.lastName.trim();
  await writeBack(
    tx,
    rows.map((row) => {
      if ((others.get(row.entityId ?? "")?.size ?? 0) === 0)
        return { id: row.id, before: blankIncident(row.before), after: blankIncident(row.after) };
      const own = otherSurnames.has(surname.toLowerCase()) ? names : [...names, surname];
      return { id: row.id, before: redacted(row.before, own), after: redacted(row.after, own) };
    }),
  );
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
