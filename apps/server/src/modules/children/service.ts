import {
  type ChildrenPage,
  type ChildrenQuery,
  childrenQuery,
  type PausedPage,
  type Student,
  type StudentStatus,
  type StudentsQuery,
  studentsQuery,
} from "@sprout/shared/schemas/children";
import { and, asc, eq, ilike, inArray, ne, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { readableChildren, type Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { studentCounts } from "../../db/schema/counts.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { cappedCount } from "../../lib/capped-count.ts";
import { type Clock, systemClock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { keptCounts } from "../../lib/kept-counts.ts";
import { containsPattern } from "../../lib/like.ts";
import { toRupees } from "../../lib/money.ts";
import { preparedQueries, scopeFilters, scopeShape, scopeValues } from "../../lib/prepared.ts";

/** The columns a student answer is made of (one join of student, classroom, centre and pauser). */
export const studentColumns = {
  id: students.id,
  studentId: students.studentId,
  firstName: students.firstName,
  lastName: students.lastName,
  status: students.status,
  dateOfBirth: students.dateOfBirth,
  gender: students.gender,
  classId: students.classroomId,
  classroomName: classrooms.name,
  centerId: students.centerId,
  centerName: centers.name,
  timeZone: centers.timeZone,
  organisationId: centers.organisationId,
  enrollmentDate: students.enrollmentDate,
  pauseStartDate: students.pauseStartDate,
  pauseEndDate: students.pauseEndDate,
  pauseReason: students.pauseReason,
  pauseNotes: students.pauseNotes,
  pausedByName: users.fullName,
  exitDate: students.exitDate,
  exitReason: students.exitReason,
  programName: students.programName,
  monthlyFeePaise: students.monthlyFeePaise,
};
function selectStudentsFrom(executor: Database) {
  return executor
    .select(studentColumns)
    .from(students)
    .innerJoin(centers, eq(centers.id, students.centerId))
    .leftJoin(classrooms, eq(classrooms.id, students.classroomId))
    .leftJoin(users, eq(users.id, students.pausedBy));
}
export type StudentRow = Awaited<ReturnType<ReturnType<typeof selectStudentsFrom>["execute"]>>[number];

export function toStudent(row: StudentRow): Student {
  return {
    id: row.id,
    student_id: row.studentId,
    first_name: row.firstName,
    last_name: row.lastName,
    name: `${row.firstName} ${row.lastName}`.trim(),
    status: row.status as StudentStatus,
    date_of_birth: row.dateOfBirth,
    gender: row.gender,
    class_id: row.classId,
    classroom_name: row.classroomName,
    center_id: row.centerId,
    center_name: row.centerName,
    time_zone: row.timeZone,
    enrollment_date: row.enrollmentDate,
    pause_start_date: row.pauseStartDate,
    pause_end_date: row.pauseEndDate,
    pause_reason: row.pauseReason,
    pause_notes: row.pauseNotes,
    paused_by_name: row.pausedByName,
    exit_date: row.exitDate,
    exit_reason: row.exitReason,
    program_name: row.programName,
    monthly_fee: row.monthlyFeePaise === null ? null : toRupees(row.monthlyFeePaise),
  };
}

/** Students the scope may see: its centres, a parent's own children, a teacher's own rooms. */
export const inScope = (scope: Scope): SQL => readableChildren(scope);

/** A centre the caller asked for must be one of theirs; another centre is "not found". */
export function assertCentreInScope(scope: Scope, centerId: string | undefined) {
  if (centerId && !scope.centerIds.includes(centerId)) throw notFound("Center");
}

/** The columns a prepared children query filters the caller's scope on. */
const STUDENT_SCOPE = { centre: students.centerId, child: students.id };

/** A child whose name or student ID is like `pattern` (see `containsPattern`). */
function matches(pattern: string | SQLWrapper): SQL {
  return or(
    ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, pattern),
    ilike(students.studentId, pattern),
  )!;
}

/** Children and classrooms of the centres in a caller's scope. */
export function createChildrenService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  const selectStudents = (executor: Database = db) => selectStudentsFrom(executor);
  const prepared = preparedQueries();

  /** Children per status: kept per centre by the database; counted only for a parent's own. */
  async function statusCounts(scope: Scope, centreIds: readonly string[], base: SQL[]) {
    const counts = { all: 0, active: 0, paused: 0, left: 0 };
    const byStatus =
      scope.childIds || scope.classroomIds
        ? new Map(
            (
              await db
                .select({ status: students.status, count: sql<number>`count(*)::int` })
                .from(students)
                .where(and(...base))
                .groupBy(students.status)
            ).map((row) => [row.status as string, row.count]),
          )
        : await keptCounts(db, studentCounts, centreIds);
    for (const [status, n] of byStatus) {
      counts[status as StudentStatus] = n;
      counts.all += n;
    }
    return counts;
  }

  /** The children list's page: the busiest query of the area, prepared once per filter shape. */
  function pageOfChildren(scope: Scope, query: ChildrenQuery, offset: number) {
    const status = query.status === "all" || query.status === "enrolled" ? query.status : "one";
    const shape = { ...scopeShape(scope, query.center_id), status, search: Boolean(query.search) };
    const page = prepared(`children page ${JSON.stringify(shape)}`, () => {
      const conditions = scopeFilters(STUDENT_SCOPE, shape);
      if (status === "enrolled") conditions.push(ne(students.status, "left"));
      else if (status === "one") conditions.push(eq(students.status, sql.placeholder("status")));
      if (shape.search) conditions.push(matches(sql.placeholder("pattern")));
      return selectStudents()
        .where(and(...conditions))
        .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"));
    });
    return page.execute({
      ...scopeValues(scope, query.center_id),
      status: query.status,
      pattern: query.search ? containsPattern(query.search) : undefined,
      limit: query.limit,
      offset,
    });
  }

  return {
    /** Children on the roll (active or paused; not those who have left). */
    async countEnrolled(scope: Scope): Promise<number> {
      const counts = await statusCounts(scope, scope.centerIds, [inScope(scope)]);
      return counts.active + counts.paused;
    },

    async countClassrooms(scope: Scope): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(classrooms)
        .where(
          and(
            inArray(classrooms.centerId, scope.centerIds),
            scope.classroomIds ? inArray(classrooms.id, scope.classroomIds) : undefined,
          ),
        );
      return row?.count ?? 0;
    },

    /** One page of children, searched by name or student ID and filtered by status. */
    async list(scope: Scope, input: ChildrenQuery): Promise<ChildrenPage> {
      const query = childrenQuery.parse(input);
      assertCentreInScope(scope, query.center_id);
      const base = [inScope(scope)];
      if (query.center_id) base.push(eq(students.centerId, query.center_id));
      const filtered = [...base];
      if (query.status === "enrolled") filtered.push(ne(students.status, "left"));
      else if (query.status !== "all") filtered.push(eq(students.status, query.status));
      if (query.search) filtered.push(matches(containsPattern(query.search)));
      const centreIds = query.center_id ? [query.center_id] : scope.centerIds;
      const order = [asc(students.firstName), asc(students.lastName), asc(students.id)];
      const offset = (query.page - 1) * query.limit;
      const [rows, counts, searched] = await Promise.all([
        pageOfChildren(scope, query, offset),
        statusCounts(scope, centreIds, base),
        // Only a search needs counting here, up to 100 past the page ("100+"); a status's total is
        // one of the kept counts.
        query.search
          ? cappedCount(
              db,
              db
                .select({ one: sql`1` })
                .from(students)
                .where(and(...filtered))
                .orderBy(...order),
              offset,
            )
          : null,
      ]);
      const total = {
        all: counts.all,
        enrolled: counts.active + counts.paused,
        active: counts.active,
        paused: counts.paused,
        left: counts.left,
      };
      const count = searched?.total ?? total[query.status];
      return {
        children: rows.map(toStudent),
        pagination: {
          page: query.page,
          limit: query.limit,
          total: count,
          totalIsLowerBound: searched?.lowerBound ?? false,
          totalPages: Math.max(1, Math.ceil(count / query.limit)),
        },
        counts,
      };
    },

    /**
     * One page of children in scope for pickers and lists, searched on the server by name or
     * student ID, optionally of one status, centre or classroom. Never more than a page.
     */
    async listStudents(scope: Scope, input: StudentsQuery): Promise<Student[]> {
      const query = studentsQuery.parse(input);
      assertCentreInScope(scope, query.center_id);
      const conditions = [inScope(scope)];
      if (query.status === "enrolled") conditions.push(ne(students.status, "left"));
      else if (query.status) conditions.push(eq(students.status, query.status));
      if (query.center_id) conditions.push(eq(students.centerId, query.center_id));
      if (query.class_id) conditions.push(eq(students.classroomId, query.class_id));
      if (query.search) conditions.push(matches(containsPattern(query.search)));
      const rows = await selectStudents()
        .where(and(...conditions))
        .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return rows.map(toStudent);
    },

    /** A page of paused children, the nearest end date first, with the counts of the summary cards. */
    async listPaused(scope: Scope, query: { center_id?: string; page: number; limit: number }): Promise<PausedPage> {
      assertCentreInScope(scope, query.center_id);
      const shape = scopeShape(scope, query.center_id);
      const paused = () => and(...scopeFilters(STUDENT_SCOPE, shape), eq(students.status, "paused"));
      // "Today" is each centre's own date, as the pause dialog and the automatic resume see it.
      const today = sql`(${sql.placeholder("now")}::timestamptz at time zone ${centers.timeZone})::date`;
      const values = {
        ...scopeValues(scope, query.center_id),
        now: clock.now().toISOString(),
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      };
      const [rows, [counted]] = await Promise.all([
        prepared(`paused page ${JSON.stringify(shape)}`, () =>
          selectStudents()
            .where(paused())
            .orderBy(asc(students.pauseEndDate), asc(students.firstName), asc(students.id))
            .limit(sql.placeholder("limit"))
            .offset(sql.placeholder("offset")),
        ).execute(values),
        prepared(`paused counts ${JSON.stringify(shape)}`, () =>
          db
            .select({
              total: sql<number>`count(*)::int`,
              expired: sql<number>`(count(*) filter (where ${students.pauseEndDate} < ${today}))::int`,
              dueSoon: sql<number>`(count(*) filter (where ${students.pauseEndDate} between ${today} and ${today} + 3))::int`,
            })
            .from(students)
            .innerJoin(centers, eq(centers.id, students.centerId))
            .where(paused()),
        ).execute(values),
      ]);
      const total = counted?.total ?? 0;
      return {
        students: rows.map(toStudent),
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          totalPages: Math.max(1, Math.ceil(total / query.limit)),
        },
        counts: { total, expired: counted?.expired ?? 0, due_soon: counted?.dueSoon ?? 0 },
      };
    },

    /** One child in scope, or 404 (also for another centre's child). */
    async get(scope: Scope, id: string, executor: Database = db): Promise<StudentRow> {
      const [row] = await selectStudents(executor).where(and(inScope(scope), eq(students.id, id)));
      if (!row) throw notFound("Student");
      return row;
    },
  };
}
export type ChildrenService = ReturnType<typeof createChildrenService>;
