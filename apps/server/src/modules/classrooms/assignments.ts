import {
  type AssignableStaffPage,
  type AssignableTeacher,
  type assignableStaffQuery,
  CLASSROOM_STAFF_MESSAGES,
  type ClassroomStaffMember,
  type ClassroomStaffRequest,
  type ClassroomStaffRole,
  classroomStaffRequest,
  type RollResponse,
  rollQuery,
  type StaffClassroom,
  type StaffClassroomsRequest,
  staffClassroomsRequest,
} from "@sprout/shared/schemas/classroom-staff";
import { and, asc, eq, ilike, inArray, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, classroomTeachers, students } from "../../db/schema/children.ts";
import { staff } from "../../db/schema/staff.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { pgCode } from "./pg-error.ts";
import { ASSIGNABLE_ROLES } from "./policy.ts";

/** The people assigned to each of some classrooms, lead first then by name (one query). */
export async function staffOf(db: Database, classroomIds: string[]): Promise<Map<string, ClassroomStaffMember[]>> {
  const byRoom = new Map<string, ClassroomStaffMember[]>(classroomIds.map((id) => [id, []]));
  if (classroomIds.length === 0) return byRoom;
  const rows = await db
    .select({
      classroomId: classroomTeachers.classroomId,
      user_id: users.id,
      full_name: users.fullName,
      role: classroomTeachers.role,
    })
    .from(classroomTeachers)
    .innerJoin(users, eq(users.id, classroomTeachers.teacherId))
    .where(inArray(classroomTeachers.classroomId, classroomIds))
    .orderBy(sql`${classroomTeachers.role} = 'lead' desc`, asc(users.fullName));
  for (const { classroomId, ...member } of rows) byRoom.get(classroomId)?.push(member);
  return byRoom;
}

type Assignment = { classroomId: string; teacherId: string; role: ClassroomStaffRole };

/** Teacher ↔ classroom assignments, changed from the classroom or from the staff record. */
export function createAssignmentsService({ db }: { db: Database }) {
  async function classroomInScope(scope: Scope, id: string, executor: Database = db) {
    const [room] = await executor
      .select({ id: classrooms.id, centerId: classrooms.centerId, name: classrooms.name })
      .from(classrooms)
      .where(and(eq(classrooms.id, id), inArray(classrooms.centerId, scope.centerIds)));
    if (!room) throw notFound("Classroom");
    return room;
  }

  /** Active teacher sign-ins of a centre, limited to the ids asked about, or names matching, when given. */
  function teachersOf(centerId: string, ids?: string[], search?: string) {
    const conditions = [
      eq(users.centerId, centerId),
      eq(users.isActive, true),
      inArray(users.role, [...ASSIGNABLE_ROLES]),
    ];
    if (ids) conditions.push(inArray(users.id, ids));
    if (search) conditions.push(ilike(users.fullName, `%${search.replaceAll(/[\\%_]/g, (char) => `\\${char}`)}%`));
    return db
      .select({ user_id: users.id, full_name: users.fullName, job_title: users.jobTitle })
      .from(users)
      .where(and(...conditions))
      .orderBy(asc(users.fullName), asc(users.id));
  }

  /** Locks classrooms in id order so that two changes touching the same rooms queue, not deadlock. */
  async function lockRooms(tx: Database, ids: string[]) {
    if (ids.length === 0) return;
    await tx.execute(
      sql`select 1 from ${classrooms} where ${inArray(classrooms.id, [...new Set(ids)].sort())} order by ${classrooms.id} for update`,
    );
  }

  const auditRows = (rows: Assignment[]) =>
    rows.map((row) => ({ classroom_id: row.classroomId, user_id: row.teacherId, role: row.role }));

  const leadClash = (error: unknown) => {
    throw pgCode(error) === "23505" ? conflict(CLASSROOM_STAFF_MESSAGES.leadTaken) : error;
  };

  return {
    /** A page of the centre's teachers whose name matches, by name; one more is read to tell if there are more. */
    async assignable(
      caller: Caller,
      classroomId: string,
      query: z.output<typeof assignableStaffQuery>,
    ): Promise<AssignableStaffPage> {
      const room = await classroomInScope(await caller.scope(), classroomId);
      const rows: AssignableTeacher[] = await teachersOf(room.centerId, undefined, query.search).limit(query.limit + 1);
      return { teachers: rows.slice(0, query.limit), has_more: rows.length > query.limit };
    },

    /** Replaces who works in a classroom. Everyone must be an active teacher of its centre. */
    async setClassroomStaff(caller: Caller, classroomId: string, input: ClassroomStaffRequest) {
      const scope = await caller.scope();
      const body = classroomStaffRequest.parse(input);
      const assistants = [...new Set(body.assistant_ids)];
      if (body.lead_id && assistants.includes(body.lead_id))
        throw badRequest(CLASSROOM_STAFF_MESSAGES.leadAlsoAssistant, {
          assistant_ids: CLASSROOM_STAFF_MESSAGES.leadAlsoAssistant,
        });
      const room = await classroomInScope(scope, classroomId);
      const wanted = body.lead_id ? [body.lead_id, ...assistants] : assistants;
      const found = await teachersOf(room.centerId, wanted);
      if (found.length !== wanted.length)
        throw badRequest(CLASSROOM_STAFF_MESSAGES.notTeacher, { staff: CLASSROOM_STAFF_MESSAGES.notTeacher });
      const next: Assignment[] = wanted.map((teacherId) => ({
        classroomId,
        teacherId,
        role: teacherId === body.lead_id ? "lead" : "assistant",
      }));
      await db
        .transaction(async (tx) => {
          await lockRooms(tx, [classroomId]);
          const before = await tx
            .select({
              classroomId: classroomTeachers.classroomId,
              teacherId: classroomTeachers.teacherId,
              role: classroomTeachers.role,
            })
            .from(classroomTeachers)
            .where(eq(classroomTeachers.classroomId, classroomId));
          await tx.delete(classroomTeachers).where(eq(classroomTeachers.classroomId, classroomId));
          if (next.length > 0) await tx.insert(classroomTeachers).values(next);
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "classroom.staff_update",
            entity: "classroom",
            entityId: classroomId,
            before: auditRows(before),
            after: auditRows(next),
          });
        })
        .catch(leadClash);
      return (await staffOf(db, [classroomId])).get(classroomId) ?? [];
    },

    /** The rooms of a staff member of the caller's centres (their staff record). */
    async roomsOfStaff(scope: Scope, staffId: string): Promise<StaffClassroom[]> {
      const member = await staffInScope(scope, staffId);
      return roomsOfUser(member.userId);
    },

    /** Replaces the rooms of a staff member; a room's lead stays theirs unless it is this person. */
    async setStaffRooms(caller: Caller, staffId: string, input: StaffClassroomsRequest): Promise<StaffClassroom[]> {
      const scope = await caller.scope();
      const body = staffClassroomsRequest.parse(input);
      const member = await staffInScope(scope, staffId);
      const [teacher] = await teachersOf(member.centerId, [member.userId]);
      if (!teacher && body.assignments.length > 0)
        throw badRequest(CLASSROOM_STAFF_MESSAGES.notTeacher, { assignments: CLASSROOM_STAFF_MESSAGES.notTeacher });
      const roomIds = body.assignments.map((item) => item.classroom_id);
      const rooms =
        roomIds.length === 0
          ? []
          : await db
              .select({ id: classrooms.id })
              .from(classrooms)
              .where(and(inArray(classrooms.id, roomIds), eq(classrooms.centerId, member.centerId)));
      if (rooms.length !== roomIds.length) throw notFound("Classroom");
      const next: Assignment[] = body.assignments.map((item) => ({
        classroomId: item.classroom_id,
        teacherId: member.userId,
        role: item.role,
      }));
      await db
        .transaction(async (tx) => {
          const current = await tx
            .select({
              classroomId: classroomTeachers.classroomId,
              teacherId: classroomTeachers.teacherId,
              role: classroomTeachers.role,
            })
            .from(classroomTeachers)
            .where(eq(classroomTeachers.teacherId, member.userId));
          await lockRooms(tx, [...roomIds, ...current.map((row) => row.classroomId)]);
          const leads = next.filter((row) => row.role === "lead").map((row) => row.classroomId);
          if (leads.length > 0) {
            const [other] = await tx
              .select({ classroomId: classroomTeachers.classroomId })
              .from(classroomTeachers)
              .where(
                and(
                  inArray(classroomTeachers.classroomId, leads),
                  eq(classroomTeachers.role, "lead"),
                  ne(classroomTeachers.teacherId, member.userId),
                ),
              );
            if (other) throw conflict(CLASSROOM_STAFF_MESSAGES.leadTaken);
          }
          await tx.delete(classroomTeachers).where(eq(classroomTeachers.teacherId, member.userId));
          if (next.length > 0) await tx.insert(classroomTeachers).values(next);
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "staff.classrooms_update",
            entity: "staff",
            entityId: staffId,
            before: auditRows(current),
            after: auditRows(next),
          });
        })
        .catch(leadClash);
      return roomsOfUser(member.userId);
    },

    /**
     * The children on a classroom's roll. A teacher sees only the rooms assigned to them
     * (another room answers 404, as another centre's would).
     */
    async roll(caller: Caller, classroomId: string, query: unknown): Promise<RollResponse> {
      const scope = await caller.scope();
      const { page, limit } = rollQuery.parse(query ?? {});
      await classroomInScope(scope, classroomId);
      if (scope.classroomIds && !scope.classroomIds.includes(classroomId)) throw notFound("Classroom");
      const where = and(eq(students.classroomId, classroomId), ne(students.status, "left"));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: students.id,
            student_id: students.studentId,
            first_name: students.firstName,
            last_name: students.lastName,
            date_of_birth: students.dateOfBirth,
            gender: students.gender,
            status: students.status,
          })
          .from(students)
          .where(where)
          .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ count: sql<number>`count(*)::int` }).from(students).where(where),
      ]);
      return {
        children: rows.map(({ first_name, last_name, status, ...row }) => ({
          ...row,
          name: `${first_name} ${last_name}`.trim(),
          status: status === "paused" ? "paused" : "active",
        })),
        total: total?.count ?? 0,
        page,
        limit,
      };
    },
  };

  async function staffInScope(scope: Scope, staffId: string) {
    const [member] = await db
      .select({ userId: staff.userId, centerId: staff.centerId })
      .from(staff)
      .where(
        and(
          eq(staff.id, staffId),
          eq(staff.organisationId, scope.organisationId),
          inArray(staff.centerId, scope.centerIds),
        ),
      );
    if (!member) throw notFound("Staff member");
    return member;
  }

  async function roomsOfUser(userId: string): Promise<StaffClassroom[]> {
    return db
      .select({ classroom_id: classrooms.id, classroom_name: classrooms.name, role: classroomTeachers.role })
      .from(classroomTeachers)
      .innerJoin(classrooms, eq(classrooms.id, classroomTeachers.classroomId))
      .where(eq(classroomTeachers.teacherId, userId))
      .orderBy(asc(classrooms.name));
  }
}
export type AssignmentsService = ReturnType<typeof createAssignmentsService>;
