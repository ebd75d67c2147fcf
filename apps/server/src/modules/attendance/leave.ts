import {
  ATTENDANCE_MESSAGES,
  type StaffLeaveItem,
  type StaffLeaveList,
  type staffLeaveInput,
  type staffLeaveQuery,
} from "@sprout/shared/schemas/attendance";
import { and, count, desc, eq, gte, inArray, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { staffLeave } from "../../db/schema/attendance.ts";
import { staff } from "../../db/schema/staff.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import type { DutyService } from "./duty.ts";
import { centreOf } from "./lookup.ts";
import { assert, chosenCentre, mayManageLeave, mayTakeAttendance } from "./policy.ts";
import { toLeaveItem } from "./presenter.ts";
import { centreDay } from "./time.ts";

type Row = typeof staffLeave.$inferSelect;

/**
 * Staff leave: a staff member asks for days off, or the centre's management records them;
 * management approves or declines requests. Approved leave is what the Staff Present figures
 * count as "on leave".
 */
export function createLeaveService({ db, clock, duty }: { db: Database; clock: Clock; duty: DutyService }) {
  const nameOf = async (userId: string) => {
    const [row] = await db
      .select({ first: staff.firstName, last: staff.lastName })
      .from(staff)
      .where(eq(staff.userId, userId));
    return row ? `${row.first} ${row.last}`.trim() : "";
  };

  /** A leave record of one of the caller's centres: their own, or any when they manage leave. */
  async function findInScope(caller: Caller, id: string): Promise<Row> {
    const scope = await caller.scope();
    if (scope.centerIds.length === 0 || scope.childIds) throw notFound("Leave");
    const [row] = await db
      .select()
      .from(staffLeave)
      .where(and(eq(staffLeave.id, id), inArray(staffLeave.centerId, scope.centerIds)));
    if (!row || (!mayManageLeave(caller) && row.userId !== caller.userId)) throw notFound("Leave");
    return row;
  }

  async function audit(tx: Database, caller: Caller, action: string, row: Row, before?: unknown) {
    await writeAudit(tx, {
      organisationId: caller.organisationId,
      actorId: caller.userId,
      action,
      entity: "staff_leave",
      entityId: row.id,
      before,
      after: { user_id: row.userId, start_date: row.startDate, end_date: row.endDate, status: row.status },
    });
  }

  return {
    async list(caller: Caller, query: z.output<typeof staffLeaveQuery>): Promise<StaffLeaveList> {
      assert(mayTakeAttendance(caller));
      const centerId = chosenCentre(caller, await caller.scope(), query.center_id);
      const manages = mayManageLeave(caller);
      const conditions: SQL[] = [eq(staffLeave.centerId, centerId)];
      if (!manages) conditions.push(eq(staffLeave.userId, caller.userId));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ leave: staffLeave, first: staff.firstName, last: staff.lastName })
          .from(staffLeave)
          .innerJoin(staff, eq(staff.userId, staffLeave.userId))
          .where(where)
          .orderBy(desc(staffLeave.createdAt), desc(staffLeave.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(staffLeave).where(where),
      ]);
      const totalItems = Number(total?.n ?? 0);
      return {
        items: rows.map((row) => toLeaveItem(row.leave, `${row.first} ${row.last}`.trim())),
        pagination: {
          current_page: query.page,
          total_pages: Math.max(1, Math.ceil(totalItems / query.limit)),
          total_items: totalItems,
          items_per_page: query.limit,
        },
        may_manage: manages,
      };
    },

    async request(caller: Caller, input: z.output<typeof staffLeaveInput>): Promise<StaffLeaveItem> {
      assert(mayTakeAttendance(caller));
      const userId = input.user_id ?? caller.userId;
      const ownLeave = userId === caller.userId;
      if (!ownLeave) assert(mayManageLeave(caller));
      const refuse = () => (ownLeave ? forbidden(ATTENDANCE_MESSAGES.leaveNotStaff) : notFound("Staff member"));
      const scope = await caller.scope();
      if (scope.centerIds.length === 0) throw refuse();
      const [person] = await db
        .select({ centerId: staff.centerId, first: staff.firstName, last: staff.lastName })
        .from(staff)
        .where(and(eq(staff.userId, userId), eq(staff.activeStatus, true), inArray(staff.centerId, scope.centerIds)));
      if (!person) throw refuse();
      // Management's own entries need no one else's approval.
      const approved = mayManageLeave(caller);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(staffLeave)
          .values({
            centerId: person.centerId,
            userId,
            startDate: input.start_date,
            endDate: input.end_date,
            leaveType: input.leave_type,
            note: input.note,
            status: approved ? "approved" : "requested",
            recordedBy: caller.userId,
            createdAt: now,
            decidedBy: approved ? caller.userId : null,
            decidedAt: approved ? now : null,
          })
          .returning();
        await audit(tx, caller, approved ? "staff_leave.recorded" : "staff_leave.requested", inserted!);
        return inserted!;
      });
      await duty.announce(row.centerId);
      return toLeaveItem(row, `${person.first} ${person.last}`.trim());
    },

    async decide(caller: Caller, id: string, status: "approved" | "declined"): Promise<StaffLeaveItem> {
      assert(mayManageLeave(caller));
      const found = await findInScope(caller, id);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(staffLeave)
          .set({ status, decidedBy: caller.userId, decidedAt: now })
          .where(and(eq(staffLeave.id, found.id), eq(staffLeave.status, "requested")))
          .returning();
        if (!updated) throw conflict(ATTENDANCE_MESSAGES.leaveDecided);
        await audit(tx, caller, `staff_leave.${status}`, updated, { status: found.status });
        return updated;
      });
      await duty.announce(row.centerId);
      return toLeaveItem(row, await nameOf(row.userId));
    },

    /** Withdrawn by its staff member or by management, while it has not ended. */
    async cancel(caller: Caller, id: string): Promise<StaffLeaveItem> {
      assert(mayTakeAttendance(caller));
      const found = await findInScope(caller, id);
      const today = centreDay((await centreOf(db, found.centerId)).timeZone, clock.now());
      if (found.endDate < today) throw conflict(ATTENDANCE_MESSAGES.leaveEnded);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(staffLeave)
          .set({ status: "cancelled", decidedBy: caller.userId, decidedAt: clock.now() })
          .where(
            and(
              eq(staffLeave.id, found.id),
              inArray(staffLeave.status, ["requested", "approved"]),
              gte(staffLeave.endDate, today),
            ),
          )
          .returning();
        if (!updated) throw conflict(ATTENDANCE_MESSAGES.leaveDecided);
        await audit(tx, caller, "staff_leave.cancelled", updated, { status: found.status });
        return updated;
      });
      await duty.announce(row.centerId);
      return toLeaveItem(row, await nameOf(row.userId));
    },
  };
}
export type LeaveService = ReturnType<typeof createLeaveService>;
