import { z } from "zod";
import { english } from "../i18n/english.ts";
import { emailField } from "./account.ts";
import { rupeesAmount } from "./billing.ts";
import { student } from "./children.ts";
import { GENDERS } from "./enquiries.ts";
import { isIsoDate, safeString } from "./primitives.ts";
import { phoneField } from "./users.ts";

/** Correcting a child's record and their guardians' contact details, with an audit of the change. */

export const CHILD_EDIT_MESSAGES = {
  firstNameRequired: english("childEdit.firstNameRequired"),
  nameTooLong: english("childEdit.nameTooLong"),
  dateInvalid: english("childEdit.dateInvalid"),
  dateInFuture: english("childEdit.dateInFuture"),
  notesTooLong: english("childEdit.notesTooLong"),
  relationRequired: english("childEdit.relationRequired"),
  guardianNameRequired: english("childEdit.guardianNameRequired"),
  unknownGuardian: english("childEdit.unknownGuardian"),
  noChange: english("childEdit.noChange"),
  saved: english("childEdit.saved"),
} as const;

/** Colours for the initials avatar; null keeps the default. */
export const AVATAR_COLORS = ["#1E88E5", "#43A047", "#E53935", "#8E24AA", "#FB8C00", "#00897B", "#6D4C41"] as const;

const name = (required?: string) => {
  const base = safeString().trim().max(50, CHILD_EDIT_MESSAGES.nameTooLong);
  return required ? base.min(1, required) : base;
};

export const guardianEdit = z.object({
  id: z.uuid(CHILD_EDIT_MESSAGES.unknownGuardian),
  first_name: name(CHILD_EDIT_MESSAGES.guardianNameRequired),
  last_name: name().default(""),
  phone: phoneField.default(""),
  email: z.union([z.literal(""), emailField]).default(""),
  relation: safeString().trim().min(1, CHILD_EDIT_MESSAGES.relationRequired).max(30),
});

export const childEditRequest = z.object({
  first_name: name(CHILD_EDIT_MESSAGES.firstNameRequired),
  last_name: name().default(""),
  date_of_birth: z
    .union([z.literal(""), safeString().trim().refine(isIsoDate, { message: CHILD_EDIT_MESSAGES.dateInvalid })])
    .nullable()
    .default(null),
  gender: z.enum(GENDERS).nullable().default(null),
  avatar_color: z.enum(AVATAR_COLORS).nullable().default(null),
  /** The child's own monthly fee (rupees) instead of the fee structure's; empty removes it. */
  monthly_fee: z
    .union([z.literal(""), z.null(), rupeesAmount()])
    .transform((value) => (value === "" ? null : value))
    .default(null),
  notes: safeString().trim().max(1000, CHILD_EDIT_MESSAGES.notesTooLong).default(""),
  guardians: z.array(guardianEdit).max(10).default([]),
});
export type ChildEditInput = z.input<typeof childEditRequest>;
export type ChildEdit = z.output<typeof childEditRequest>;

export const childGuardian = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  relation: z.string(),
  is_primary: z.boolean(),
});
export type ChildGuardian = z.infer<typeof childGuardian>;

/** A child's page: the record, their notes and avatar colour, and their guardians. */
export const childDetails = student.extend({
  notes: z.string().nullable(),
  avatar_color: z.string().nullable(),
  guardians: z.array(childGuardian),
});
export type ChildDetails = z.infer<typeof childDetails>;

export const childChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

/** What happened to a child: pauses, and corrections of their record with who made them. */
export const childHistory = z.object({
  pauses: z.array(
    z.object({
      start_date: z.string(),
      end_date: z.string(),
      reason: z.string(),
      notes: z.string().nullable(),
      paused_by_name: z.string().nullable(),
      paused_at: z.string(),
      ended_how: z.enum(["manual", "automatic", "left"]).nullable(),
      ended_at: z.string().nullable(),
    }),
  ),
  corrections: z.array(
    z.object({
      at: z.string(),
      by_name: z.string().nullable(),
      changes: z.array(childChange),
    }),
  ),
});
export type ChildHistory = z.infer<typeof childHistory>;
