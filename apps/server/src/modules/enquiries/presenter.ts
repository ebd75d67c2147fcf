import type { Enquiry } from "@sprout/shared/schemas/enquiries";
import type { enquiries } from "../../db/schema/enquiries.ts";

/** An enquiry as read: its centre's name, the tie-up company it names (if any), whether its follow-up is due. */
export interface EnquiryListRow {
  enquiry: typeof enquiries.$inferSelect;
  centerName: string;
  tieUp: string | null;
  due: boolean;
}

/** An enquiry as the enquiry managers read it (only they do). */
export const toEnquiry = (row: EnquiryListRow): Enquiry => {
  const e = row.enquiry;
  return {
    id: e.id,
    enquiry_date: e.enquiryDate,
    child_name: e.childName,
    child_dob: e.childDob,
    parent_name: e.parentName,
    mobile_number: e.mobileNumber,
    email: e.email,
    parent_location: e.parentLocation,
    company: e.company,
    has_tie_up: row.tieUp !== null,
    gender: e.gender,
    source: e.source,
    major_program: e.majorProgram,
    specific_program: e.specificProgram,
    service_hours: e.serviceHours,
    status: e.status,
    reason_for_closure: e.reasonForClosure,
    follow_up_flag: e.followUpFlag,
    follow_up_date: e.followUpDate,
    follow_up_due: Boolean(row.due),
    assigned_to: e.assignedTo,
    remarks: e.remarks,
    visited: e.visited,
    probable_joining_date: e.probableJoiningDate,
    center_id: e.centerId,
    center_name: row.centerName,
    student_id: e.studentId,
    converted_at: e.convertedAt?.toISOString() ?? null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
};
