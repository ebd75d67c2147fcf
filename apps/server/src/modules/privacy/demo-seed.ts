import { CONSENT_PURPOSES } from "@sprout/shared/schemas/privacy";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { childConsents, privacyNotices } from "../../db/schema/privacy.ts";

export const FIRST_NOTICE = {
  title: "How we look after your child's information",
  body: `We are a childcare centre. To care for your child we keep some information about them and about you. This notice says what we keep, why, who sees it and what you can ask of us.

What we keep
- Your child's name, date of birth, photo, classroom, attendance, health needs, allergies and medicines.
- The names and phone numbers of the people allowed to collect your child.
- What teachers record during the day: meals, sleep, nappy changes, observations of how your child is learning.
- Invoices and payments.

Why we keep it
- To look after your child safely every day, and to reach you quickly if something happens.
- To tell you about your child's day, and to bill you.
We ask you separately before we take photos of your child, before your child appears in group photos other families can see, and before we e-mail you the daily digest and message alerts. You can change these answers at any time on the Privacy page.

Who sees it
Only the staff of your child's centre who need it for their work, and you. We never sell your information or use it for advertising. Every time a member of staff opens your child's record, we write it down, and you can see who looked and when on the Privacy page.

How long we keep it
While your child is with us, and after they leave only as long as the law requires (invoices and payments are kept for the tax authorities).

Your rights
You can ask us for a copy of everything we hold, ask us to correct what is wrong, and ask us to erase your child's information after they leave. Speak to the centre director or write to us from the portal. This follows India's Digital Personal Data Protection Act, 2023.`,
};

/**
 * The demo organisation's first notice, and the demo families' answers to it as given at
 * admission: core records and the daily digest yes, photos not yet (the portfolio asks for those).
 */
export async function seedPrivacyDemo(db: Database, organisationId: string, ownerId: string, now: Date) {
  const [notice] = await db
    .insert(privacyNotices)
    .values({ organisationId, version: 1, ...FIRST_NOTICE, publishedBy: ownerId, publishedAt: now })
    .returning({ id: privacyNotices.id });
  const children = await db
    .selectDistinctOn([students.id], { id: students.id, parentId: guardians.userId })
    .from(students)
    .innerJoin(centers, eq(centers.id, students.centerId))
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(eq(centers.organisationId, organisationId))
    .orderBy(students.id, sql`${guardians.userId} is null`);
  const given = { core_records: true, portfolio_photos: false, group_photos: false, messages_digest: true } as const;
  const rows = children.flatMap((child) =>
    CONSENT_PURPOSES.map((purpose) => ({
      studentId: child.id,
      purpose,
      given: given[purpose],
      noticeId: notice!.id,
      givenBy: child.parentId,
      givenAt: now,
    })),
  );
  if (rows.length > 0) await db.insert(childConsents).values(rows);
}
