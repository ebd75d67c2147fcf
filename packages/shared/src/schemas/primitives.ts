import { z } from "zod";
import { english } from "../i18n/english.ts";

/**
 * The two primitives every schema builds on. PostgreSQL refuses the NUL character in text, and a
 * lone UTF-16 surrogate in JSON (`"\ud800"`, which JavaScript accepts), so a string carrying either
 * must be refused as bad input (400) before it reaches a query; and calendar dates must exist
 * (2026-02-30 does not), which `Date.parse` alone does not check.
 */

export const NUL_MESSAGE = english("primitives.nul");
export const UNICODE_MESSAGE = english("primitives.brokenCharacter");
export const BODY_OBJECT_MESSAGE = english("primitives.bodyObject");
export const DATE_MESSAGE = english("primitives.date");

const hasNul = (value: string) => value.includes("\u0000");

/** With the `u` flag a surrogate pair is one code point, so this matches only a half without its partner. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** What is wrong with a piece of text that no database column can hold, if anything. */
export function textProblem(value: string): string | undefined {
  if (hasNul(value)) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(value)) return UNICODE_MESSAGE;
  return undefined;
}

/** `z.string()` that refuses NUL and lone surrogates; every schema's strings are this one. */
export const safeString = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .refine((value) => !hasNul(value), { message: NUL_MESSAGE, abort: true })
    .refine((value) => !LONE_SURROGATE.test(value), { message: UNICODE_MESSAGE, abort: true });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD: the day must exist in its month. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const ISO_INSTANT =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?$/;

/** A date and time written the ISO way ("2026-11-22T09:30", with seconds or an offset); the day must exist. */
export function isIsoInstant(value: string): boolean {
  const match = ISO_INSTANT.exec(value);
  return match !== null && isIsoDate(match[1]!) && !Number.isNaN(Date.parse(value));
}

/** A required calendar date field; `required` is the message for a missing or empty value. */
export const isoDateField = (required: string, message: string = DATE_MESSAGE) =>
  safeString({ error: required }).trim().min(1, required).refine(isIsoDate, { message });

/* ---------- Paged lists ---------- */

/** Every paged list answers at most this many rows a call. */
export const LIST_MAX_PAGE = 100;
export const LIST_PAGE_SIZES = [10, 25, 50, LIST_MAX_PAGE] as const;

/** `?page=&limit=` of a paged list (25 rows by default). */
export const pageParams = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIST_MAX_PAGE).default(25),
};

/** A search box's text, searched on the server. */
export const searchParam = () => safeString().trim().max(100).optional();

export const listPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type ListPagination = z.infer<typeof listPagination>;

/** The other paging answer some areas give, as the spec names its fields. */
export const itemsPagination = z.object({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total_items: z.number().int(),
  items_per_page: z.number().int(),
});
export type ItemsPagination = z.infer<typeof itemsPagination>;
