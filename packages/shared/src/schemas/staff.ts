import { z } from "zod";
import { english } from "../i18n/english.ts";
import { emailField, newPasswordField } from "./account.ts";
import { isIsoDate, LIST_MAX_PAGE, listPagination, pageParams, safeString, searchParam } from "./primitives.ts";
import { phoneField } from "./users.ts";

export const STAFF_ROLE_OPTIONS = ["teacher", "admin", "staff", "academic_coordinator", "center_director"] as const;
export const CONTRACT_TYPE_OPTIONS = ["full-time", "part-time", "contract", "temporary"] as const;
export const STAFF_ROLE_LABELS: Record<(typeof STAFF_ROLE_OPTIONS)[number], string> = {
  teacher: "Teacher",
  admin: "Admin",
  staff: "Staff",
  academic_coordinator: "Academic Coordinator",
  center_director: "Centre Director",
};
export const CONTRACT_TYPE_LABELS: Record<(typeof CONTRACT_TYPE_OPTIONS)[number], string> = {
  "full-time": "Full-time",
  "part-time": "Part-time",
  contract: "Contract",
  temporary: "Temporary",
};

export const STAFF_MESSAGES = {
  firstNameRequired: english("staff.firstNameRequired"),
  lastNameRequired: english("staff.lastNameRequired"),
  nameLength: english("staff.nameLength"),
  centerRequired: english("staff.centerRequired"),
  centerNotAllowed: english("staff.centerNotAllowed"),
  roleNotAllowed: english("staff.roleNotAllowed"),
  emailTaken: english("staff.emailTaken"),
  dateInvalid: english("staff.dateInvalid"),
  created: english("staff.created"),
  createdInvited: english("staff.createdInvited"),
  updated: english("staff.updated"),
} as const;

const name = (required: string) =>
  safeString({ error: required })
    .trim()
    .min(1, required)
    .min(2, STAFF_MESSAGES.nameLength)
    .max(50, STAFF_MESSAGES.nameLength);
const text = (max: number) =>
  safeString()
    .trim()
    .max(max, english("staff.tooLong", { max: String(max) }));
const isoDate = safeString().refine(isIsoDate, STAFF_MESSAGES.dateInvalid);

const staffFields = {
  email: emailField,
  first_name: name(STAFF_MESSAGES.firstNameRequired),
  last_name: name(STAFF_MESSAGES.lastNameRequired),
  role: z.enum(STAFF_ROLE_OPTIONS, { error: english("staff.roleRequired") }),
  designation: text(100).optional(),
  department: text(100).optional(),
  joining_date: z
    .union([z.literal(""), isoDate])
    .nullable()
    .optional(),
  contract_type: z.enum(CONTRACT_TYPE_OPTIONS).default("full-time"),
  contact_number: phoneField.optional(),
  emergency_contact: text(100).optional(),
  address: text(500).optional(),
  active_status: z.boolean().default(true),
};

/** Create: also the centre, and a password or none to e-mail an invitation. */
export const createStaffRequest = z.object({
  ...staffFields,
  password: z.union([z.literal(""), newPasswordField]).optional(),
  center_id: z.uuid(STAFF_MESSAGES.centerRequired),
});
export type CreateStaffRequest = z.input<typeof createStaffRequest>;

export const updateStaffRequest = z.object(staffFields);
export type UpdateStaffRequest = z.input<typeof updateStaffRequest>;

export const staffMember = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  email: safeString(),
  first_name: safeString(),
  last_name: safeString(),
  role: z.enum(STAFF_ROLE_OPTIONS),
  designation: safeString().nullable(),
  department: safeString().nullable(),
  employee_id: safeString(),
  joining_date: safeString().nullable(),
  contract_type: z.enum(CONTRACT_TYPE_OPTIONS),
  contact_number: safeString().nullable(),
  emergency_contact: safeString().nullable(),
  address: safeString().nullable(),
  active_status: z.boolean(),
  center_id: z.uuid(),
  center_name: safeString(),
  /** The latest exit record of this person (date and reason), or null if they never left. */
  exit: z.object({ exit_date: safeString(), exit_reason: safeString() }).nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;

/* ---------- Leaving ---------- */

export const STAFF_EXIT_MESSAGES = {
  dateRequired: english("staff.exitDateRequired"),
  reasonRequired: english("staff.exitReasonRequired"),
  beforeJoining: english("staff.exitBeforeJoining"),
  future: english("staff.exitFuture"),
  alreadyLeft: english("staff.exitAlreadyLeft"),
  recorded: english("staff.exitRecorded"),
} as const;

/** A staff member leaving, as a child's exit: the date and why (the books and the record show both). */
export const staffExitRequest = z.object({
  exit_date: safeString({ error: STAFF_EXIT_MESSAGES.dateRequired })
    .min(1, STAFF_EXIT_MESSAGES.dateRequired)
    .refine(isIsoDate, STAFF_MESSAGES.dateInvalid),
  exit_reason: safeString({ error: STAFF_EXIT_MESSAGES.reasonRequired })
    .trim()
    .min(1, STAFF_EXIT_MESSAGES.reasonRequired)
    .max(500, english("staff.tooLong", { max: "500" })),
});
export type StaffExitRequest = z.input<typeof staffExitRequest>;

/** GET /staff and /staff/center/{centerId}: a page of staff, searched by name, e-mail or employee ID. */
export const staffQuery = z.object({ search: searchParam(), ...pageParams });
export type StaffQuery = z.input<typeof staffQuery>;
export const staffListResponse = z.object({
  staff: z.array(staffMember).max(LIST_MAX_PAGE),
  pagination: listPagination,
});
export type StaffPage = z.infer<typeof staffListResponse>;
export const staffChangeResponse = z.object({ message: safeString(), staff: staffMember });
export const centerIdParams = z.object({ centerId: z.uuid(english("staff.invalidCentreId")) });
export type CreateStaffInput = z.output<typeof createStaffRequest>;
export type UpdateStaffInput = z.output<typeof updateStaffRequest>;
