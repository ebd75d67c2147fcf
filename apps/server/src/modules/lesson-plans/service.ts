import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import { english } from "@sprout/shared/i18n/english";
import type {
  checkoffInput,
  LessonPlan,
  LessonPlansPage,
  lessonPlanFields,
  lessonPlansQuery,
  TodayPlans,
} from "@sprout/shared/schemas/lesson-plans";
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { lessonPlans } from "../../db/schema/lesson-plans.ts";
import { centers } from "../../db/schema/organisations.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { centreDay } from "../attendance/time.ts";
import { teacherClassroomIds } from "../classrooms/scope.ts";
import { lessonPlanTags, resolveTags } from "../development/competency-tags.ts";
import type { Frameworks } from "../development/framework-store.ts";
import {
  assertMayCheckOff,
  assertMayEditPlans,
  checksOff,
  mayCheckOff,
  mayEditPlans,
  mayReadPlans,
  readsStaffParts,
} from "./policy.ts";
import { toLessonPlan } from "./presenter.ts";

type Fields = z.output<typeof lessonPlanFields>;

/**
 * What the caller may read: the centres of their scope, and for a parent only the classrooms
 * their children are in now (a child who has left opens nothing).
 */
async function readableScope(db: Database, caller: Caller) {
  if (!mayReadPlans(caller)) throw forbidden();
  const scope = await caller.scope();
  if (!scope.childIds) return { centerIds: scope.centerIds, classroomIds: null as string[] | null };
  const rooms = scope.childIds.length
    ? await db
        .selectDistinct({ id: students.classroomId })
        .from(students)
        .where(and(inArray(students.id, scope.childIds), ne(students.status, "left")))
    : [];
  return {
    centerIds: scope.centerIds,
    classroomIds: rooms.flatMap((room) => (room.id ? [room.id] : [])),
  };
}

/** Lesson plans (issue 16): coordinators and admins write, teachers check off, everyone else reads. */
export function createLessonPlansService({
  db,
  clock,
  frameworks,
}: {
  db: Database;
  clock: Clock;
  frameworks: Frameworks;
}) {
  const select = () =>
    db
      .select({ plan: lessonPlans, classroomName: classrooms.name })
      .from(lessonPlans)
      .innerJoin(classrooms, eq(classrooms.id, lessonPlans.classroomId));

  const teacherRooms = (caller: Caller) =>
    checksOff(caller) ? teacherClassroomIds(db, caller.userId) : Promise.resolve([] as string[]);

  async function present(caller: Caller, rows: Awaited<ReturnType<typeof select>>): Promise<LessonPlan[]> {
    const rooms = await teacherRooms(caller);
    const tags = await lessonPlanTags.read(
      db,
      frameworks,
      caller.organisationId,
      rows.map((row) => row.plan.id),
    );
    return rows.map((row) =>
      toLessonPlan(
        { ...row.plan, classroomName: row.classroomName },
        {
          staff: readsStaffParts(caller),
          canEdit: mayEditPlans(caller),
          canCheckoff: mayCheckOff(caller, row.plan, rooms),
        },
        tags.get(row.plan.id) ?? [],
      ),
    );
  }

  /** Who reads what, as one WHERE: another centre's plan, or another family's room, is simply absent. */
  async function readable(caller: Caller): Promise<SQL | null> {
    const scope = await readableScope(db, caller);
    if (scope.centerIds.length === 0 || scope.classroomIds?.length === 0) return null;
    const conditions = [inArray(lessonPlans.centerId, scope.centerIds)];
    if (scope.classroomIds) conditions.push(inArray(lessonPlans.classroomId, scope.classroomIds));
    return and(...conditions)!;
  }

  async function find(caller: Caller, id: string) {
    const where = await readable(caller);
    const [row] = where ? await select().where(and(where, eq(lessonPlans.id, id))) : [];
    if (!row) throw notFound("Lesson plan");
    return row;
  }

  /** A classroom of the editor's centres; another centre's is 404. */
  async function classroomOf(caller: Caller, classroomId: string) {
    const scope = await caller.scope();
    const [room] = scope.centerIds.length
      ? await db
          .select({ id: classrooms.id, centerId: classrooms.centerId })
          .from(classrooms)
          .where(and(eq(classrooms.id, classroomId), inArray(classrooms.centerId, scope.centerIds)))
      : [];
    if (!room) throw notFound("Classroom");
    return room;
  }

  async function one(caller: Caller, id: string) {
    const [plan] = await present(caller, [await find(caller, id)]);
    return plan!;
  }

  const values = (input: Fields) => ({
    day: input.date,
    topic: input.topic,
    objectives: input.objectives,
    activities: input.activities,
    resources: input.resources,
    notes: input.notes,
  });

  return {
    /** Newest date first, a page at a time; a week view asks for its dates and classroom. */
    async list(caller: Caller, query: z.output<typeof lessonPlansQuery>): Promise<LessonPlansPage> {
      if (query.from && query.to && query.from > query.to) throw badRequest(english("server.startAfterEnd"));
      const where = await readable(caller);
      const empty = { lesson_plans: [], pagination: { current_page: query.page, total_pages: 0, total_items: 0 } };
      if (!where) return empty;
      const conditions = [where];
      if (query.classroom_id) conditions.push(eq(lessonPlans.classroomId, query.classroom_id));
      if (query.from) conditions.push(gte(lessonPlans.day, query.from));
      if (query.to) conditions.push(lte(lessonPlans.day, query.to));
      if (query.competency) {
        const scope = await caller.scope();
        const tagged = await lessonPlanTags.filter(frameworks, caller.organisationId, scope.centerIds, lessonPlans.id, {
          competency: query.competency,
        });
        if (tagged) conditions.push(tagged);
      }
      const filter = and(...conditions);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(lessonPlans).where(filter);
      const rows = await select()
        .where(filter)
        .orderBy(desc(lessonPlans.day), desc(lessonPlans.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        lesson_plans: await present(caller, rows),
        pagination: { current_page: query.page, total_pages: Math.ceil(total / query.limit), total_items: total },
      };
    },

    /**
     * Today's plans at the centre: a parent's for one child's classroom (or all their children's),
     * a teacher's for their classrooms, anyone else's for their centre.
     */
    async today(caller: Caller, childId?: string): Promise<TodayPlans> {
      const scope = await readableScope(db, caller);
      let rooms: string[] | null = null;
      let centreId = caller.centerId ?? scope.centerIds[0] ?? null;
      if (scope.classroomIds) {
        // A family: the rooms of its children.
        rooms = scope.classroomIds;
        if (childId) {
          const [child] = (await caller.scope()).childIds?.includes(childId)
            ? await db
                .select({ classroomId: students.classroomId, centerId: students.centerId })
                .from(students)
                .where(and(eq(students.id, childId), ne(students.status, "left")))
            : [];
          if (!child) throw notFound("Child");
          rooms = child.classroomId ? [child.classroomId] : [];
          centreId = child.centerId;
        }
      } else if (checksOff(caller)) rooms = await teacherRooms(caller);
      const [centre] = centreId
        ? await db.select({ timeZone: centers.timeZone }).from(centers).where(eq(centers.id, centreId))
        : [];
      const date = centreDay(centre?.timeZone ?? DEFAULT_TIME_ZONE, clock.now());
      if (scope.centerIds.length === 0 || rooms?.length === 0) return { date, lesson_plans: [] };
      const conditions = [inArray(lessonPlans.centerId, scope.centerIds), eq(lessonPlans.day, date)];
      if (rooms) conditions.push(inArray(lessonPlans.classroomId, rooms));
      const rows = await select()
        .where(and(...conditions))
        .orderBy(asc(classrooms.name), asc(lessonPlans.id))
        .limit(50);
      return { date, lesson_plans: await present(caller, rows) };
    },

    async create(caller: Caller, input: Fields): Promise<LessonPlan> {
      assertMayEditPlans(caller);
      const room = await classroomOf(caller, input.classroom_id);
      const tags = input.competencies?.length
        ? await resolveTags(frameworks, caller.organisationId, room.centerId, input.competencies)
        : null;
      const id = await db.transaction(async (tx) => {
        const now = clock.now();
        const [row] = await tx
          .insert(lessonPlans)
          .values({
            ...values(input),
            centerId: room.centerId,
            classroomId: room.id,
            createdBy: caller.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: lessonPlans.id });
        if (tags) await lessonPlanTags.replace(tx, row!.id, tags);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "lesson_plan.created",
          entity: "lesson_plan",
          entityId: row!.id,
          after: input,
        });
        return row!.id;
      });
      return one(caller, id);
    },

    async update(caller: Caller, id: string, input: Fields): Promise<LessonPlan> {
      const before = await find(caller, id);
      assertMayEditPlans(caller);
      const room = await classroomOf(caller, input.classroom_id);
      const tags = input.competencies
        ? await resolveTags(frameworks, caller.organisationId, room.centerId, input.competencies)
        : null;
      await db.transaction(async (tx) => {
        await tx
          .update(lessonPlans)
          .set({ ...values(input), centerId: room.centerId, classroomId: room.id, updatedAt: clock.now() })
          .where(eq(lessonPlans.id, id));
        if (tags) await lessonPlanTags.replace(tx, id, tags);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "lesson_plan.updated",
          entity: "lesson_plan",
          entityId: id,
          before: before.plan,
          after: input,
        });
      });
      return one(caller, id);
    },

    async remove(caller: Caller, id: string): Promise<void> {
      const before = await find(caller, id);
      assertMayEditPlans(caller);
      await db.transaction(async (tx) => {
        await tx.delete(lessonPlans).where(eq(lessonPlans.id, id));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "lesson_plan.deleted",
          entity: "lesson_plan",
          entityId: id,
          before: before.plan,
        });
      });
    },

    /** Ticks or unticks parts; only the named parts change (one statement, so two teachers never undo each other). */
    async checkoff(caller: Caller, id: string, input: z.output<typeof checkoffInput>): Promise<LessonPlan> {
      const plan = await find(caller, id);
      assertMayCheckOff(caller, plan.plan, await teacherRooms(caller));
      await db.transaction(async (tx) => {
        await tx
          .update(lessonPlans)
          .set({
            ...(input.objectives_done !== undefined && { objectivesDone: input.objectives_done }),
            ...(input.activities_done !== undefined && { activitiesDone: input.activities_done }),
            ...(input.resources_done !== undefined && { resourcesDone: input.resources_done }),
            updatedAt: clock.now(),
          })
          .where(eq(lessonPlans.id, id));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "lesson_plan.checked_off",
          entity: "lesson_plan",
          entityId: id,
          after: input,
        });
      });
      return one(caller, id);
    },
  };
}
export type LessonPlansService = ReturnType<typeof createLessonPlansService>;
