import {
  type ChildConsents,
  CONSENT_PURPOSES,
  type ConsentAnswers,
  type ConsentRefusalsPage,
  type MyConsents,
  PRIVACY_MESSAGES,
  REQUIRED_PURPOSE,
} from "@sprout/shared/schemas/privacy";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { childConsents, privacyNotices } from "../../db/schema/privacy.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict } from "../../lib/errors.ts";
import { storeAnswers } from "./consent-store.ts";
import { latestNotice } from "./default-notice.ts";
import type { NoticesService } from "./notices.ts";
import { assert, assertOwnChild, isFamily, mayFollowUpRefusals } from "./policy.ts";
import { toConsent, toRefusal } from "./presenter.ts";

/** A parent's answers per child and purpose, against the organisation's newest notice. */
export function createConsentsService({ db, clock, notices }: { db: Database; clock: Clock; notices: NoticesService }) {
  async function childrenOf(childIds: string[], latestVersion: number): Promise<ChildConsents[]> {
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
      const upToDate = CONSENT_PURPOSES.every(
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
        records_refused: consents.some((c) => c.purpose === REQUIRED_PURPOSE && !c.given),
      };
    });
  }

  const refusedIn = (centerIds: string[]) =>
    and(
      eq(childConsents.purpose, REQUIRED_PURPOSE),
      eq(childConsents.given, false),
      inArray(
        childConsents.studentId,
        db.select({ id: students.id }).from(students).where(inArray(students.centerId, centerIds)),
      ),
    );

  return {
    /**
     * The children of the caller's centres whose family refused core records and billing, the
     * newest refusal first: the desk calls the family (the centre cannot keep the child's records
     * without that consent) and the family's answer, once changed, takes the child off the list.
     */
    async refusals(caller: Caller, query: { page: number; limit: number }): Promise<ConsentRefusalsPage> {
      assert(mayFollowUpRefusals(caller));
      const scope = await caller.scope();
      const paging = (total: number) => ({
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
      });
      if (scope.centerIds.length === 0) return { refusals: [], pagination: paging(0) };
      const where = refusedIn(scope.centerIds);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            childId: students.id,
            childName: sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`,
            centerId: centers.id,
            centerName: centers.name,
            refusedByName: users.fullName,
            refusedByPhone: users.phoneNumber,
            refusedByEmail: users.email,
            refusedAt: childConsents.givenAt,
            noticeVersion: privacyNotices.version,
          })
          .from(childConsents)
          .innerJoin(students, eq(students.id, childConsents.studentId))
          .innerJoin(centers, eq(centers.id, students.centerId))
          .leftJoin(users, eq(users.id, childConsents.givenBy))
          .leftJoin(privacyNotices, eq(privacyNotices.id, childConsents.noticeId))
          .where(where)
          .orderBy(desc(childConsents.givenAt), asc(childConsents.studentId))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(childConsents).where(where),
      ]);
      return { refusals: rows.map(toRefusal), pagination: paging(total?.total ?? 0) };
    },

    /** The notice and each of the parent's children's answers; `needs_answer` gates the portal. */
    async mine(caller: Caller): Promise<MyConsents> {
      assert(isFamily(caller));
      const scope = await caller.scope();
      const notice = await notices.current(caller);
      const children = await childrenOf(scope.childIds ?? [], notice.version);
      return { notice, children, needs_answer: children.some((child) => !child.up_to_date) };
    },

    /** Stores the parent's answers for one child, on the notice they read (an older one is refused). */
    async answer(caller: Caller, childId: string, input: ConsentAnswers): Promise<ChildConsents> {
      assert(isFamily(caller));
      const scope = await caller.scope();
      assertOwnChild(scope, childId);
      const notice = await latestNotice(db, caller.organisationId, clock.now());
      if (notice.version !== input.notice_version) throw conflict(PRIVACY_MESSAGES.outdatedNotice);
      const [before] = await childrenOf([childId], notice.version);
      const answers = Object.fromEntries(CONSENT_PURPOSES.map((purpose) => [purpose, input[purpose]]));
      await db.transaction(async (tx) => {
        await storeAnswers(tx, { childId, answers, noticeId: notice.id, by: caller.userId, at: clock.now() });
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "consent.answer",
          entity: "student",
          entityId: childId,
          before: Object.fromEntries((before?.consents ?? []).map((c) => [c.purpose, c.given])),
          after: { ...answers, notice_version: notice.version },
        });
      });
      const [after] = await childrenOf([childId], notice.version);
      return after!;
    },
  };
}
export type ConsentsService = ReturnType<typeof createConsentsService>;
