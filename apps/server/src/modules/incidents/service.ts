import {
  type correctIncidentInput,
  type createIncidentInput,
  INCIDENT_MESSAGES,
  type StaffIncident,
} from "@sprout/shared/schemas/incidents";
import { and, asc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Caller, readableChildren } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { incidentChildren, incidents } from "../../db/schema/incidents.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { containsPattern } from "../../lib/like.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { alertCentre } from "../emergency/policy.ts";
import { markParentsNotified, tellFamilies } from "./family-notice.ts";
import { createIncidentLists, readableReports } from "./lists.ts";
import { assertMayManage, assertMayReport } from "./policy.ts";
import { type IncidentRow, toStaffIncident } from "./presenter.ts";
import type { IncidentQueries } from "./queries.ts";
import { reviewsFirst } from "./review-setting.ts";

interface Deps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  queries: IncidentQueries;
}

type CreateInput = z.output<typeof createIncidentInput>;
type CorrectInput = z.output<typeof correctIncidentInput>;

/** Incident reports as the centre's staff handle them. Parents' reading lives in parents.ts. */
export function createIncidentsService({ db, clock, realtime, queries }: Deps) {
  /**
   * A report of a centre in the caller's scope (for a teacher, one about her rooms' children or
   * filed by her); any other report does not exist for them.
   */
  async function find(caller: Caller, id: string): Promise<IncidentRow> {
    assertMayReport(caller);
    const scope = await caller.scope();
    if (scope.centerIds.length === 0) throw notFound("Incident");
    const [row] = await queries
      .selectReports()
      .where(
        and(eq(incidents.id, id), inArray(incidents.centerId, scope.centerIds), readableReports(db, caller, scope)),
      );
    if (!row) throw notFound("Incident");
    return queries.toRow(row);
  }

  async function present(row: IncidentRow): Promise<StaffIncident> {
    const [children, photos, acknowledgements, history] = await Promise.all([
      queries.childrenOf([row.id]),
      queries.photosOf([row.id]),
      queries.acknowledgementsOf([row.id]),
      queries.historyOf(row.id),
    ]);
    return toStaffIncident(row, {
      children: children.get(row.id) ?? [],
      photos: photos.get(row.id) ?? [],
      acknowledgements: acknowledgements.get(row.id) ?? [],
      history,
    });
  }

  /**
   * Every child must be on the roll of the report's centre, and a teacher names only children of
   * her classrooms (another room's child is not found for her).
   */
  async function checkChildren(caller: Caller, centerId: string, childIds: string[]) {
    const unique = [...new Set(childIds)];
    const found = await db
      .select({ id: students.id })
      .from(students)
      .where(and(inArray(students.id, unique), eq(students.centerId, centerId), ne(students.status, "left")));
    if (found.length !== unique.length)
      throw badRequest(INCIDENT_MESSAGES.childNotInCentre, { child_ids: INCIDENT_MESSAGES.childNotInCentre });
    const scope = await caller.scope();
    if (scope.classroomIds) {
      const theirs = await db
        .select({ id: students.id })
        .from(students)
        .where(and(inArray(students.id, unique), readableChildren(scope)));
      if (theirs.length !== unique.length) throw notFound("Child");
    }
    return unique;
  }

  function checkNotFuture(occurredAt: string) {
    // A minute of grace for clocks that disagree a little.
    if (new Date(occurredAt).getTime() > clock.now().getTime() + 60_000)
      throw badRequest(INCIDENT_MESSAGES.occurredFuture, { occurred_at: INCIDENT_MESSAGES.occurredFuture });
  }

  const fieldsOf = (input: CreateInput | CorrectInput) => ({
    incidentType: input.incident_type,
    occurredAt: new Date(input.occurred_at),
    location: input.location,
    description: input.description,
    firstAid: input.first_aid,
    witnesses: input.witnesses,
    severity: input.severity,
  });

  const snapshot = (row: IncidentRow, childIds: string[]) => ({
    child_ids: childIds,
    incident_type: row.incidentType,
    occurred_at: row.occurredAt.toISOString(),
    location: row.location,
    description: row.description,
    first_aid: row.firstAid,
    witnesses: row.witnesses,
    severity: row.severity,
  });

  return {
    find,
    present,

    /**
     * Files a report. Where the centre does not review reports first, it is shared with the
     * families in the same transaction, exactly as a manager's "Mark parents notified" does.
     */
    async create(caller: Caller, input: CreateInput): Promise<StaffIncident> {
      assertMayReport(caller);
      const centerId = alertCentre(caller, await caller.scope(), input.center_id);
      checkNotFuture(input.occurred_at);
      const childIds = await checkChildren(caller, centerId, input.child_ids);
      const now = clock.now();
      const { id, shared } = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(incidents)
          .values({
            organisationId: caller.organisationId,
            centerId,
            ...fieldsOf(input),
            reportedBy: caller.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: incidents.id });
        await tx.insert(incidentChildren).values(childIds.map((studentId) => ({ incidentId: row!.id, studentId })));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "incident.reported",
          entity: "incident",
          entityId: row!.id,
          after: { ...input, child_ids: childIds },
        });
        const shared =
          !(await reviewsFirst(tx, centerId)) &&
          (await markParentsNotified(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            incidentId: row!.id,
            at: now,
            onReporting: true,
          }));
        return { id: row!.id, shared };
      });
      const row = await find(caller, id);
      realtime.toCentreStaff(centerId, "new-incident", { id: row.id });
      if (shared) await tellFamilies(db, realtime, row);
      return present(row);
    },

    /** A correction replaces the fields and keeps the earlier version in the audit trail. */
    async correct(caller: Caller, id: string, input: CorrectInput): Promise<StaffIncident> {
      assertMayManage(caller);
      const before = await find(caller, id);
      checkNotFuture(input.occurred_at);
      const childIds = await checkChildren(caller, before.centerId, input.child_ids);
      const previousChildren = (await queries.childrenOf([id])).get(id)?.map((child) => child.id) ?? [];
      await db.transaction(async (tx) => {
        await tx
          .update(incidents)
          .set({ ...fieldsOf(input), updatedAt: clock.now() })
          .where(eq(incidents.id, id));
        await tx.delete(incidentChildren).where(eq(incidentChildren.incidentId, id));
        await tx.insert(incidentChildren).values(childIds.map((studentId) => ({ incidentId: id, studentId })));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "incident.corrected",
          entity: "incident",
          entityId: id,
          before: snapshot(before, previousChildren),
          after: { ...input, child_ids: childIds },
        });
      });
      return present(await find(caller, id));
    },

    async resolve(caller: Caller, id: string, notes: string): Promise<StaffIncident> {
      assertMayManage(caller);
      await find(caller, id);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(incidents)
          .set({
            status: "resolved",
            resolvedAt: now,
            resolvedBy: caller.userId,
            resolutionNotes: notes,
            updatedAt: now,
          })
          .where(and(eq(incidents.id, id), ne(incidents.status, "resolved")))
          .returning({ id: incidents.id });
        if (updated.length === 0) throw conflict(INCIDENT_MESSAGES.alreadyResolved);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "incident.resolved",
          entity: "incident",
          entityId: id,
          after: { resolution_notes: notes },
        });
      });
      return present(await find(caller, id));
    },

    ...createIncidentLists({ db, clock, queries }),

    /** Children a reporter may name: on the roll of the caller's scope, searched by name or ID. */
    async childOptions(caller: Caller, search: string, centerId?: string) {
      assertMayReport(caller);
      const scope = await caller.scope();
      if (centerId && !scope.centerIds.includes(centerId)) throw notFound("Center");
      const centres = centerId ? [centerId] : scope.centerIds;
      if (centres.length === 0) return [];
      // A teacher names the children of her classrooms only.
      const conditions: SQL[] = [
        inArray(students.centerId, centres),
        readableChildren(scope),
        ne(students.status, "left"),
      ];
      if (search) {
        const pattern = containsPattern(search);
        conditions.push(
          or(
            ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, pattern),
            ilike(students.studentId, pattern),
          )!,
        );
      }
      const rows = await db
        .select({
          id: students.id,
          firstName: students.firstName,
          lastName: students.lastName,
          studentId: students.studentId,
          classroomName: classrooms.name,
          centerId: students.centerId,
        })
        .from(students)
        .leftJoin(classrooms, eq(classrooms.id, students.classroomId))
        .where(and(...conditions))
        .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id))
        .limit(20);
      return rows.map((row) => ({
        id: row.id,
        name: `${row.firstName} ${row.lastName}`.trim(),
        student_id: row.studentId,
        classroom_name: row.classroomName,
        center_id: row.centerId,
      }));
    },
  };
}
export type IncidentsService = ReturnType<typeof createIncidentsService>;
