import type { NewIncidentEvent } from "@sprout/shared/realtime/events";
import type { IncidentListItem, ParentIncident, StaffIncident } from "@sprout/shared/schemas/incidents";
import type { incidents } from "../../db/schema/incidents.ts";

export type IncidentRow = typeof incidents.$inferSelect & {
  centerName: string;
  reportedByName: string | null;
  resolvedByName: string | null;
};
export interface ChildRef {
  id: string;
  name: string;
  classroom_name: string | null;
}
export interface PhotoRef {
  id: string;
}

const photoUrl = (incidentId: string, photoId: string) => `/api/incidents/${incidentId}/photos/${photoId}`;

export function toListItem(row: IncidentRow, children: ChildRef[], photoCount: number): IncidentListItem {
  return {
    id: row.id,
    center_id: row.centerId,
    center_name: row.centerName,
    incident_type: row.incidentType,
    incident_date: row.occurredAt.toISOString(),
    location: row.location,
    severity: row.severity,
    status: row.status,
    children,
    reported_by: row.reportedByName,
    parents_notified_at: row.parentsNotifiedAt?.toISOString() ?? null,
    photo_count: photoCount,
  };
}

export function toStaffIncident(
  row: IncidentRow,
  details: {
    children: ChildRef[];
    photos: PhotoRef[];
    acknowledgements: { name: string; at: Date }[];
    history: StaffIncident["history"];
  },
): StaffIncident {
  return {
    ...toListItem(row, details.children, details.photos.length),
    description: row.description,
    first_aid: row.firstAid,
    witnesses: row.witnesses,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by: row.resolvedByName,
    resolution_notes: row.resolutionNotes,
    photos: details.photos.map((photo) => ({ id: photo.id, url: photoUrl(row.id, photo.id) })),
    parent_acknowledgements: details.acknowledgements.map((ack) => ({ name: ack.name, at: ack.at.toISOString() })),
    history: details.history,
  };
}

/**
 * A parent's copy: only their own children are named, and witnesses (other people's names) and
 * staff notes stay out.
 */
export function toParentIncident(
  row: IncidentRow,
  ownChildren: ChildRef[],
  photos: PhotoRef[],
  acknowledgedAt: Date | null,
): ParentIncident {
  return {
    id: row.id,
    center_name: row.centerName,
    incident_type: row.incidentType,
    incident_date: row.occurredAt.toISOString(),
    location: row.location,
    description: row.description,
    first_aid: row.firstAid,
    severity: row.severity,
    status: row.status,
    children: ownChildren,
    photos: photos.map((photo) => ({ id: photo.id, url: photoUrl(row.id, photo.id) })),
    acknowledged_at: acknowledgedAt?.toISOString() ?? null,
  };
}

export function toNewIncidentEvent(row: IncidentRow): NewIncidentEvent {
  return {
    id: row.id,
    incident_type: row.incidentType,
    incident_date: row.occurredAt.toISOString(),
    status: row.status,
    severity: row.severity,
  };
}
