import { z } from "zod";
import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";
import {
  ENQUIRY_MESSAGES,
  GENDERS,
  mobileNumber,
  NAME_MAX,
  normaliseMobile,
  optionalDate,
  optionalEmail,
} from "./enquiries.ts";
import { isIsoDate, safeString } from "./primitives.ts";

/**
 * How a parent or guardian is related to the child: chosen on each row of the Final Admission Form,
 * never assumed from the row's position (issue 30, point 8: "Father" was given to Neha).
 */
export const RELATIONS = ["Father", "Mother", "Guardian", "Grandparent", "Other"] as const;
export const RELATION_LABEL_IDS: Record<(typeof RELATIONS)[number], MessageId> = {
  Father: "enquiries.relationFather",
  Mother: "enquiries.relationMother",
  Guardian: "enquiries.relationGuardian",
  Grandparent: "enquiries.relationGrandparent",
  Other: "enquiries.relationOther",
};

export const ADMISSION_MESSAGES = {
  childFirstName: english("admissions.childFirstName"),
  dobRequired: english("admissions.dobRequired"),
  dobFuture: ENQUIRY_MESSAGES.dobFuture,
  genderRequired: english("admissions.genderRequired"),
  parentFirstName: english("admissions.parentFirstName"),
  parentPhone: english("admissions.parentPhone"),
  relationRequired: english("admissions.relationRequired"),
  classroomRequired: english("admissions.classroomRequired"),
  classroomUnknown: english("admissions.classroomUnknown"),
  tooLong: english("admissions.tooLong", { max: NAME_MAX }),
  parentsRequired: english("admissions.parentsRequired"),
  emailTwice: english("admissions.emailTwice"),
  admitted: english("admissions.admitted"),
  failed: ENQUIRY_MESSAGES.admitFailed,
  notClosedLost: english("admissions.notClosedLost"),
} as const;

const name = (required: string | null) => {
  const base = safeString().trim().max(NAME_MAX, ADMISSION_MESSAGES.tooLong);
  return required
    ? safeString({ error: required }).trim().min(1, required).max(NAME_MAX, ADMISSION_MESSAGES.tooLong)
    : base;
};

const parentRow = z.object({
  firstName: safeString().trim().max(NAME_MAX, ADMISSION_MESSAGES.tooLong).optional().default(""),
  lastName: safeString().trim().max(NAME_MAX, ADMISSION_MESSAGES.tooLong).optional().default(""),
  // No default: a filled-in row must say (the check is in the rows' refinement below).
  relation: safeString().trim().max(30).optional().default(""),
  phone: z.preprocess((value) => value ?? "", safeString()),
  email: optionalEmail,
});

const isBlankRow = (row: { firstName: string; lastName: string; phone: string; email: string | null }) =>
  !row.firstName && !row.lastName && !row.phone.trim() && !row.email;

const phoneSchema = mobileNumber(ADMISSION_MESSAGES.parentPhone);

/**
 * The Final Admission Form: child first name, date of birth and gender, the first parent's first
 * name and phone, and the classroom are required. Rows 2 and 3 may be left empty; a row that is
 * filled in needs a first name, and a phone number when one is given must be valid.
 */
export function admissionSchema({ today }: { today?: string } = {}) {
  const parents = z
    .array(parentRow)
    .min(1, ADMISSION_MESSAGES.parentsRequired)
    .max(3)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        if (index > 0 && isBlankRow(row)) return;
        const issue = (field: string, message: string) =>
          ctx.addIssue({ code: "custom", path: [index, field], message });
        if (!row.relation) issue("relation", ADMISSION_MESSAGES.relationRequired);
        if (!row.firstName) issue("firstName", ADMISSION_MESSAGES.parentFirstName);
        if (index === 0 || row.phone.trim()) {
          const parsed = phoneSchema.safeParse(row.phone);
          if (!parsed.success) issue("phone", parsed.error.issues[0]!.message);
        }
        if (row.email) {
          if (seen.has(row.email)) issue("email", ADMISSION_MESSAGES.emailTwice);
          seen.add(row.email);
        }
      });
    })
    .transform((rows) =>
      rows.flatMap((row, index) =>
        index > 0 && isBlankRow(row)
          ? []
          : [
              {
                firstName: row.firstName,
                lastName: row.lastName,
                relation: row.relation,
                phone: row.phone.trim() ? normaliseMobile(row.phone) : null,
                email: row.email,
                isPrimary: index === 0,
              },
            ],
      ),
    );

  return z.object({
    child: z.object({
      firstName: name(ADMISSION_MESSAGES.childFirstName),
      lastName: name(null).optional().default(""),
      dateOfBirth: safeString({ error: ADMISSION_MESSAGES.dobRequired })
        .trim()
        .min(1, ADMISSION_MESSAGES.dobRequired)
        .refine(isIsoDate, ENQUIRY_MESSAGES.dateInvalid)
        .refine((value) => !today || value <= today, ADMISSION_MESSAGES.dobFuture),
      gender: z.enum(GENDERS, { error: ADMISSION_MESSAGES.genderRequired }),
    }),
    parents,
    classroomId: z.uuid({ error: ADMISSION_MESSAGES.classroomRequired }),
    probableJoiningDate: optionalDate,
  });
}
export type AdmissionInput = z.input<ReturnType<typeof admissionSchema>>;
export type AdmissionPayload = z.output<ReturnType<typeof admissionSchema>>;

export const admissionResponse = z.object({
  message: safeString(),
  student: z.object({
    id: safeString(),
    student_id: safeString(),
    first_name: safeString(),
    last_name: safeString(),
    class_id: safeString(),
    classroom_name: safeString(),
    enrollment_date: safeString(),
  }),
  /**
   * Addresses e-mailed: an invitation to a new sign-in, or to an existing parent a request to
   * accept the child from their own sign-in. The same whether or not the address has an account.
   */
  invited: z.array(safeString()),
});
export type AdmissionResponse = z.infer<typeof admissionResponse>;

export const enquiryIdParam = z.object({ enquiryId: z.uuid({ error: english("admissions.enquiryNotFound") }) });
