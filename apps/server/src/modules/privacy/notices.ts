import { english } from "@sprout/shared/i18n/english";
import type { NoticeInput, NoticesPage, PrivacyNotice } from "@sprout/shared/schemas/privacy";
import { count, desc, eq, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { privacyNotices } from "../../db/schema/privacy.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict } from "../../lib/errors.ts";
import { pgCode } from "../classrooms/pg-error.ts";
import { latestNotice } from "./default-notice.ts";
import { assert, mayEditNotice } from "./policy.ts";
import { toNotice } from "./presenter.ts";

const withPublisher = { notice: privacyNotices, publishedByName: users.fullName };

/** The organisation's privacy notice: versions are only ever added, never edited. */
export function createNoticesService({ db, clock }: { db: Database; clock: Clock }) {
  const select = () =>
    db.select(withPublisher).from(privacyNotices).leftJoin(users, eq(users.id, privacyNotices.publishedBy));

  return {
    /** The newest version (the default one until the owner publishes their own). */
    async current(caller: Caller): Promise<PrivacyNotice> {
      const notice = await latestNotice(db, caller.organisationId, clock.now());
      const [row] = await select().where(eq(privacyNotices.id, notice.id));
      return toNotice({ ...row!.notice, publishedByName: row!.publishedByName });
    },

    async list(caller: Caller, query: { page: number; limit: number }): Promise<NoticesPage> {
      assert(mayEditNotice(caller));
      // The owner sees the default version they are editing from.
      await latestNotice(db, caller.organisationId, clock.now());
      const where = eq(privacyNotices.organisationId, caller.organisationId);
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(desc(privacyNotices.version))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(privacyNotices).where(where),
      ]);
      const all = total?.total ?? 0;
      return {
        notices: rows.map((row) => toNotice({ ...row.notice, publishedByName: row.publishedByName })),
        pagination: {
          page: query.page,
          limit: query.limit,
          total: all,
          totalPages: Math.max(1, Math.ceil(all / query.limit)),
        },
      };
    },

    /** Publishes the next version; parents are asked again at their next visit. */
    async publish(caller: Caller, input: NoticeInput): Promise<PrivacyNotice> {
      assert(mayEditNotice(caller));
      const now = clock.now();
      try {
        const id = await db.transaction(async (tx) => {
          // The next number is taken in the insert itself; two publishers at once meet the unique index.
          const [row] = await tx
            .insert(privacyNotices)
            .values({
              organisationId: caller.organisationId,
              version: sql`(select coalesce(max(version), 0) + 1 from privacy_notices where organisation_id = ${caller.organisationId}::uuid)`,
              title: input.title,
              body: input.body,
              publishedBy: caller.userId,
              publishedAt: now,
            })
            .returning();
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "privacy_notice.publish",
            entity: "privacy_notice",
            entityId: row!.id,
            after: { version: row!.version, title: row!.title },
          });
          return row!.id;
        });
        const [row] = await select().where(eq(privacyNotices.id, id));
        return toNotice({ ...row!.notice, publishedByName: row!.publishedByName });
      } catch (error) {
        if (pgCode(error) === "23505") throw conflict(english("server.versionRace"));
        throw error;
      }
    },
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
