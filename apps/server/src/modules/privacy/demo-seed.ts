import { CONSENT_PURPOSES } from "@sprout/shared/schemas/privacy";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { childConsents, privacyNotices } from "../../db/schema/privacy.ts";
import { DEFAULT_NOTICE } from "./default-notice.ts";

/**
 * The demo organisation's first notice, and the demo families' answers to it as given at
 * admission: core records and the daily digest yes, photos not yet (the portfolio asks for those).
 */
export async function seedPrivacyDemo(db: Database, organisationId: string, ownerId: string, now: Date) {
  const [notice] = await db
    .insert(privacyNotices)
    .values({ organisationId, version: 1, ...DEFAULT_NOTICE, publishedBy: ownerId, publishedAt: now })
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
