import { todayIn } from "@sprout/shared/schemas/children";
import {
  DEFAULT_BOOKS_YEARS,
  DEFAULT_RECORDS_YEARS,
  type RetentionCandidate,
  type RetentionInput,
  type retentionDryRunQuery,
} from "@sprout/shared/schemas/data-requests";
import { and, asc, eq, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import { childErasures, retentionSettings } from "../../db/schema/data-requests.ts";
import { centers } from "../../db/schema/organisations.ts";
import type { FileStore } from "../../files/store.ts";
import { JOB_LOCKS, runExclusive } from "../../jobs/lock.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { paginationOf } from "../../lib/paging.ts";
import { countChildRecords, eraseChild, removeName } from "./erasure.ts";
import { assertCentre } from "./policy.ts";
import { fullName, toRetention } from "./presenter.ts";

const DEFAULTS = { records: DEFAULT_RECORDS_YEARS, books: DEFAULT_BOOKS_YEARS };

/** The calendar date `years` before `iso` (29 February falls back to 28). */
export function yearsBefore(iso: string, years: number): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year - years, month - 1, day));
  if (date.getUTCMonth() !== month - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

interface Policy {
  centerId: string;
  recordsYears: number;
  booksYears: number;
  timeZone: string;
}

/**
 * Who the retention job acts on at a centre today: children who left more than the records'
 * years ago and are not erased yet (erase), and erased children past the books' years whose name
 * is still on the invoices (remove the name). The dry run and the job read this one query.
 */
function candidatesWhere(policy: Policy, now: Date) {
  const today = todayIn(policy.timeZone, now);
  const eraseBefore = yearsBefore(today, policy.recordsYears);
  const nameBefore = yearsBefore(today, policy.booksYears);
  const erase: SQL = and(
    eq(students.centerId, policy.centerId),
    eq(students.status, "left"),
    lte(students.exitDate, eraseBefore),
    isNull(childErasures.studentId),
  )!;
  const name: SQL = and(
    eq(students.centerId, policy.centerId),
    lte(students.exitDate, nameBefore),
    sql`${childErasures.studentId} is not null`,
    isNull(childErasures.nameRemovedAt),
  )!;
  return { erase, name };
}

async function candidates(db: Database, policy: Policy, now: Date, page?: { limit: number; offset: number }) {
  const { erase, name } = candidatesWhere(policy, now);
  const action = sql<
    "erase_records" | "remove_name"
  >`case when ${childErasures.studentId} is null then 'erase_records' else 'remove_name' end`;
  const query = db
    .select({
      studentId: students.id,
      number: students.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      exitDate: students.exitDate,
      action,
    })
    .from(students)
    .leftJoin(childErasures, eq(childErasures.studentId, students.id))
    .where(sql`(${erase}) or (${name})`)
    .orderBy(asc(students.exitDate), asc(students.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const [total] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(students)
    .leftJoin(childErasures, eq(childErasures.studentId, students.id))
    .where(sql`(${erase}) or (${name})`);
  return { rows, total: total?.total ?? 0 };
}

/** Retention of the records of children who have left: the setting, the dry run and the job. */
export function createRetentionService({ db, clock }: { db: Database; clock: Clock }) {
  async function policyOf(centerId: string): Promise<Policy> {
    const [row] = await db
      .select({ timeZone: centers.timeZone, setting: retentionSettings })
      .from(centers)
      .leftJoin(retentionSettings, eq(retentionSettings.centerId, centers.id))
      .where(eq(centers.id, centerId));
    if (!row) throw notFound("Center");
    return {
      centerId,
      timeZone: row.timeZone,
      recordsYears: row.setting?.recordsYears ?? DEFAULTS.records,
      booksYears: row.setting?.booksYears ?? DEFAULTS.books,
    };
  }

  return {
    async get(caller: Caller, centerId: string) {
      assertCentre(await caller.scope(), centerId, "Center");
      const [row] = await db.select().from(retentionSettings).where(eq(retentionSettings.centerId, centerId));
      return toRetention(centerId, row, DEFAULTS);
    },

    async set(caller: Caller, input: RetentionInput & { records_years: number; books_years: number }) {
      assertCentre(await caller.scope(), input.center_id, "Center");
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(retentionSettings)
          .where(eq(retentionSettings.centerId, input.center_id));
        const values = {
          enabled: input.enabled,
          recordsYears: input.records_years,
          booksYears: input.books_years,
          updatedBy: caller.userId,
          updatedAt: now,
        };
        const [row] = await tx
          .insert(retentionSettings)
          .values({ centerId: input.center_id, ...values })
          .onConflictDoUpdate({ target: retentionSettings.centerId, set: values })
          .returning();
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "retention.update",
          entity: "center",
          entityId: input.center_id,
          before: before ? toRetention(input.center_id, before, DEFAULTS) : null,
          after: toRetention(input.center_id, row, DEFAULTS),
        });
        return toRetention(input.center_id, row, DEFAULTS);
      });
    },

    /** What the job would do at this centre today, with the records it would remove per child. */
    async dryRun(caller: Caller, query: z.output<typeof retentionDryRunQuery>) {
      assertCentre(await caller.scope(), query.center_id, "Center");
      const policy = await policyOf(query.center_id);
      const { rows, total } = await candidates(db, policy, clock.now(), {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const listed: RetentionCandidate[] = [];
      for (const row of rows) {
        listed.push({
          student_id: row.studentId,
          child_name: fullName(row.firstName, row.lastName),
          student_number: row.number,
          exit_date: row.exitDate ?? "",
          action: row.action,
          records: row.action === "erase_records" ? await countChildRecords(db, row.studentId) : {},
        });
      }
      return { candidates: listed, pagination: paginationOf(query, total) };
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;

/**
 * The retention job: at every centre that switched retention on, erases (or removes the name of)
 * each child the dry run lists, with the same erasure code as a parent's request. One instance
 * runs it at a time (advisory lock); files go after the transaction commits.
 */
export async function runRetention(db: Database, clock: Clock, files: FileStore) {
  const now = clock.now();
  const outcome = await runExclusive(db, JOB_LOCKS.dataRetention, async (tx) => {
    const enabled = await tx
      .select({
        centerId: retentionSettings.centerId,
        organisationId: centers.organisationId,
        recordsYears: retentionSettings.recordsYears,
        booksYears: retentionSettings.booksYears,
        timeZone: centers.timeZone,
      })
      .from(retentionSettings)
      .innerJoin(centers, eq(centers.id, retentionSettings.centerId))
      .where(eq(retentionSettings.enabled, true));
    const done = {
      erased: [] as { student_id: string; removed: Record<string, number> }[],
      named: [] as string[],
      files: [] as string[],
    };
    for (const centre of enabled) {
      const { rows } = await candidates(tx, centre, now);
      for (const row of rows) {
        if (row.action === "erase_records") {
          const result = await eraseChild(tx, {
            studentId: row.studentId,
            centerId: centre.centerId,
            actorId: null,
            reason: "retention",
            at: now,
          });
          await writeAudit(tx, {
            organisationId: centre.organisationId,
            action: "child.erase.retention",
            entity: "student",
            entityId: row.studentId,
            after: { removed: result.removed, files: result.files.length, exit_date: row.exitDate },
          });
          done.erased.push({ student_id: row.studentId, removed: result.removed });
          done.files.push(...result.files);
        } else {
          await removeName(tx, row.studentId, now);
          await writeAudit(tx, {
            organisationId: centre.organisationId,
            action: "child.remove_name.retention",
            entity: "student",
            entityId: row.studentId,
            after: { exit_date: row.exitDate },
          });
          done.named.push(row.studentId);
        }
      }
    }
    return done;
  });
  if (!outcome) return { ran: false as const, erased: [], named: [], files: 0 };
  for (const name of outcome.result.files) await files.remove(name);
  return {
    ran: true as const,
    erased: outcome.result.erased,
    named: outcome.result.named,
    files: outcome.result.files.length,
  };
}
