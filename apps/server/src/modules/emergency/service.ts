import { english } from "@sprout/shared/i18n/english";
import type { Language } from "@sprout/shared/i18n/languages";
import {
  type Acknowledgement,
  type ActiveAlerts,
  AFFECTED_AREAS,
  type AlertsPage,
  type alertsQuery,
  EMERGENCY_MESSAGES,
  EVACUATION_TYPES,
  type emergencyAlertInput,
  PARENT_NOTICES,
  STAFF_INSTRUCTIONS,
  type StaffAlert,
} from "@sprout/shared/schemas/emergency";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { isFamily } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { emergencyAcknowledgements, emergencyAlerts } from "../../db/schema/emergency.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import type { PushQueue } from "../push/area.ts";
import { criticalAlertMail } from "./mail.ts";
import { alertCentre, assertMayManage, mayAcknowledge, mayManageAlerts } from "./policy.ts";
import { type AlertRow, toAlertEvent, toFamilyNotice, toNoticeEvent, toStaffAlert } from "./presenter.ts";

interface Deps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  mailer: Pick<Mailer, "send">;
  /** Every device at the centre, whatever its owner chose (issue 32). */
  push: Pick<PushQueue, "toCentre">;
}

const triggeredByUser = alias(users, "triggered_by_user");
const resolvedByUser = alias(users, "resolved_by_user");

/** Emergency alerts: trigger, push, acknowledge, resolve, and the active and past lists. */
export function createEmergencyService({ db, clock, realtime, mailer, push }: Deps) {
  const selectAlerts = () =>
    db
      .select({
        alert: emergencyAlerts,
        centerName: centers.name,
        triggeredByName: triggeredByUser.fullName,
        resolvedByName: resolvedByUser.fullName,
      })
      .from(emergencyAlerts)
      .innerJoin(centers, eq(centers.id, emergencyAlerts.centerId))
      .leftJoin(triggeredByUser, eq(triggeredByUser.id, emergencyAlerts.triggeredBy))
      .leftJoin(resolvedByUser, eq(resolvedByUser.id, emergencyAlerts.resolvedBy));
  type Selected = Awaited<ReturnType<ReturnType<typeof selectAlerts>["execute"]>>[number];
  const toRow = (row: Selected): AlertRow => ({
    ...row.alert,
    centerName: row.centerName,
    triggeredByName: row.triggeredByName,
    resolvedByName: row.resolvedByName,
  });

  async function acknowledgementsOf(alertIds: string[]): Promise<Map<string, Acknowledgement[]>> {
    const byAlert = new Map<string, Acknowledgement[]>();
    if (alertIds.length === 0) return byAlert;
    const rows = await db
      .select({
        alertId: emergencyAcknowledgements.alertId,
        userId: emergencyAcknowledgements.userId,
        name: users.fullName,
        role: users.role,
        at: emergencyAcknowledgements.acknowledgedAt,
      })
      .from(emergencyAcknowledgements)
      .innerJoin(users, eq(users.id, emergencyAcknowledgements.userId))
      .where(inArray(emergencyAcknowledgements.alertId, alertIds))
      .orderBy(asc(emergencyAcknowledgements.acknowledgedAt));
    for (const row of rows) {
      const list = byAlert.get(row.alertId) ?? [];
      list.push({ user_id: row.userId, name: row.name, role: row.role, acknowledged_at: row.at.toISOString() });
      byAlert.set(row.alertId, list);
    }
    return byAlert;
  }

  async function present(caller: Caller, rows: AlertRow[]): Promise<StaffAlert[]> {
    const acks = await acknowledgementsOf(rows.map((row) => row.id));
    return rows.map((row) => toStaffAlert(row, acks.get(row.id) ?? [], caller.userId));
  }

  /** An alert of a centre in the caller's scope; any other alert does not exist for them. */
  async function find(caller: Caller, id: string): Promise<AlertRow> {
    const scope = await caller.scope();
    if (scope.centerIds.length === 0) throw notFound("Emergency alert");
    const [row] = await selectAlerts().where(
      and(eq(emergencyAlerts.id, id), inArray(emergencyAlerts.centerId, scope.centerIds)),
    );
    if (!row) throw notFound("Emergency alert");
    return toRow(row);
  }

  /** The spec's areas and the centre's own classrooms: what "affected areas" may name. */
  async function areasOf(centerId: string): Promise<string[]> {
    const rooms = await db
      .select({ name: classrooms.name })
      .from(classrooms)
      .where(eq(classrooms.centerId, centerId))
      .orderBy(asc(classrooms.name));
    return [...new Set([...AFFECTED_AREAS, ...rooms.map((room) => room.name)])];
  }

  /** E-mail addresses of the parents of children on the centre's roll, each once. */
  /** Each parent address once, with the language its sign-in chose (none: the default). */
  async function parentAddresses(centerId: string): Promise<{ email: string; language: Language | null }[]> {
    const rows = await db
      .selectDistinct({ email: sql<string>`lower(${guardians.email})`, language: users.language })
      .from(guardians)
      .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
      .innerJoin(students, eq(students.id, studentGuardians.studentId))
      .leftJoin(users, eq(users.id, guardians.userId))
      .where(and(eq(students.centerId, centerId), ne(students.status, "left"), isNotNull(guardians.email)));
    const once = new Map<string, Language | null>();
    for (const row of rows) if (row.email.includes("@") && !once.get(row.email)) once.set(row.email, row.language);
    return [...once].map(([email, language]) => ({ email, language }));
  }

  return {
    areasOf: async (caller: Caller, centerId: string | undefined) =>
      areasOf(alertCentre(caller, await caller.scope(), centerId)),

    async trigger(caller: Caller, input: z.output<typeof emergencyAlertInput>): Promise<StaffAlert> {
      assertMayManage(caller);
      const centerId = alertCentre(caller, await caller.scope(), input.center_id);
      // The area list is read only when areas were chosen: every query before the push delays it.
      if (input.affected_areas.length > 0) {
        const allowed = new Set(await areasOf(centerId));
        if (input.affected_areas.some((area) => !allowed.has(area)))
          throw badRequest(EMERGENCY_MESSAGES.unknownArea, { affected_areas: EMERGENCY_MESSAGES.unknownArea });
      }
      // The alert and its audit entry commit together; the push follows at once.
      const inserted = await transaction(db, async (tx) => {
        const [alert] = await tx
          .insert(emergencyAlerts)
          .values({
            organisationId: caller.organisationId,
            centerId,
            alertType: input.alert_type,
            severity: input.severity,
            message: input.message,
            location: input.location,
            // Leaving a burning building is not optional: these types always evacuate.
            requiresEvacuation: input.requires_evacuation || EVACUATION_TYPES.includes(input.alert_type),
            affectedAreas: [...new Set(input.affected_areas)],
            instructions: input.instructions || STAFF_INSTRUCTIONS[input.alert_type] || "",
            parentMessage:
              input.parent_message || PARENT_NOTICES[input.alert_type] || english("mail.criticalAlert.defaultNotice"),
            triggeredBy: caller.userId,
            triggeredAt: clock.now(),
          })
          .returning({
            id: emergencyAlerts.id,
            alertType: emergencyAlerts.alertType,
            severity: emergencyAlerts.severity,
          });
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "emergency.trigger",
          entity: "emergency_alert",
          entityId: alert!.id,
          after: {
            center_id: centerId,
            alert_type: alert!.alertType,
            severity: alert!.severity,
            message: input.message,
          },
        });
        // The push is queued with the alert: it leaves when (and only if) the alert commits.
        await push.toCentre(tx, centerId, (centre) => ({
          title: english("pushText.emergencyTitle", { centre }),
          body: english("pushText.emergencyBody"),
          url: "/",
          kind: "emergency",
          tag: `emergency-${alert!.id}`,
        }));
        return alert!;
      });
      const row = await find(caller, inserted.id);
      // The push goes before the e-mails: the people in the building matter most.
      realtime.toCentreStaff(centerId, "emergency-alert", toAlertEvent(row));
      realtime.toCentreFamilies(centerId, "emergency-notice", toNoticeEvent(row));
      if (row.severity === "critical") {
        for (const parent of await parentAddresses(centerId))
          await mailer.send(criticalAlertMail(parent.email, row, parent.language));
      }
      return (await present(caller, [row]))[0]!;
    },

    async acknowledge(caller: Caller, id: string): Promise<StaffAlert> {
      if (!mayAcknowledge(caller)) throw forbidden();
      const row = await find(caller, id);
      if (row.resolvedAt) throw conflict(EMERGENCY_MESSAGES.alreadyResolved);
      const now = clock.now();
      const [added] = await db
        .insert(emergencyAcknowledgements)
        .values({ alertId: row.id, userId: caller.userId, acknowledgedAt: now })
        .onConflictDoNothing()
        .returning({ at: emergencyAcknowledgements.acknowledgedAt });
      if (added) {
        realtime.toCentreStaff(row.centerId, "emergency-acknowledged", {
          alert_id: row.id,
          user_id: caller.userId,
          acknowledged_at: added.at.toISOString(),
        });
      }
      return (await present(caller, [row]))[0]!;
    },

    async resolve(caller: Caller, id: string, notes: string): Promise<StaffAlert> {
      assertMayManage(caller);
      const before = await find(caller, id);
      const resolvedAt = clock.now();
      await transaction(db, async (tx) => {
        // Only one resolution wins, however many arrive at once.
        const updated = await tx
          .update(emergencyAlerts)
          .set({ resolvedAt, resolvedBy: caller.userId, resolutionNotes: notes })
          .where(and(eq(emergencyAlerts.id, before.id), isNull(emergencyAlerts.resolvedAt)))
          .returning({ id: emergencyAlerts.id });
        if (updated.length === 0) throw conflict(EMERGENCY_MESSAGES.alreadyResolved);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "emergency.resolve",
          entity: "emergency_alert",
          entityId: before.id,
          before: { resolved_at: null },
          after: { resolved_at: resolvedAt.toISOString(), resolution_notes: notes },
        });
        await push.toCentre(tx, before.centerId, (centre) => ({
          title: english("pushText.allClearTitle", { centre }),
          body: english("pushText.allClearBody"),
          url: "/",
          kind: "emergency_resolved",
          tag: `emergency-${before.id}`,
        }));
      });
      const row = await find(caller, id);
      realtime.toCentreStaff(row.centerId, "emergency-resolved", { alert_id: row.id });
      realtime.toCentreFamilies(row.centerId, "emergency-resolved", { alert_id: row.id });
      return (await present(caller, [row]))[0]!;
    },

    /** Unresolved alerts of the caller's centres: staff get them whole, families the notice. */
    async active(caller: Caller): Promise<ActiveAlerts> {
      const scope = await caller.scope();
      if (scope.centerIds.length === 0) return { alerts: [], notices: [] };
      const rows = (
        await selectAlerts()
          .where(and(inArray(emergencyAlerts.centerId, scope.centerIds), isNull(emergencyAlerts.resolvedAt)))
          .orderBy(desc(emergencyAlerts.triggeredAt), desc(emergencyAlerts.id))
          // A centre has a handful of live alerts at most; the bound keeps the answer bounded anyway.
          .limit(50)
      ).map(toRow);
      if (isFamily(caller)) return { alerts: [], notices: rows.map(toFamilyNotice) };
      return { alerts: await present(caller, rows), notices: [] };
    },

    async list(caller: Caller, query: z.output<typeof alertsQuery>): Promise<AlertsPage> {
      if (!mayManageAlerts(caller)) throw forbidden();
      const scope = await caller.scope();
      if (query.center_id && !scope.centerIds.includes(query.center_id)) throw notFound("Center");
      const centreIds = query.center_id ? [query.center_id] : scope.centerIds;
      const empty: AlertsPage = {
        alerts: [],
        pagination: { current_page: query.page, total_pages: 0, total_items: 0, items_per_page: query.limit },
      };
      if (centreIds.length === 0) return empty;
      const where = and(
        inArray(emergencyAlerts.centerId, centreIds),
        query.status === "active" ? isNull(emergencyAlerts.resolvedAt) : isNotNull(emergencyAlerts.resolvedAt),
      );
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(emergencyAlerts).where(where);
      const rows = (
        await selectAlerts()
          .where(where)
          .orderBy(desc(emergencyAlerts.triggeredAt), desc(emergencyAlerts.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
      ).map(toRow);
      return {
        alerts: await present(caller, rows),
        pagination: {
          current_page: query.page,
          total_pages: Math.ceil(total / query.limit),
          total_items: total,
          items_per_page: query.limit,
        },
      };
    },
  };
}
export type EmergencyService = ReturnType<typeof createEmergencyService>;
