import type { RecordKind } from "@sprout/shared/schemas/privacy";
import { lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { childRecordViews } from "../../db/schema/privacy.ts";

/**
 * Where the child of a read comes from: the child's id itself, or a record of another area whose
 * child is looked up inside the batched insert (one indexed read per row, after the answer left).
 */
export type ChildRef =
  | { child: string }
  | { thread: string }
  | { observationLog: string }
  | { invoice: string }
  | { submission: string }
  | { assessment: string };

export interface RecordRead {
  ref: ChildRef;
  viewerId: string;
  viewerRole: string;
  kind: RecordKind;
  screen: string | null;
  at: Date;
}

export interface AccessLogWriter {
  /** Queues one read; never waits for the database. */
  record(read: RecordRead): void;
  /** Writes what is queued (tests and the log's readers call it to see their own reads). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function childOf(ref: ChildRef): SQL | null {
  const id = Object.values(ref)[0] as string;
  if (!UUID.test(id)) return null;
  if ("child" in ref) return sql`${id}::uuid`;
  if ("thread" in ref) return sql`(select child_id from message_threads where id = ${id}::uuid)`;
  if ("observationLog" in ref) return sql`(select student_id from observation_logs where id = ${id}::uuid)`;
  if ("submission" in ref) return sql`(select student_id from assignment_submissions where id = ${id}::uuid)`;
  if ("assessment" in ref) return sql`(select student_id from child_assessments where id = ${id}::uuid)`;
  return sql`(select student_id from invoices where id = ${id}::uuid)`;
}

/**
 * The batched writer of the access log: reads are buffered in memory and written in one
 * multi-row INSERT every `flushMs` or as soon as `maxRows` are waiting, and on close. The centre
 * of each row is the child's, taken in the same statement; a child that no longer exists drops out.
 */
export function createAccessLogWriter({
  db,
  log,
  flushMs = 1000,
  maxRows = 500,
}: {
  db: Database;
  log: { error(object: object, message: string): void };
  flushMs?: number;
  maxRows?: number;
}): AccessLogWriter {
  let buffer: RecordRead[] = [];
  let writing: Promise<void> = Promise.resolve();

  async function write(rows: RecordRead[]) {
    const values = rows.flatMap((read) => {
      const child = childOf(read.ref);
      if (!child) return [];
      return [
        sql`(${child}, ${read.viewerId}::uuid, ${read.viewerRole}, ${read.kind}, ${read.screen}, ${read.at.toISOString()}::timestamptz)`,
      ];
    });
    if (values.length === 0) return;
    await db.execute(sql`
      insert into child_record_views (student_id, center_id, viewer_id, viewer_role, kind, screen, viewed_at)
      select s.id, s.center_id, v.viewer_id, v.viewer_role, v.kind, v.screen, v.viewed_at
      from (values ${sql.join(values, sql`, `)}) as v(student_id, viewer_id, viewer_role, kind, screen, viewed_at)
      join students s on s.id = v.student_id`);
  }

  function flush(): Promise<void> {
    if (buffer.length === 0) return writing;
    const rows = buffer;
    buffer = [];
    // One write at a time, in order; a failed batch is logged, never thrown at a reader.
    writing = writing.then(() =>
      write(rows).catch((error: unknown) => log.error({ err: error, rows: rows.length }, "access log write failed")),
    );
    return writing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    record(read) {
      buffer.push(read);
      if (buffer.length >= maxRows) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** The access log is kept a year (issue 19); the hourly prune job removes older reads. */
export const ACCESS_LOG_KEEP_DAYS = 365;

export async function pruneAccessLog(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(childRecordViews)
    .where(lt(childRecordViews.viewedAt, new Date(now.getTime() - ACCESS_LOG_KEEP_DAYS * 86_400_000)))
    .returning({ id: childRecordViews.id });
  return rows.length;
}
