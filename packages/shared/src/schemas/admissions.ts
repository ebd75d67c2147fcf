import { z } from "zod";
import { isIsoDate } from "./children.ts";
import { ENQUIRY_MESSAGES, GENDERS, mobileNumber, NAME_MAX, optionalDate, optionalEmail } from "./enquiries.ts";

/** The three parent/guardian rows of the Final Admission Form, in order. */
export const DEFAULT_RELATIONS = ["Father", "Mother", "Guardian"] as const;
export const RELATIONS = ["Father", "Mother", "Guardian", "Grandparent", "Other"] as const;

export const ADMISSION_MESSAGES = {
  childFirstName: "Child first name is required",
  dobRequired: "Date of birth is required",
  dobFuture: ENQUIRY_MESSAGES.dobFuture,
  genderRequired: "Gender is required",
  parentFirstName: "Parent first name is required",
  parentPhone: "Parent phone is required",
  classroomRequired: "Please choose a classroom",
  classroomUnknown: "Classroom not found in this centre",
  tooLong: `Must not exceed ${NAME_MAX} characters`,
  parentsRequired: "At least one parent or guardian is required",
  emailTaken: "This e-mail address belongs to another account and cannot be used for a parent sign-in",
  emailTwice: "The same e-mail address is given for two parents",
  admitted: "Student admitted successfully",
  failed: ENQUIRY_MESSAGES.admitFailed,
  notClosedLost: "A lost enquiry cannot be admitted",
} as const;

const name = (required: string | null) => {
  const base = z.string().trim().max(NAME_MAX, ADMISSION_MESSAGES.tooLong);
  return required ? z.string({ error: required }).trim().min(1, required).max(NAME_MAX, ADMISSION_MESSAGES.tooLong) : base;
};

const parentRow = z.object({
  firstName: z.string().trim().max(NAME_MAX, ADMISSION_MESSAGES.tooLong).optional().default(""),
  lastName: z.string().trim().max(NAME_MAX, ADMISSION_MESSAGES.tooLong).optional().default(""),
  relation: z.string().trim().min(1).max(30).optional().default("Guardian"),
  phone: z.string().optional().default(""),
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
  return z
    .object({
      child: z.object({
        firstName: name(ADMISSION_MESSAGES.childFirstName),
        lastName: name(null).optional().default(""),
        dateOfBirth: z
          .string({ error: ADMISSION_MESSAGES.dobRequired })
          .trim()
          .min(1, ADMISSION_MESSAGES.dobRequired)
          .refine(isIsoDate, ENQUIRY_MESSAGES.dateInvalid)
          .refine((value) => !today || value <= today, ADMISSION_MESSAGES.dobFuture),
        gender: z.enum(GENDERS, { error: ADMISSION_MESSAGES.genderRequired }),
      }),
      parents: z.array(parentRow).min(1, ADMISSION_MESSAGES.parentsRequired).max(3),
      classroomId: z.uuid({ error: ADMISSION_MESSAGES.classroomRequired }),
      probableJoiningDate: optionalDate,
    })
    .transform((value, ctx) => {
      const parents: { firstName: string; lastName: string; relation: string; phone: string | null; email: string | null; isPrimary: boolean }[] = [];
      const seen = new Set<string>();
      value.parents.forEach((row, index) => {
        if (index > 0 && isBlankRow(row)) return;
        const at = (field: string) => ["parents", index, field];
        if (!row.firstName) ctx.addIssue({ code: "custom", path: at("firstName"), message: ADMISSION_MESSAGES.parentFirstName });
        let phone: string | null = null;
        if (index === 0 || row.phone.trim()) {
          const parsed = phoneSchema.safeParse(row.phone);
          if (parsed.success) phone = parsed.data;
          else ctx.addIssue({ code: "custom", path: at("phone"), message: parsed.error.issues[0]!.message });
        }
        if (row.email) {
          if (seen.has(row.email)) ctx.addIssue({ code: "custom", path: at("email"), message: ADMISSION_MESSAGES.emailTwice });
          seen.add(row.email);
        }
        parents.push({ firstName: row.firstName, lastName: row.lastName, relation: row.relation, phone, email: row.email, isPrimary: index === 0 });
      });
      return { ...value, parents };
    });
}
export type AdmissionInput = z.input<ReturnType<typeof admissionSchema>>;
export type AdmissionPayload = z.output<ReturnType<typeof admissionSchema>>;

export interface AdmissionFormValues {
  child: { firstName: string; lastName: string; dateOfBirth: string; gender: string };
  parents: { firstName: string; lastName: string; relation: string; phone: string; email: string }[];
  classroomId: string;
  probableJoiningDate: string;
}

export const admissionResponse = z.object({
  message: z.string(),
  student: z.object({
    id: z.string(),
    student_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    class_id: z.string(),
    classroom_name: z.string(),
    enrollment_date: z.string(),
  }),
  /** Addresses to which a parent sign-in invitation was e-mailed. */
  invited: z.array(z.string()),
  /** Addresses that already had a parent sign-in, now linked to this child too. */
  linked: z.array(z.string()),
});
export type AdmissionResponse = z.infer<typeof admissionResponse>;

export const enquiryIdParam = z.object({ enquiryId: z.uuid({ error: "Enquiry not found" }) });
