import type { StaffMember } from "@sprout/shared/schemas/staff";
import type { staff } from "../../db/schema/staff.ts";

/** A staff record as read: its sign-in's e-mail and switch, its centre and its latest exit. */
export type StaffRow = {
  staff: typeof staff.$inferSelect;
  email: string;
  isActive: boolean;
  centerName: string;
  timeZone: string;
  exitDate: string | null;
  exitReason: string | null;
};

/** A staff member as the Staff Management page shows them (only staff managers read it). */
export function toStaffMember(row: StaffRow): StaffMember {
  const record = row.staff;
  return {
    id: record.id,
    user_id: record.userId,
    email: row.email,
    first_name: record.firstName,
    last_name: record.lastName,
    role: record.role,
    designation: record.designation,
    department: record.department,
    employee_id: record.employeeId,
    joining_date: record.joiningDate,
    contract_type: record.contractType,
    contact_number: record.contactNumber,
    emergency_contact: record.emergencyContact,
    address: record.address,
    // The account is the one switch: a deactivated account is an inactive staff member.
    active_status: row.isActive,
    center_id: record.centerId,
    center_name: row.centerName,
    exit: row.exitDate && row.exitReason ? { exit_date: row.exitDate, exit_reason: row.exitReason } : null,
  };
}
