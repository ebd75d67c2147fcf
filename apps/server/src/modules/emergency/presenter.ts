import type { EmergencyAlertEvent, EmergencyNoticeEvent } from "@sprout/shared/realtime/events";
import type { Acknowledgement, FamilyNotice, StaffAlert } from "@sprout/shared/schemas/emergency";
import type { emergencyAlerts } from "../../db/schema/emergency.ts";

export type AlertRow = typeof emergencyAlerts.$inferSelect & {
  centerName: string;
  triggeredByName: string | null;
  resolvedByName: string | null;
};

export function toStaffAlert(row: AlertRow, acknowledgements: Acknowledgement[], viewerId: string): StaffAlert {
  return {
    id: row.id,
    center_id: row.centerId,
    center_name: row.centerName,
    alert_type: row.alertType,
    severity: row.severity,
    message: row.message,
    location: row.location,
    requires_evacuation: row.requiresEvacuation,
    affected_areas: row.affectedAreas,
    instructions: row.instructions,
    parent_message: row.parentMessage,
    triggered_by: row.triggeredByName,
    triggered_at: row.triggeredAt.toISOString(),
    resolved_by: row.resolvedByName,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolution_notes: row.resolutionNotes,
    acknowledgements,
    acknowledged_by_me: acknowledgements.some((ack) => ack.user_id === viewerId),
  };
}

/** A family's view: the notice meant for them, never staff instructions or names. */
export function toFamilyNotice(row: AlertRow): FamilyNotice {
  return {
    id: row.id,
    center_name: row.centerName,
    alert_type: row.alertType,
    notice: row.parentMessage,
    triggered_at: row.triggeredAt.toISOString(),
  };
}

export function toAlertEvent(row: AlertRow): EmergencyAlertEvent {
  return {
    id: row.id,
    center_id: row.centerId,
    type: row.alertType,
    severity: row.severity,
    triggered_at: row.triggeredAt.toISOString(),
  };
}

export function toNoticeEvent(row: AlertRow): EmergencyNoticeEvent {
  return { id: row.id, type: row.alertType, triggered_at: row.triggeredAt.toISOString() };
}
