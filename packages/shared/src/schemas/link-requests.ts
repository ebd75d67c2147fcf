import { z } from "zod";
import { english } from "../i18n/english.ts";
import { safeString } from "./primitives.ts";

/*
 * Link requests: an admission named an existing parent's e-mail. Apart from the admission schemas,
 * which a parent's home would otherwise build (with the enquiry and children schemas they use)
 * only to read its pending requests.
 */

/** At most this many pending requests are listed (a parent rarely has more than one). */
export const LINK_REQUESTS_MAX = 20;

export const linkRequest = z.object({
  id: z.uuid(),
  child_first_name: safeString(),
  child_last_name: safeString(),
  center_name: safeString(),
  requested_at: safeString(),
});
export type LinkRequest = z.infer<typeof linkRequest>;
export const linkRequestsResponse = z.array(linkRequest).max(LINK_REQUESTS_MAX);
export const linkRequestIdParam = z.object({ id: z.uuid({ error: english("linkRequests.notFound") }) });
export const linkDecisionResponse = z.object({ message: safeString() });
export const LINK_MESSAGES = {
  accepted: (name: string) => english("linkRequests.accepted", { name }),
  declined: english("linkRequests.declined"),
} as const;
