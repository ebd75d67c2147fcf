import {
  type ChildConsents,
  CONSENT_PURPOSES,
  type ConsentAnswers,
  type MyConsents,
  PRIVACY_MESSAGES,
} from "@sprout/shared/schemas/privacy";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { childConsents, privacyNotices } from "../../db/schema/privacy.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict } from "../../lib/errors.ts";
import { latestNotice, storeAnswers } from "./consent-store.ts";
import type { NoticesService } from "./notices.ts";
import { assert, assertOwnChild, isFamily } from "./policy.ts";
import { toConsent } from "./presenter.ts";

/** A parent's answers per child and purpose, against the organisation's newest notice. */
export function createConsentsService({ db, clock, notices }: { db: Database; clock: Clock; notices: NoticesService }) {
  async function childrenOf(childIds: string[], latestVersion: number | null): Promise<ChildConsents[]> {
    if (childIds.length === 0) return [];
    const [children, answers] = await Promise.all([
      db
        .select({
          id: students.id,
          name: sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`,
          centerName: centers.name,
          centerPhone: centers.phone,
          centerEmail: centers.email,
        })
        .from(students)
        .innerJoin(centers, eq(centers.id, students.centerId))
        .where(inArray(students.id, childIds))
        .orderBy(asc(students.firstName), asc(students.id)),
      db
        .select({ consent: childConsents, noticeVersion: privacyNotices.version, givenByName: users.fullName })
        .from(childConsents)
        .leftJoin(privacyNotices, eq(privacyNotices.id, childConsents.noticeId))
        .leftJoin(users, eq(users.id, childConsents.givenBy))
        .where(inArray(childConsents.studentId, childIds)),
    ]);
    return children.map((child) => {
      const own = answers.filter((row) => row.consent.studentId === child.id);
      const consents = CONSENT_PURPOSES.flatMap((purpose) => {
        const row = own.find((answer) => answer.consent.purpose === purpose);
        return row
          ? [toConsent({ ...row.consent, noticeVersion: row.noticeVersion, givenByName: row.givenByName })]
          : [];
      });
      // Without a notice nothing can be asked, so nothing is outstanding.
      const upToDate =
        latestVersion === null ||
        CONSENT_PURPOSES.every(
          (purpose) => consents.find((c) => c.purpose === purpose)?.notice_version === latestVersion,
        );
      return {
        child_id: child.id,
        child_name: child.name,
        center_name: child.centerName,
        center_phone: child.centerPhone,
        center_email: child.centerEmail,
        consents,
        up_to_date: upToDate,
      };
    });
  }

  return {
    /** The notice and each of the parent's children's answers; `needs_answer` gates the portal. */
    async mine(caller: Caller): Promise<MyConsents> {
      assert(isFamily(caller));
      const scope = await caller.scope();
      const notice = await notices.current(caller);
      const children = await childrenOf(scope.childIds ?? [], notice?.version ?? null);
      return { notice, children, needs_answer: children.some((child) => !child.up_to_date) };
    },

    /** Stores the parent's answers for one child, on the notice they read (an older one is refused). */
    async answer(caller: Caller, childId: string, input: ConsentAnswers): Promise<ChildConsents> {
      assert(isFamily(caller));
      const scope = await caller.scope();
      assertOwnChild(scope, childId);
      const notice = await latestNotice(db, caller.organisationId);
      if ((notice?.version ?? null) !== input.notice_version) throw conflict(PRIVACY_MESSAGES.outdatedNotice);
      const [before] = await childrenOf([childId], notice?.version ?? null);
      const answers = Object.fromEntries(CONSENT_PURPOSES.map((purpose) => [purpose, input[purpose]]));
      await db.transaction(async (tx) => {
        await storeAnswers(tx, { childId, answers, noticeId: notice?.id ?? null, by: caller.userId, at: clock.now() });
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "consent.answer",
          entity: "student",
          entityId: childId,
          before: Object.fromEntries((before?.consents ?? []).map((c) => [c.purpose, c.given])),
          after: { ...answers, notice_version: notice?.version ?? null },
        });
      });
      const [after] = await childrenOf([childId], notice?.version ?? null);
      return after!;
    },
  };
}
export type ConsentsService = ReturnType<typeof createConsentsService>;
