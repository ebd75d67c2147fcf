import type { CoordinatorHome, TeacherHome } from "@sprout/shared/schemas/analytics";
import { and, asc, count, countDistinct, eq, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { assertMay } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { assignmentSubmissions, assignments } from "../../db/schema/assignments.ts";
import { attendanceAbsences, attendanceStays } from "../../db/schema/attendance.ts";
import { healthNotes, medicationDoses, medications } from "../../db/schema/child-day.ts";
import { classrooms, classroomTeachers, students } from "../../db/schema/children.ts";
import { lessonPlans } from "../../db/schema/lesson-plans.ts";
import { centers } from "../../db/schema/organisations.ts";
import type { Clock } from "../../lib/clock.ts";
import { ratiosByCentre } from "../attendance/ratios.ts";
import { centreDay } from "../attendance/time.ts";

interface Deps {
  db: Database;
  clock: Clock;
  /** Unread messages addressed to the caller (the communication area's count). */
  unreadMessages: (caller: Caller) => Promise<number>;
}

const ROOMS_SHOWN = 100;
const ASSIGNMENTS_SHOWN = 10;
const DUE_WITHIN_DAYS = 7;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const grouped = <T extends { key: string | null }>(rows: T[]) => new Map(rows.map((row) => [row.key, row]));

/** The teacher's and the academic coordinator's homes: today in their rooms and their centre. */
export function createHomesService({ db, clock, unreadMessages }: Deps) {
  async function myRooms(caller: Caller) {
    const scope = await caller.scope();
    if (scope.centerIds.length === 0) return [];
    return db
      .select({ id: classrooms.id, name: classrooms.name, centerId: classrooms.centerId, timeZone: centers.timeZone })
      .from(classroomTeachers)
      .innerJoin(classrooms, eq(classrooms.id, classroomTeachers.classroomId))
      .innerJoin(centers, eq(centers.id, classrooms.centerId))
      .where(and(eq(classroomTeachers.teacherId, caller.userId), inArray(classrooms.centerId, scope.centerIds)))
      .orderBy(asc(classrooms.name))
      .limit(ROOMS_SHOWN);
  }

  async function roomFigures(roomIds: string[], today: string) {
    if (roomIds.length === 0) return { expected: new Map(), absent: new Map() };
    const [expected, absent] = await Promise.all([
      db
        .select({ key: students.classroomId, n: count() })
        .from(students)
        .where(and(inArray(students.classroomId, roomIds), eq(students.status, "active")))
        .groupBy(students.classroomId),
      db
        .select({ key: students.classroomId, n: count() })
        .from(attendanceAbsences)
        .innerJoin(students, eq(students.id, attendanceAbsences.studentId))
        .where(and(inArray(students.classroomId, roomIds), eq(attendanceAbsences.day, today)))
        .groupBy(students.classroomId),
    ]);
    return { expected: grouped(expected), absent: grouped(absent) };
  }

  async function healthWatch(roomIds: string[], today: string): Promise<TeacherHome["health"]> {
    if (roomIds.length === 0) return [];
    const children = and(inArray(students.classroomId, roomIds), eq(students.status, "active"));
    const [allergies, medicines] = await Promise.all([
      db
        .select({ studentId: students.id, details: healthNotes.details })
        .from(healthNotes)
        .innerJoin(students, eq(students.id, healthNotes.studentId))
        .where(and(children, eq(healthNotes.kind, "allergy")))
        .orderBy(asc(healthNotes.createdAt)),
      db
        .select({
          id: medications.id,
          studentId: students.id,
          name: medications.name,
          dose: medications.dose,
          schedule: medications.schedule,
          givenToday: sql<boolean>`exists (select 1 from ${medicationDoses} where ${medicationDoses.medicationId} = ${medications.id} and ${medicationDoses.day} = ${today})`,
        })
        .from(medications)
        .innerJoin(students, eq(students.id, medications.studentId))
        .where(
          and(
            children,
            isNull(medications.withdrawnAt),
            lte(medications.startDate, today),
            gte(medications.endDate, today),
          ),
        )
        .orderBy(asc(medications.name)),
    ]);
    const childIds = [...new Set([...allergies, ...medicines].map((row) => row.studentId))];
    if (childIds.length === 0) return [];
    const named = await db
      .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, room: classrooms.name })
      .from(students)
      .innerJoin(classrooms, eq(classrooms.id, students.classroomId))
      .where(inArray(students.id, childIds))
      .orderBy(asc(students.firstName), asc(students.lastName));
    return named.map((child) => ({
      child_id: child.id,
      child_name: `${child.firstName} ${child.lastName}`.trim(),
      classroom_name: child.room,
      allergies: allergies.filter((row) => row.studentId === child.id).map((row) => row.details),
      medications: medicines
        .filter((row) => row.studentId === child.id)
        .map((row) => ({
          id: row.id,
          name: row.name,
          dose: row.dose,
          schedule: row.schedule,
          given_today: row.givenToday,
        })),
    }));
  }

  return {
    async teacherHome(caller: Caller): Promise<TeacherHome> {
      assertMay(caller, "dashboard.readTeacherHome");
      const rooms = await myRooms(caller);
      const now = clock.now();
      const today = centreDay(rooms[0]?.timeZone ?? "Asia/Kolkata", now);
      const roomIds = rooms.map((room) => room.id);
      const centreIds = [...new Set(rooms.map((room) => room.centerId))];
      const [ratios, figures, health, unread] = await Promise.all([
        ratiosByCentre(db, new Map(centreIds.map((id) => [id, today]))).then((all) => [...all.values()].flat()),
        roomFigures(roomIds, today),
        healthWatch(roomIds, today),
        unreadMessages(caller),
      ]);
      return {
        date: today,
        classrooms: rooms.map((room) => {
          const ratio = ratios.find((row) => row.classroom_id === room.id);
          return {
            id: room.id,
            name: room.name,
            expected: figures.expected.get(room.id)?.n ?? 0,
            children_in: ratio?.children_in ?? 0,
            absent: figures.absent.get(room.id)?.n ?? 0,
            staff_in: ratio?.staff_in ?? 0,
            staff_required: ratio?.staff_required ?? 0,
            in_ratio: ratio?.in_ratio ?? true,
          };
        }),
        health,
        unread_messages: unread,
      };
    },

    async coordinatorHome(caller: Caller): Promise<CoordinatorHome> {
      assertMay(caller, "dashboard.readCoordinatorHome");
      const scope = await caller.scope();
      const ids = scope.centerIds;
      const [first] = ids.length
        ? await db.select({ timeZone: centers.timeZone }).from(centers).where(inArray(centers.id, ids)).limit(1)
        : [];
      const today = centreDay(first?.timeZone ?? "Asia/Kolkata", clock.now());
      if (ids.length === 0) return { date: today, classrooms: [], plans_today: [], assignments_due: [] };
      const [rooms, enrolled, inNow, teachers, plans, due] = await Promise.all([
        db
          .select({ id: classrooms.id, name: classrooms.name, centerName: centers.name })
          .from(classrooms)
          .innerJoin(centers, eq(centers.id, classrooms.centerId))
          .where(inArray(classrooms.centerId, ids))
          .orderBy(asc(centers.name), asc(classrooms.name))
          .limit(ROOMS_SHOWN),
        db
          .select({ key: students.classroomId, n: count() })
          .from(students)
          .where(and(inArray(students.centerId, ids), ne(students.status, "left")))
          .groupBy(students.classroomId),
        db
          .select({ key: attendanceStays.classroomId, n: count() })
          .from(attendanceStays)
          // A stay left open on an earlier day is not a child in now.
          .where(
            and(
              inArray(attendanceStays.centerId, ids),
              eq(attendanceStays.day, today),
              isNull(attendanceStays.checkOutAt),
            ),
          )
          .groupBy(attendanceStays.classroomId),
        db
          .select({ key: classroomTeachers.classroomId, n: countDistinct(classroomTeachers.teacherId) })
          .from(classroomTeachers)
          .innerJoin(classrooms, eq(classrooms.id, classroomTeachers.classroomId))
          .where(inArray(classrooms.centerId, ids))
          .groupBy(classroomTeachers.classroomId),
        db
          .select({
            id: lessonPlans.id,
            classroomId: lessonPlans.classroomId,
            room: classrooms.name,
            topic: lessonPlans.topic,
          })
          .from(lessonPlans)
          .innerJoin(classrooms, eq(classrooms.id, lessonPlans.classroomId))
          .where(and(inArray(lessonPlans.centerId, ids), eq(lessonPlans.day, today)))
          .orderBy(asc(classrooms.name), asc(lessonPlans.id))
          .limit(ROOMS_SHOWN),
        db
          .select({
            id: assignments.id,
            title: assignments.title,
            room: classrooms.name,
            dueDate: assignments.dueDate,
            submissions: sql<number>`(select count(*)::int from ${assignmentSubmissions} where ${assignmentSubmissions.assignmentId} = ${assignments.id})`,
          })
          .from(assignments)
          .innerJoin(classrooms, eq(classrooms.id, assignments.classroomId))
          .where(
            and(
              inArray(assignments.centerId, ids),
              gte(assignments.dueDate, today),
              lte(assignments.dueDate, addDays(today, DUE_WITHIN_DAYS)),
            ),
          )
          .orderBy(asc(assignments.dueDate), asc(assignments.id))
          .limit(ASSIGNMENTS_SHOWN),
      ]);
      const counts = { enrolled: grouped(enrolled), inNow: grouped(inNow), teachers: grouped(teachers) };
      const planned = new Set(plans.map((plan) => plan.classroomId));
      return {
        date: today,
        classrooms: rooms.map((room) => ({
          id: room.id,
          name: room.name,
          center_name: room.centerName,
          enrolled: counts.enrolled.get(room.id)?.n ?? 0,
          children_in: counts.inNow.get(room.id)?.n ?? 0,
          teachers: counts.teachers.get(room.id)?.n ?? 0,
          has_plan_today: planned.has(room.id),
        })),
        plans_today: plans.map((plan) => ({ id: plan.id, classroom_name: plan.room, topic: plan.topic })),
        assignments_due: due.map((row) => ({
          id: row.id,
          title: row.title,
          classroom_name: row.room,
          due_date: row.dueDate!,
          submissions: row.submissions,
        })),
      };
    },
  };
}
