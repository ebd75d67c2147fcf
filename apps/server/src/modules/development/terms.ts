import {
  ASSESSMENT_MESSAGES as M,
  type Term,
  type TermInput,
  type TermPatch,
  type TermsPage,
  termInput,
  termPatch,
} from "@sprout/shared/schemas/development/assessments";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { may } from "../../auth/access.ts";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms } from "../../db/schema/children.ts";
import { assessmentTermClassrooms, assessmentTerms } from "../../db/schema/development.ts";
import { centers } from "../../db/schema/organisations.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { pgCode } from "../classrooms/pg-error.ts";
import type { Frameworks } from "./framework-store.ts";

type TermRow = typeof assessmentTerms.$inferSelect;

/** A term as the caller may see it: its row, every classroom of it, and those the caller may read. */
export interface ScopedTerm {
  row: TermRow;
  centerName: string;
  organisationId: string;
  /** Every classroom of the term. */
  allRooms: { id: string; name: string }[];
  /** The term's classrooms the caller reads (a teacher: her own among them). */
  rooms: { id: string; name: string }[];
}

const parsed = <T>(result: { success: true; data: T } | { success: false; error: { issues: unknown[] } }): T => {
  if (result.success) return result.data;
  const issue = result.error.issues[0] as { message: string; path: PropertyKey[] };
  throw badRequest(issue.message, { [String(issue.path[0] ?? "body")]: issue.message });
};

/** The term's classrooms a scope reads: all of them, or a teacher's own. */
const visibleRooms = (scope: Scope, rooms: { id: string; name: string }[]) =>
  scope.classroomIds ? rooms.filter((room) => scope.classroomIds!.includes(room.id)) : rooms;

/**
 * Loads a term the caller may see: of their centres, and for a teacher one covering one of her
 * classrooms. Anything else is "not found" (its existence is not told).
 */
export async function scopedTerm(executor: Database, scope: Scope, id: string, lock = false): Promise<ScopedTerm> {
  const query = executor
    .select({ term: assessmentTerms, centerName: centers.name, organisationId: centers.organisationId })
    .from(assessmentTerms)
    .innerJoin(centers, eq(centers.id, assessmentTerms.centerId))
    .where(and(eq(assessmentTerms.id, id), inArray(assessmentTerms.centerId, scope.centerIds)));
  const [found] =
    scope.centerIds.length === 0 ? [] : lock ? await query.for("update", { of: assessmentTerms }) : await query;
  if (!found) throw notFound("Term");
  const allRooms = await executor
    .select({ id: classrooms.id, name: classrooms.name })
    .from(assessmentTermClassrooms)
    .innerJoin(classrooms, eq(classrooms.id, assessmentTermClassrooms.classroomId))
    .where(eq(assessmentTermClassrooms.termId, id))
    .orderBy(asc(classrooms.name), asc(classrooms.id));
  const rooms = visibleRooms(scope, allRooms);
  if (scope.classroomIds && rooms.length === 0) throw notFound("Term");
  return { row: found.term, centerName: found.centerName, organisationId: found.organisationId, allRooms, rooms };
}

export function createTerms({ db, clock, frameworks }: { db: Database; clock: Clock; frameworks: Frameworks }) {
  async function present(caller: Caller, term: ScopedTerm): Promise<Term> {
    const framework = await frameworks.byKey(term.organisationId, term.row.frameworkKey);
    return {
      id: term.row.id,
      center_id: term.row.centerId,
      center_name: term.centerName,
      name: term.row.name,
      starts_on: term.row.startsOn,
      ends_on: term.row.endsOn,
      framework_key: term.row.frameworkKey,
      framework_name: framework.file.short_name,
      classrooms: term.rooms,
      created_at: term.row.createdAt.toISOString(),
      can_edit: may(caller, "assessments.openTerm"),
      can_publish: may(caller, "assessments.publish"),
    };
  }

  /** The classrooms named must all be rooms of the term's centre. */
  async function roomsOfCentre(executor: Database, centerId: string, ids: string[]) {
    const unique = [...new Set(ids)];
    const rows = await executor
      .select({ id: classrooms.id })
      .from(classrooms)
      .where(and(inArray(classrooms.id, unique), eq(classrooms.centerId, centerId)));
    if (rows.length !== unique.length)
      throw badRequest(M.classroomNotInCentre, { classroom_ids: M.classroomNotInCentre });
    return unique;
  }

  const nameTaken = (error: unknown) => {
    if (pgCode(error) === "23505") throw conflict(M.termNameTaken);
    throw error;
  };

  async function audited(term: ScopedTerm) {
    return {
      name: term.row.name,
      starts_on: term.row.startsOn,
      ends_on: term.row.endsOn,
      classroom_ids: term.allRooms.map((room) => room.id).sort(),
    };
  }

  return {
    async create(caller: Caller, raw: TermInput): Promise<Term> {
      const input = parsed(termInput.safeParse(raw));
      const scope = await caller.scope();
      if (!scope.centerIds.includes(input.center_id)) throw notFound("Center");
      const [centre] = await db
        .select({ organisationId: centers.organisationId })
        .from(centers)
        .where(eq(centers.id, input.center_id));
      if (!centre) throw notFound("Center");
      // The framework the centre uses now is the term's for good: a later change of framework
      // leaves the terms already opened alone.
      const { framework } = await frameworks.forCentre(centre.organisationId, input.center_id);
      const id = await transaction(db, async (tx) => {
        const roomIds = await roomsOfCentre(tx, input.center_id, input.classroom_ids);
        const [row] = await tx
          .insert(assessmentTerms)
          .values({
            centerId: input.center_id,
            name: input.name,
            startsOn: input.starts_on,
            endsOn: input.ends_on,
            frameworkKey: framework.key,
            createdBy: caller.userId,
            createdAt: clock.now(),
          })
          .returning({ id: assessmentTerms.id })
          .catch(nameTaken);
        await tx
          .insert(assessmentTermClassrooms)
          .values(roomIds.map((classroomId) => ({ termId: row!.id, classroomId })));
        await writeAudit(tx, {
          organisationId: centre.organisationId,
          actorId: caller.userId,
          action: "assessment_term.opened",
          entity: "assessment_term",
          entityId: row!.id,
          after: { ...input, classroom_ids: roomIds.sort(), framework_key: framework.key },
        });
        return row!.id;
      });
      return present(caller, await scopedTerm(db, scope, id));
    },

    async list(caller: Caller, query: { center_id?: string; page: number; limit: number }): Promise<TermsPage> {
      const scope = await caller.scope();
      const centres = query.center_id ? scope.centerIds.filter((id) => id === query.center_id) : scope.centerIds;
      const empty = { terms: [], pagination: { page: query.page, limit: query.limit, total: 0, totalPages: 0 } };
      if (centres.length === 0 || scope.classroomIds?.length === 0) return empty;
      const conditions: SQL[] = [inArray(assessmentTerms.centerId, centres)];
      if (scope.classroomIds)
        conditions.push(
          sql`exists (select 1 from assessment_term_classrooms tc where tc.term_id = ${assessmentTerms.id}
            and tc.classroom_id in (${sql.join(
              scope.classroomIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}))`,
        );
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ term: assessmentTerms, centerName: centers.name, organisationId: centers.organisationId })
          .from(assessmentTerms)
          .innerJoin(centers, eq(centers.id, assessmentTerms.centerId))
          .where(where)
          .orderBy(desc(assessmentTerms.startsOn), asc(assessmentTerms.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(assessmentTerms).where(where),
      ]);
      const rooms =
        rows.length === 0
          ? []
          : await db
              .select({ termId: assessmentTermClassrooms.termId, id: classrooms.id, name: classrooms.name })
              .from(assessmentTermClassrooms)
              .innerJoin(classrooms, eq(classrooms.id, assessmentTermClassrooms.classroomId))
              .where(
                inArray(
                  assessmentTermClassrooms.termId,
                  rows.map((row) => row.term.id),
                ),
              )
              .orderBy(asc(classrooms.name), asc(classrooms.id));
      const terms = await Promise.all(
        rows.map((row) => {
          const allRooms = rooms.filter((room) => room.termId === row.term.id).map(({ id, name }) => ({ id, name }));
          return present(caller, {
            row: row.term,
            centerName: row.centerName,
            organisationId: row.organisationId,
            allRooms,
            rooms: visibleRooms(scope, allRooms),
          });
        }),
      );
      const count_ = total?.total ?? 0;
      return {
        terms,
        pagination: {
          page: query.page,
          limit: query.limit,
          total: count_,
          totalPages: Math.ceil(count_ / query.limit),
        },
      };
    },

    async get(caller: Caller, id: string): Promise<Term> {
      return present(caller, await scopedTerm(db, await caller.scope(), id));
    },

    async update(caller: Caller, id: string, raw: TermPatch): Promise<Term> {
      const input = parsed(termPatch.safeParse(raw));
      const scope = await caller.scope();
      await transaction(db, async (tx) => {
        const term = await scopedTerm(tx, scope, id, true);
        const before = await audited(term);
        const startsOn = input.starts_on ?? term.row.startsOn;
        const endsOn = input.ends_on ?? term.row.endsOn;
        if (endsOn <= startsOn) throw badRequest(M.termDates, { ends_on: M.termDates });
        await tx
          .update(assessmentTerms)
          .set({ name: input.name ?? term.row.name, startsOn, endsOn })
          .where(eq(assessmentTerms.id, id))
          .catch(nameTaken);
        let roomIds = before.classroom_ids;
        if (input.classroom_ids) {
          roomIds = (await roomsOfCentre(tx, term.row.centerId, input.classroom_ids)).sort();
          await tx.delete(assessmentTermClassrooms).where(eq(assessmentTermClassrooms.termId, id));
          await tx.insert(assessmentTermClassrooms).values(roomIds.map((classroomId) => ({ termId: id, classroomId })));
        }
        await writeAudit(tx, {
          organisationId: term.organisationId,
          actorId: caller.userId,
          action: "assessment_term.changed",
          entity: "assessment_term",
          entityId: id,
          before,
          after: { name: input.name ?? term.row.name, starts_on: startsOn, ends_on: endsOn, classroom_ids: roomIds },
        });
      });
      return present(caller, await scopedTerm(db, scope, id));
    },
  };
}
export type TermsService = ReturnType<typeof createTerms>;
