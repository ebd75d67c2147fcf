import type { Role } from "@sprout/shared/roles";
import { todayIn } from "@sprout/shared/schemas/children";
import {
  type CreateStaffInput,
  STAFF_EXIT_MESSAGES,
  STAFF_MESSAGES,
  type StaffExitRequest,
  type StaffMember,
  type StaffPage,
  type staffQuery,
  type UpdateStaffInput,
} from "@sprout/shared/schemas/staff";
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Caller, Scope } from "../../auth/caller.ts";
import { hashPassword } from "../../auth/passwords.ts";
import type { SessionService } from "../../auth/sessions.ts";
import type { Database } from "../../db/client.ts";
import { classroomTeachers } from "../../db/schema/children.ts";
import { exitRecords } from "../../db/schema/exits.ts";
import { centers } from "../../db/schema/organisations.ts";
import { staff } from "../../db/schema/staff.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../lib/errors.ts";
import { containing, paginationOf } from "../../lib/paging.ts";
import type { Inviter } from "../users/admin-service.ts";
import { mayManageStaffRole } from "./policy.ts";
import { toStaffMember } from "./presenter.ts";

type StaffRole = StaffMember["role"];
type StaffListQuery = z.output<typeof staffQuery>;

/**
 * The sign-in role of a staff record. There is no separate "staff" sign-in role in the role
 * table yet, so support staff sign in with the least-privileged staff role, teacher (which
 * shows only classrooms they are assigned to). See docs/decisions.md.
 */
export const ACCOUNT_ROLE: Record<StaffRole, Role> = {
  teacher: "teacher",
  admin: "admin",
  staff: "teacher",
  academic_coordinator: "academic_coordinator",
  center_director: "center_director",
};

interface Deps {
  db: Database;
  clock: Clock;
  sessions: SessionService;
  inviter: Inviter;
}

/** The latest exit record of a staff account (one correlated lookup per row, by its index). */
const latestExit = (column: typeof exitRecords.exitDate | typeof exitRecords.exitReason) =>
  sql<string | null>`(select ${column} from ${exitRecords} where ${exitRecords.userId} = ${staff.userId}
    order by ${exitRecords.exitDate} desc, ${exitRecords.recordedAt} desc limit 1)`;

/** Support staff and teachers count as teaching staff in the exit records (the fees screen groups them). */
const EXIT_TYPE: Record<StaffRole, "teacher_staff" | "other_staff"> = {
  teacher: "teacher_staff",
  staff: "other_staff",
  admin: "other_staff",
  academic_coordinator: "other_staff",
  center_director: "other_staff",
};

/** Staff records of centres, each with its sign-in account (/staff). */
export function createStaffService({ db, clock, sessions, inviter }: Deps) {
  const select = (executor: Database = db) =>
    executor
      .select({
        staff,
        email: users.email,
        isActive: users.isActive,
        centerName: centers.name,
        timeZone: centers.timeZone,
        exitDate: latestExit(exitRecords.exitDate),
        exitReason: latestExit(exitRecords.exitReason),
      })
      .from(staff)
      .innerJoin(users, eq(users.id, staff.userId))
      .innerJoin(centers, eq(centers.id, staff.centerId));

  /** Name, e-mail, employee ID or designation containing the search. */
  const matching = (search: string | undefined) => {
    if (!search) return undefined;
    const pattern = containing(search);
    return or(
      ilike(sql`${staff.firstName} || ' ' || ${staff.lastName}`, pattern),
      ilike(users.email, pattern),
      ilike(staff.employeeId, pattern),
      ilike(staff.designation, pattern),
    );
  };

  const inScope = (scope: Scope) =>
    scope.centerIds.length === 0
      ? sql`false`
      : and(eq(staff.organisationId, scope.organisationId), inArray(staff.centerId, scope.centerIds));

  /** The sign-in role a staff member's account holds now. */
  async function heldRole(userId: string): Promise<Role> {
    const [account] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
    return account!.role;
  }

  async function load(scope: Scope, id: string) {
    const [row] = await select().where(and(eq(staff.id, id), inScope(scope)));
    if (!row) throw notFound("Staff member");
    return row;
  }

  async function ensureEmailFree(email: string, exceptUserId?: string) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (row && row.id !== exceptUserId) throw conflict(STAFF_MESSAGES.emailTaken);
  }

  const fields = (input: UpdateStaffInput) => ({
    firstName: input.first_name,
    lastName: input.last_name,
    role: input.role,
    designation: input.designation || null,
    department: input.department || null,
    joiningDate: input.joining_date || null,
    contractType: input.contract_type,
    contactNumber: input.contact_number || null,
    emergencyContact: input.emergency_contact || null,
    address: input.address || null,
    activeStatus: input.active_status,
  });

  /** One record as answered; inside a transaction, read through it (`executor`). */
  async function byId(id: string, executor: Database = db) {
    const [row] = await select(executor).where(eq(staff.id, id));
    return toStaffMember(row!);
  }

  return {
    /** A page of the staff of the caller's centres (or of one of them), by name. */
    async list(scope: Scope, query: StaffListQuery, centerId?: string): Promise<StaffPage> {
      if (centerId && !scope.centerIds.includes(centerId)) throw notFound("Centre");
      const where = and(inScope(scope), centerId ? eq(staff.centerId, centerId) : undefined, matching(query.search));
      const [rows, [counted]] = await Promise.all([
        select()
          .where(where)
          .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(staff)
          .innerJoin(users, eq(users.id, staff.userId))
          .where(where),
      ]);
      return { staff: rows.map(toStaffMember), pagination: paginationOf(query, counted?.total ?? 0) };
    },

    async create(caller: Caller, scope: Scope, input: CreateStaffInput, appUrl: string) {
      if (!scope.centerIds.includes(input.center_id)) throw notFound("Centre");
      const accountRole = ACCOUNT_ROLE[input.role];
      if (!mayManageStaffRole(caller, accountRole)) throw forbidden(STAFF_MESSAGES.roleNotAllowed);
      await ensureEmailFree(input.email);
      const password = input.password ? input.password : null;
      const now = clock.now();
      const { user, member } = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            organisationId: scope.organisationId,
            email: input.email.trim().toLowerCase(),
            passwordHash: password ? await hashPassword(password) : null,
            fullName: `${input.first_name} ${input.last_name}`,
            role: accountRole,
            centerId: input.center_id,
            phoneNumber: input.contact_number || null,
            jobTitle: input.designation || null,
            isActive: input.active_status,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const [record] = await tx
          .insert(staff)
          .values({
            ...fields(input),
            organisationId: scope.organisationId,
            centerId: input.center_id,
            userId: user!.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: staff.id });
        // The audit entry commits with the record.
        const created = await byId(record!.id, tx);
        await writeAudit(tx, {
          organisationId: scope.organisationId,
          actorId: caller.userId,
          action: "staff_created",
          entity: "staff",
          entityId: created.id,
          after: { ...created, invited: !password },
        });
        return { user: user!, member: created };
      });
      if (!password) await inviter.invite(user, appUrl);
      return { message: password ? STAFF_MESSAGES.created : STAFF_MESSAGES.createdInvited, staff: member };
    },

    async update(caller: Caller, scope: Scope, id: string, input: UpdateStaffInput) {
      const current = await load(scope, id);
      const before = toStaffMember(current);
      const accountRole = ACCOUNT_ROLE[input.role];
      const held = await heldRole(current.staff.userId);
      // The caller must outrank both the account as it is and as it would become.
      if (!mayManageStaffRole(caller, held) || !mayManageStaffRole(caller, accountRole))
        throw forbidden(STAFF_MESSAGES.roleNotAllowed);
      await ensureEmailFree(input.email, current.staff.userId);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx
          .update(staff)
          .set({ ...fields(input), updatedAt: now })
          .where(eq(staff.id, id));
        await tx
          .update(users)
          .set({
            email: input.email.trim().toLowerCase(),
            fullName: `${input.first_name} ${input.last_name}`,
            role: accountRole,
            phoneNumber: input.contact_number || null,
            jobTitle: input.designation || null,
            isActive: input.active_status,
            updatedAt: now,
          })
          .where(eq(users.id, current.staff.userId));
        await writeAudit(tx, {
          organisationId: scope.organisationId,
          actorId: caller.userId,
          action: "staff_updated",
          entity: "staff",
          entityId: id,
          before,
          after: await byId(id, tx),
        });
      });
      if (current.isActive && !input.active_status) await sessions.revokeAllOfUser(current.staff.userId, "deactivated");
      const member = await byId(id);
      return { message: STAFF_MESSAGES.updated, staff: member };
    },

    /**
     * A staff member leaves: an exit record (date, reason), the record and the sign-in
     * deactivated and the audit entry, in one transaction; then every session of theirs ends.
     */
    async recordExit(caller: Caller, scope: Scope, id: string, input: StaffExitRequest) {
      const current = await load(scope, id);
      if (!mayManageStaffRole(caller, await heldRole(current.staff.userId)))
        throw forbidden(STAFF_MESSAGES.roleNotAllowed);
      if (input.exit_date > todayIn(current.timeZone, clock.now()))
        throw badRequest(STAFF_EXIT_MESSAGES.future, { exit_date: STAFF_EXIT_MESSAGES.future });
      if (current.staff.joiningDate && input.exit_date < current.staff.joiningDate)
        throw badRequest(STAFF_EXIT_MESSAGES.beforeJoining, { exit_date: STAFF_EXIT_MESSAGES.beforeJoining });
      const now = clock.now();
      const member = await db.transaction(async (tx) => {
        // The row lock makes two simultaneous exits one exit and one "already left". "No key
        // update" leaves classroom assignment inserts (their foreign key's key-share) unblocked.
        const [locked] = await tx
          .select({ isActive: users.isActive })
          .from(users)
          .where(eq(users.id, current.staff.userId))
          .for("no key update");
        const before = await byId(id, tx);
        if (!locked!.isActive && before.exit)
          throw new HttpError(409, "INVALID_STATE", STAFF_EXIT_MESSAGES.alreadyLeft);
        await tx.update(staff).set({ activeStatus: false, updatedAt: now }).where(eq(staff.id, id));
        await tx.update(users).set({ isActive: false, updatedAt: now }).where(eq(users.id, current.staff.userId));
        // Someone who left teaches no room: their classrooms no longer list them.
        const rooms = await tx
          .delete(classroomTeachers)
          .where(eq(classroomTeachers.teacherId, current.staff.userId))
          .returning({ classroom_id: classroomTeachers.classroomId, role: classroomTeachers.role });
        const [record] = await tx
          .insert(exitRecords)
          .values({
            organisationId: scope.organisationId,
            centerId: current.staff.centerId,
            personName: `${current.staff.firstName} ${current.staff.lastName}`.trim(),
            personType: EXIT_TYPE[current.staff.role],
            userId: current.staff.userId,
            jobTitle: current.staff.designation,
            exitDate: input.exit_date,
            exitReason: input.exit_reason,
            recordedBy: caller.userId,
            recordedAt: now,
          })
          .returning({ id: exitRecords.id });
        const after = await byId(id, tx);
        await writeAudit(tx, {
          organisationId: scope.organisationId,
          actorId: caller.userId,
          action: "staff_exit",
          entity: "staff",
          entityId: id,
          before,
          after: { ...after, exit_record_id: record!.id, classrooms_left: rooms },
        });
        return after;
      });
      await sessions.revokeAllOfUser(current.staff.userId, "deactivated");
      return { message: STAFF_EXIT_MESSAGES.recorded, staff: member };
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
