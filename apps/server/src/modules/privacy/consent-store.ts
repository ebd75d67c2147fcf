import type { ConsentPurpose } from "@sprout/shared/schemas/privacy";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { childConsents } from "../../db/schema/privacy.ts";
import { latestNotice } from "./default-notice.ts";

export type Answers = Partial<Record<ConsentPurpose, boolean>>;

/** Stores a child's answers (one row per purpose, replaced), against the notice they were given on. */
export async function storeAnswers(
  db: Database,
  input: { childId: string; answers: Answers; noticeId: string | null; by: string | null; at: Date },
) {
  const rows = Object.entries(input.answers).map(([purpose, given]) => ({
    studentId: input.childId,
    purpose: purpose as ConsentPurpose,
    given: given === true,
    noticeId: input.noticeId,
    givenBy: input.by,
    givenAt: input.at,
  }));
  if (rows.length === 0) return;
  await db
    .insert(childConsents)
    .values(rows)
    .onConflictDoUpdate({
      target: [childConsents.studentId, childConsents.purpose],
      set: {
        given: sql`excluded.given`,
        noticeId: sql`excluded.notice_id`,
        givenBy: sql`excluded.given_by`,
        givenAt: sql`excluded.given_at`,
      },
    });
}

/**
 * The portfolio's photo consent (none, own, group) as the two photo purposes, for the parent who
 * sets it from the portfolio screen.
 */
export async function storePhotoConsent(
  db: Database,
  input: { organisationId: string; childId: string; consent: "none" | "own" | "group"; by: string; at: Date },
) {
  const notice = await latestNotice(db, input.organisationId, input.at);
  await storeAnswers(db, {
    childId: input.childId,
    answers: { portfolio_photos: input.consent !== "none", group_photos: input.consent === "group" },
    noticeId: notice.id,
    by: input.by,
    at: input.at,
  });
}

/**
 * Whether a child's family allows the daily digest and message e-mails. No answer yet counts as
 * allowed until a notice asks (the digest was on by default before consents existed).
 */
export const digestAllowed = (childId: SQL) =>
  sql<boolean>`not exists (select 1 from ${childConsents} dc where dc.student_id = ${childId}
    and dc.purpose = 'messages_digest' and not dc.given)`;
