import {
  CHILD_EDIT_MESSAGES,
  type ChildDetails,
  type ChildEditInput,
  type ChildHistory,
  childEditRequest,
} from "@sprout/shared/schemas/child-edit";
import { todayIn } from "@sprout/shared/schemas/children";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { studentPauses } from "../../db/schema/enrollment.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest } from "../../lib/errors.ts";
import { toPaise } from "../../lib/money.ts";
import { createChildrenService, toStudent } from "./service.ts";

type Values = Record<string, string | number | null>;

/** The fields of two snapshots that differ, as before/after objects holding only those fields. */
function changed(before: Values, after: Values) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    keys,
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

const orNull = (value: string) => (value === "" ? null : value);

/** Corrections of a child's record and their guardians, and the child's history. */
export function createCorrectionsService({ db, clock }: { db: Database; clock: Clock }) {
  async function guardiansOf(executor: Database, studentId: string) {
    return executor
      .select({
        id: guardians.id,
        first_name: guardians.firstName,
        last_name: guardians.lastName,
        phone: guardians.phone,
        email: guardians.email,
        relation: studentGuardians.relation,
        is_primary: studentGuardians.isPrimary,
      })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(eq(studentGuardians.studentId, studentId))
      .orderBy(desc(studentGuardians.isPrimary), asc(guardians.firstName), asc(guardians.id));
  }

  async function details(scope: Scope, id: string, executor: Database = db): Promise<ChildDetails> {
    const row = await createChildrenService({ db: executor }).get(scope, id, executor);
    const [extra] = await executor
      .select({ notes: students.notes, avatar_color: students.avatarColor })
      .from(students)
      .where(eq(students.id, id));
    return { ...toStudent(row), ...extra!, guardians: await guardiansOf(executor, id) };
  }

  /** A flat snapshot of what an edit can change; guardians' fields are keyed by guardian id. */
  function snapshot(child: ChildDetails): Values {
    const values: Values = {
      first_name: child.first_name,
      last_name: child.last_name,
      date_of_birth: child.date_of_birth,
      gender: child.gender,
      avatar_color: child.avatar_color,
      monthly_fee: child.monthly_fee,
      notes: child.notes,
    };
    for (const guardian of child.guardians) {
      for (const field of ["first_name", "last_name", "phone", "email", "relation"] as const)
        values[`guardians.${guardian.id}.${field}`] = guardian[field];
    }
    return values;
  }

  return {
    details,

    async update(caller: Caller, id: string, input: ChildEditInput): Promise<ChildDetails> {
      const scope = await caller.scope();
      const body = childEditRequest.parse(input);
      return db.transaction(async (tx) => {
        await createChildrenService({ db: tx }).get(scope, id, tx);
        await tx.execute(sql`select 1 from ${students} where ${students.id} = ${id} for update`);
        const before = await details(scope, id, tx);
        const dateOfBirth = body.date_of_birth || null;
        if (dateOfBirth && dateOfBirth > todayIn(before.time_zone, clock.now()))
          throw badRequest(CHILD_EDIT_MESSAGES.dateInFuture, { date_of_birth: CHILD_EDIT_MESSAGES.dateInFuture });
        const linked = new Set(before.guardians.map((guardian) => guardian.id));
        for (const [index, guardian] of body.guardians.entries()) {
          if (!linked.has(guardian.id))
            throw badRequest(CHILD_EDIT_MESSAGES.unknownGuardian, {
              [`guardians.${index}.id`]: CHILD_EDIT_MESSAGES.unknownGuardian,
            });
        }
        const next: ChildDetails = {
          ...before,
          first_name: body.first_name,
          last_name: body.last_name,
          date_of_birth: dateOfBirth,
          gender: body.gender,
          avatar_color: body.avatar_color,
          monthly_fee: body.monthly_fee,
          notes: orNull(body.notes),
          guardians: before.guardians.map((guardian) => {
            const edit = body.guardians.find((item) => item.id === guardian.id);
            return edit
              ? {
                  ...guardian,
                  first_name: edit.first_name,
                  last_name: edit.last_name,
                  phone: orNull(edit.phone),
                  email: orNull(edit.email.toLowerCase()),
                  relation: edit.relation,
                }
              : guardian;
          }),
        };
        const diff = changed(snapshot(before), snapshot(next));
        if (diff.keys.length === 0) return before;
        const now = clock.now();
        await tx
          .update(students)
          .set({
            firstName: next.first_name,
            lastName: next.last_name,
            dateOfBirth: next.date_of_birth,
            gender: next.gender,
            avatarColor: next.avatar_color,
            monthlyFeePaise: next.monthly_fee === null ? null : toPaise(next.monthly_fee),
            notes: next.notes,
            updatedAt: now,
          })
          .where(eq(students.id, id));
        for (const guardian of next.guardians) {
          if (!diff.keys.some((key) => key.startsWith(`guardians.${guardian.id}.`))) continue;
          await tx
            .update(guardians)
            .set({
              firstName: guardian.first_name,
              lastName: guardian.last_name,
              phone: guardian.phone,
              email: guardian.email,
            })
            .where(eq(guardians.id, guardian.id));
          await tx
            .update(studentGuardians)
            .set({ relation: guardian.relation })
            .where(and(eq(studentGuardians.studentId, id), eq(studentGuardians.guardianId, guardian.id)));
        }
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "student.update",
          entity: "student",
          entityId: id,
          before: diff.before,
          after: diff.after,
        });
        return details(scope, id, tx);
      });
    },

    /** Pauses (newest first) and corrections (newest first) of a child in the caller's scope. */
    async history(scope: Scope, id: string): Promise<ChildHistory> {
      await createChildrenService({ db }).get(scope, id);
      const [pauses, corrections] = await Promise.all([
        db
          .select({ pause: studentPauses, pausedByName: users.fullName })
          .from(studentPauses)
          .leftJoin(users, eq(users.id, studentPauses.pausedBy))
          .where(eq(studentPauses.studentId, id))
          .orderBy(desc(studentPauses.pausedAt))
          .limit(100),
        db
          .select({ at: auditLog.at, byName: users.fullName, before: auditLog.before, after: auditLog.after })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(and(eq(auditLog.entity, "student"), eq(auditLog.entityId, id), eq(auditLog.action, "student.update")))
          .orderBy(desc(auditLog.at))
          .limit(100),
      ]);
      return {
        pauses: pauses.map(({ pause, pausedByName }) => ({
          start_date: pause.startDate,
          end_date: pause.endDate,
          reason: pause.reason,
          notes: pause.notes,
          paused_by_name: pausedByName,
          paused_at: pause.pausedAt.toISOString(),
          ended_how: pause.endedHow,
          ended_at: pause.endedAt ? pause.endedAt.toISOString() : null,
        })),
        corrections: corrections.map((row) => {
          const before = (row.before ?? {}) as Values;
          const after = (row.after ?? {}) as Values;
          return {
            at: row.at.toISOString(),
            by_name: row.byName,
            changes: Object.keys(after).map((field) => ({ field, before: before[field], after: after[field] })),
          };
        }),
      };
    },
  };
}
export type CorrectionsService = ReturnType<typeof createCorrectionsService>;
