import { ROLE_LABELS, type Role } from "@sprout/shared/roles";
import type {
  CentreAccessEntry,
  ConsentRecord,
  ConsentRefusal,
  ParentAccessEntry,
  PrivacyNotice,
  RecordKind,
} from "@sprout/shared/schemas/privacy";
import type { childConsents, privacyNotices } from "../../db/schema/privacy.ts";

type NoticeRow = typeof privacyNotices.$inferSelect;
type ConsentRow = typeof childConsents.$inferSelect;

export function toNotice(row: NoticeRow & { publishedByName: string | null }): PrivacyNotice {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    body: row.body,
    published_by_name: row.publishedByName,
    published_at: row.publishedAt.toISOString(),
  };
}

export function toConsent(
  row: ConsentRow & { noticeVersion: number | null; givenByName: string | null },
): ConsentRecord {
  return {
    purpose: row.purpose,
    given: row.given,
    notice_version: row.noticeVersion,
    given_at: row.givenAt.toISOString(),
    given_by_name: row.givenByName,
  };
}

export interface ViewRow {
  id: string;
  viewerId: string;
  viewerRole: string;
  staffName: string;
  kind: RecordKind;
  viewedAt: Date;
  studentId: string;
  childName: string;
  screen: string | null;
}

const roleLabel = (role: string) => ROLE_LABELS[role as Role] ?? role;

/** A family sees who, in which role, when and what kind of record: not the screen or other children. */
export function toParentEntry(row: ViewRow): ParentAccessEntry {
  return {
    id: row.id,
    staff_name: row.staffName,
    staff_role: roleLabel(row.viewerRole),
    kind: row.kind,
    viewed_at: row.viewedAt.toISOString(),
  };
}

export function toCentreEntry(row: ViewRow): CentreAccessEntry {
  return {
    ...toParentEntry(row),
    staff_id: row.viewerId,
    child_id: row.studentId,
    child_name: row.childName,
    screen: row.screen,
  };
}

export function toRefusal(row: {
  childId: string;
  childName: string;
  centerId: string;
  centerName: string;
  refusedByName: string | null;
  refusedByPhone: string | null;
  refusedByEmail: string | null;
  refusedAt: Date;
  noticeVersion: number | null;
}): ConsentRefusal {
  return {
    child_id: row.childId,
    child_name: row.childName,
    center_id: row.centerId,
    center_name: row.centerName,
    refused_by_name: row.refusedByName,
    refused_by_phone: row.refusedByPhone,
    refused_by_email: row.refusedByEmail,
    refused_at: row.refusedAt.toISOString(),
    notice_version: row.noticeVersion,
  };
}
