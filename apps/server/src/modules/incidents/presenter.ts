import type {
  IncidentAcknowledgement,
  IncidentListItem,
  IncidentParentStatus,
  ParentIncident,
  StaffIncident,
} from "@sprout/shared/schemas/incidents";
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
export interface AcknowledgementRef {
  userId: string;
  name: string;
  at: Date;
}

const acknowledgement = (ack: AcknowledgementRef): IncidentAcknowledgement => ({
  name: ack.name,
  at: ack.at.toISOString(),
});

/** Acknowledged once any parent said they read it; before that, shared or still held for review. */
function parentStatus(row: IncidentRow, acknowledgements: AcknowledgementRef[]): IncidentParentStatus {
  if (acknowledgements.length > 0) return "acknowledged";
  return row.parentsNotifiedAt ? "notified" : "awaiting_review";
}

const photoUrl = (incidentId: string, photoId: string) => `/api/incidents/${incidentId}/photos/${photoId}`;

/** Staff (managers and teachers) see every parent of the children involved who acknowledged. */
export function toListItem(
  row: IncidentRow,
  children: ChildRef[],
  photoCount: number,
  acknowledgements: AcknowledgementRef[],
): IncidentListItem {
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
    parent_status: parentStatus(row, acknowledgements),
    parent_acknowledgements: acknowledgements.map(acknowledgement),
    photo_count: photoCount,
  };
}

export function toStaffIncident(
  row: IncidentRow,
  details: {
    children: ChildRef[];
    photos: PhotoRef[];
    acknowledgements: AcknowledgementRef[];
    history: StaffIncident["history"];
  },
): StaffIncident {
  return {
    ...toListItem(row, details.children, details.photos.length, details.acknowledgements),
    description: row.description,
    first_aid: row.firstAid,
    witnesses: row.witnesses,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by: row.resolvedByName,
    resolution_notes: row.resolutionNotes,
    photos: details.photos.map((photo) => ({ id: photo.id, url: photoUrl(row.id, photo.id) })),
    history: details.history,
  };
}

/**
 * A parent's copy: only their own children are named, only their own family's acknowledgements
 * are listed, and witnesses (other people's names) and staff notes stay out.
 */
export function toParentIncident(
  row: IncidentRow,
  caller: { userId: string },
  ownChildren: ChildRef[],
  photos: PhotoRef[],
  familyAcknowledgements: AcknowledgementRef[],
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
    acknowledged_at: familyAcknowledgements.find((ack) => ack.userId === caller.userId)?.at.toISOString() ?? null,
    acknowledgements: familyAcknowledgements.map(acknowledgement),
  };
}
