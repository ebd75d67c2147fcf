import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { privacyNotices } from "../../db/schema/privacy.ts";
import { writeAudit } from "../../lib/audit.ts";

/**
 * The notice every organisation starts with, in plain language: parents are asked to consent to
 * it at their first sign-in even before the owner writes their own (a new version asks again).
 */
export const DEFAULT_NOTICE = {
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

async function newest(db: Database, organisationId: string) {
  const [notice] = await db
    .select()
    .from(privacyNotices)
    .where(eq(privacyNotices.organisationId, organisationId))
    .orderBy(desc(privacyNotices.version))
    .limit(1);
  return notice ?? null;
}

/**
 * The organisation's newest notice. An organisation without one (a new one, however it was made:
 * create-admin, a restore, an import) gets the default as version 1 the first time it is needed,
 * so there is always a notice to consent to; two first readers meet the unique version index.
 */
export async function latestNotice(db: Database, organisationId: string, at: Date) {
  const found = await newest(db, organisationId);
  if (found) return found;
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(privacyNotices)
      .values({ organisationId, version: 1, ...DEFAULT_NOTICE, publishedBy: null, publishedAt: at })
      .onConflictDoNothing()
      .returning();
    if (!created) return;
    await writeAudit(tx, {
      organisationId,
      action: "privacy_notice.default",
      entity: "privacy_notice",
      entityId: created.id,
      after: { version: 1, title: created.title },
    });
  });
  return (await newest(db, organisationId))!;
}
