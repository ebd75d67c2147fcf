import {
  type doseInput,
  HEALTH_MESSAGES,
  type HealthRecord,
  type immunisationInput,
  type medicationInput,
  STANDING_KINDS,
  type StandingKind,
  type standingInput,
} from "@sprout/shared/schemas/child-health";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { healthNotes, immunisations, medicationDoses, medications } from "../../db/schema/child-day.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { childAudience } from "../../realtime/child-audience.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { centreDay } from "../attendance/time.ts";
import { isActive, toImmunisation, toMedication, toStanding } from "./health-presenter.ts";
import { type DayChild, findDayChild, recordingRooms } from "./lookup.ts";
import { mayKeepHealth, mayKeepImmunisations, mayKeepStanding, mayRecordFor } from "./policy.ts";

/** How many of each a record shows: a child's whole history fits well within these. */
const LIMIT = 100;

/**
 * A child's health record: allergies and conditions (kept by parents, and by the child's
 * teachers), medications with the parent's consent, the doses staff give under that consent, and
 * immunisations (kept by parents and the centre's administrators).
 */
export function createHealthService({
  db,
  clock,
  realtime,
}: {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
}) {
  const today = (child: DayChild) => centreDay(child.timeZone, clock.now());

  const audit = (tx: Database, caller: Caller, action: string, entityId: string, after: unknown, before?: unknown) =>
    writeAudit(tx, {
      organisationId: caller.organisationId,
      actorId: caller.userId,
      action: `child_health.${action}`,
      entity: "child_health",
      entityId,
      before,
      after,
    });

  async function record(caller: Caller, child: DayChild): Promise<HealthRecord> {
    const day = today(child);
    const [standing, meds, shots, rooms] = await Promise.all([
      db
        .select({ note: healthNotes, by: users.fullName })
        .from(healthNotes)
        .leftJoin(users, eq(users.id, healthNotes.recordedBy))
        .where(and(eq(healthNotes.studentId, child.id), inArray(healthNotes.kind, [...STANDING_KINDS])))
        .orderBy(asc(healthNotes.createdAt))
        .limit(LIMIT),
      db
        .select({ medication: medications, consentBy: users.fullName })
        .from(medications)
        .leftJoin(users, eq(users.id, medications.consentBy))
        .where(eq(medications.studentId, child.id))
        .orderBy(desc(medications.startDate), desc(medications.id))
        .limit(LIMIT),
      db
        .select({ shot: immunisations, by: users.fullName })
        .from(immunisations)
        .leftJoin(users, eq(users.id, immunisations.recordedBy))
        .where(eq(immunisations.studentId, child.id))
        .orderBy(desc(immunisations.dateGiven), desc(immunisations.id))
        .limit(LIMIT),
      recordingRooms(db, caller),
    ]);
    const items = standing.map((row) => toStanding(row.note, row.by));
    return {
      child_id: child.id,
      today: day,
      can_keep: mayKeepHealth(caller),
      can_keep_immunisations: mayKeepImmunisations(caller),
      can_give: mayRecordFor(caller, child, rooms),
      allergies: items.filter((item) => item.kind === "allergy"),
      conditions: items.filter((item) => item.kind === "condition"),
      medications: meds.map((row) => toMedication(row.medication, row.consentBy, day)),
      immunisations: shots.map((row) => toImmunisation(row.shot, row.by)),
    };
  }

  /** The child of a standing note, medication or immunisation, if the caller may see it. */
  async function childOf<T extends { studentId: string }>(caller: Caller, row: T | undefined, what: string) {
    if (!row) throw notFound(what);
    return { row, child: await findDayChild(db, caller, row.studentId) };
  }

  return {
    async get(caller: Caller, childId: string): Promise<HealthRecord> {
      return record(caller, await findDayChild(db, caller, childId));
    },

    async addStanding(caller: Caller, childId: string, input: z.output<typeof standingInput>) {
      const child = await findDayChild(db, caller, childId);
      if (!mayKeepStanding(caller, child, await recordingRooms(db, caller))) throw forbidden();
      const audience = await childAudience(db, realtime, [child.id]);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(healthNotes)
          .values({
            studentId: child.id,
            centerId: child.centerId,
            day: today(child),
            kind: input.kind,
            details: input.details,
            recordedBy: caller.userId,
            createdAt: clock.now(),
          })
          .returning({ id: healthNotes.id });
        await audit(tx, caller, `${input.kind}_added`, row!.id, input);
      });
      audience.tellDay(today(child), "health");
      return record(caller, child);
    },

    async removeStanding(caller: Caller, id: string) {
      const [found] = await db
        .select()
        .from(healthNotes)
        .where(and(eq(healthNotes.id, id), inArray(healthNotes.kind, [...STANDING_KINDS])));
      const { row, child } = await childOf(caller, found, "Health note");
      if (!mayKeepStanding(caller, child, await recordingRooms(db, caller))) throw forbidden();
      const audience = await childAudience(db, realtime, [child.id]);
      await db.transaction(async (tx) => {
        await tx.delete(healthNotes).where(eq(healthNotes.id, id));
        await audit(tx, caller, `${row.kind as StandingKind}_removed`, id, null, row);
      });
      audience.tellDay(today(child), "health");
      return record(caller, child);
    },

    /** A parent asks for a medication to be given and consents in the same step. */
    async addMedication(caller: Caller, childId: string, input: z.output<typeof medicationInput>) {
      const child = await findDayChild(db, caller, childId);
      if (!mayKeepHealth(caller)) throw forbidden();
      const audience = await childAudience(db, realtime, [child.id]);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(medications)
          .values({
            studentId: child.id,
            centerId: child.centerId,
            name: input.name,
            dose: input.dose,
            schedule: input.schedule,
            startDate: input.start_date,
            endDate: input.end_date,
            notes: input.notes,
            consentBy: caller.userId,
            consentAt: clock.now(),
          })
          .returning({ id: medications.id });
        await audit(tx, caller, "medication_consented", row!.id, input);
      });
      audience.tellDay(today(child), "health");
      return record(caller, child);
    },

    /** A parent withdraws consent: no further dose may be given. */
    async withdraw(caller: Caller, id: string) {
      const [found] = await db.select().from(medications).where(eq(medications.id, id));
      const { child } = await childOf(caller, found, "Medication");
      if (!mayKeepHealth(caller)) throw forbidden();
      const audience = await childAudience(db, realtime, [child.id]);
      await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(medications)
          .set({ withdrawnAt: clock.now(), withdrawnBy: caller.userId })
          .where(and(eq(medications.id, id), eq(medications.studentId, child.id), isNull(medications.withdrawnAt)))
          .returning({ id: medications.id });
        if (!changed) throw conflict(HEALTH_MESSAGES.alreadyWithdrawn);
        await audit(tx, caller, "medication_withdrawn", id, { withdrawn: true });
      });
      audience.tellDay(today(child), "health");
      return record(caller, child);
    },

    /**
     * A teacher of the child's classroom gives a dose today. The medication row is locked so a
     * consent withdrawn at the same moment is seen: the dose is refused, never logged after it.
     */
    async giveDose(caller: Caller, medicationId: string, input: z.output<typeof doseInput>) {
      const [found] = await db.select().from(medications).where(eq(medications.id, medicationId));
      const { child } = await childOf(caller, found, "Medication");
      if (!mayRecordFor(caller, child, await recordingRooms(db, caller))) throw forbidden();
      const day = today(child);
      const audience = await childAudience(db, realtime, [child.id]);
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(medications).where(eq(medications.id, medicationId)).for("update");
        if (!current || !isActive(current, day)) throw conflict(HEALTH_MESSAGES.noConsent);
        const [row] = await tx
          .insert(medicationDoses)
          .values({
            studentId: child.id,
            centerId: child.centerId,
            day,
            medicationId,
            dose: input.dose,
            givenTime: input.given_time,
            notes: input.notes,
            recordedBy: caller.userId,
            createdAt: clock.now(),
          })
          .returning({ id: medicationDoses.id });
        await audit(tx, caller, "dose_given", row!.id, { medication_id: medicationId, ...input });
      });
      audience.tellDay(day, "dose");
      return record(caller, child);
    },

    async addImmunisation(caller: Caller, childId: string, input: z.output<typeof immunisationInput>) {
      const child = await findDayChild(db, caller, childId);
      if (!mayKeepImmunisations(caller)) throw forbidden();
      if (input.date_given > today(child))
        throw badRequest(HEALTH_MESSAGES.dateGivenFuture, { date_given: HEALTH_MESSAGES.dateGivenFuture });
      const audience = await childAudience(db, realtime, [child.id]);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(immunisations)
          .values({
            studentId: child.id,
            centerId: child.centerId,
            vaccine: input.vaccine,
            dateGiven: input.date_given,
            nextDue: input.next_due || null,
            notes: input.notes,
            recordedBy: caller.userId,
            createdAt: clock.now(),
          })
          .returning({ id: immunisations.id });
        await audit(tx, caller, "immunisation_added", row!.id, input);
      });
      audience.tellDay(today(child), "health");
      return record(caller, child);
    },

    async removeImmunisation(caller: Caller, id: string) {
      const [found] = await db.select().from(immunisations).where(eq(immunisations.id, id));
      const { row, child } = await childOf(caller, found, "Immunisation");
      if (!mayKeepImmunisations(caller)) throw forbidden();
      const audience = await childAudience(db, realtime, [child.id]);
      await db.transaction(async (tx) => {
        await tx.delete(immunisations).where(eq(immunisations.id, id));
        await audit(tx, caller, "immunisation_removed", id, null, row);
      });
      audience.tellDay(today(child), "health");
      return record(caller, child);
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
