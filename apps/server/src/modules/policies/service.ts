import { english } from "@sprout/shared/i18n/english";
import {
  type AcknowledgementsPage,
  type acknowledgementsQuery,
  POLICY_MESSAGES,
  POLICY_PDF_MAX_BYTES,
  type PoliciesPage,
  type Policy,
  type PolicyAudience,
  type policiesQuery,
  type policyFields,
} from "@sprout/shared/schemas/policies";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { centers } from "../../db/schema/organisations.ts";
import { policies, policyAcknowledgements } from "../../db/schema/policies.ts";
import { users } from "../../db/schema/users.ts";
import { sniff } from "../../files/sniff.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, HttpError, notFound } from "../../lib/errors.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { mailWords } from "../../mail/say.ts";
import type { NotificationsService } from "../communication/notifications.ts";
import { audienceOf } from "./audience.ts";
import {
  assertMayManage,
  audiencesOf,
  isFamilyAudience,
  isStaffAudience,
  mayManagePolicies,
  mayReadScopePolicies,
} from "./policy.ts";
import { type PolicyRow, toPolicy } from "./presenter.ts";

type Fields = z.output<typeof policyFields>;

/** A date as the screens show it (en-IN, 25/11/2026), for bell lines and e-mails. */
const shownDate = (isoDay: string) => isoDay.split("-").reverse().join("/");
export interface PolicyPdf {
  name: string;
  content: Buffer;
}

/** Centre policies (issue 16): published by owners and directors, acknowledged by their audience. */
export function createPoliciesService({
  db,
  clock,
  files,
  mailer,
  notifications,
}: {
  db: Database;
  clock: Clock;
  files: FileStore;
  mailer: Pick<Mailer, "send">;
  notifications: Pick<NotificationsService, "notify">;
}) {
  /**
   * The policies a caller may see: those they manage or oversee (every policy of their centres),
   * and those whose audience they are in.
   */
  async function visible(caller: Caller): Promise<SQL | null> {
    const scope = await caller.scope();
    const conditions: SQL[] = [];
    if ((mayManagePolicies(caller) || mayReadScopePolicies(caller)) && scope.centerIds.length)
      conditions.push(inArray(policies.centerId, scope.centerIds));
    const audiences = audiencesOf(caller);
    const memberCentres = isFamilyAudience(caller) ? scope.centerIds : caller.centerId ? [caller.centerId] : [];
    if (audiences.length && memberCentres.length)
      conditions.push(and(inArray(policies.centerId, memberCentres), inArray(policies.audience, audiences))!);
    return conditions.length ? or(...conditions)! : null;
  }

  const select = (caller: Caller) =>
    db
      .select({
        policy: policies,
        centerName: centers.name,
        publishedByName: users.fullName,
        acknowledgedAt: policyAcknowledgements.acknowledgedAt,
      })
      .from(policies)
      .innerJoin(centers, eq(centers.id, policies.centerId))
      .leftJoin(users, eq(users.id, policies.publishedBy))
      .leftJoin(
        policyAcknowledgements,
        and(
          eq(policyAcknowledgements.policyId, policies.id),
          eq(policyAcknowledgements.version, policies.version),
          eq(policyAcknowledgements.userId, caller.userId),
        ),
      );
  type Row = PolicyRow;

  async function find(caller: Caller, id: string) {
    const where = await visible(caller);
    const [row] = where ? await select(caller).where(and(where, eq(policies.id, id))) : [];
    if (!row) throw notFound("Policy");
    const scope = await caller.scope();
    return { row, manages: mayManagePolicies(caller) && scope.centerIds.includes(row.policy.centerId) };
  }

  /** How many of the audience acknowledged the current version, of how many. */
  async function tally(policy: { id: string; centerId: string; audience: PolicyAudience; version: number }) {
    const audience = audienceOf(db, policy.centerId, policy.audience);
    const [row] = await db
      .select({ total: count(), acknowledged: count(policyAcknowledgements.id) })
      .from(audience)
      .leftJoin(
        policyAcknowledgements,
        and(
          eq(policyAcknowledgements.userId, audience.userId),
          eq(policyAcknowledgements.policyId, policy.id),
          eq(policyAcknowledgements.version, policy.version),
        ),
      );
    return { total: row?.total ?? 0, acknowledged: row?.acknowledged ?? 0 };
  }

  async function present(caller: Caller, row: Row): Promise<Policy> {
    const scope = await caller.scope();
    const manages = mayManagePolicies(caller) && scope.centerIds.includes(row.policy.centerId);
    const member = audiencesOf(caller).includes(row.policy.audience);
    const counts = manages ? await tally(row.policy) : null;
    return toPolicy(row, { manages, member, counts });
  }

  async function storePdf(pdf: PolicyPdf | undefined) {
    if (!pdf) return null;
    if (pdf.content.length > POLICY_PDF_MAX_BYTES)
      throw new HttpError(413, "FILE_TOO_LARGE", POLICY_MESSAGES.fileTooLarge);
    if (sniff(pdf.content)?.mime !== "application/pdf")
      throw new HttpError(415, "UNSUPPORTED_FILE_TYPE", POLICY_MESSAGES.fileType);
    return {
      name: pdf.name.slice(0, 200) || "policy.pdf",
      storedName: await files.save(pdf.content, "pdf"),
      size: pdf.content.length,
    };
  }

  /** The centre a manager publishes for: a director's own, an owner's named one. */
  async function centreFor(caller: Caller, centreId: string | undefined) {
    const scope = await caller.scope();
    const id = isStaffAudience(caller) ? caller.centerId : centreId;
    if (!id) throw badRequest(POLICY_MESSAGES.centreRequired, { center_id: POLICY_MESSAGES.centreRequired });
    if (!scope.centerIds.includes(id)) throw notFound("Centre");
    return id;
  }

  const one = async (caller: Caller, id: string) => present(caller, (await find(caller, id)).row);

  /**
   * A bell line to everyone in the audience (not the publisher) once a policy or a new version of
   * it is in force, so nobody has to happen upon /policies to learn there is something to read.
   */
  async function announce(caller: Caller, id: string, fresh: boolean) {
    const [policy] = await db.select().from(policies).where(eq(policies.id, id));
    if (!policy) return;
    const audience = audienceOf(db, policy.centerId, policy.audience);
    const people = await db.select({ userId: audience.userId }).from(audience);
    await notifications.notify(
      people.map((person) => person.userId).filter((userId) => userId !== caller.userId),
      {
        kind: "policy",
        title: english(fresh ? "bell.policyNew" : "bell.policyUpdated", { title: policy.title }),
        body: english("bell.policyVersion", { version: String(policy.version), date: shownDate(policy.effectiveDate) }),
        link: "/policies",
      },
    );
  }

  return {
    /** Newest first; a member's answer also counts what they still have to acknowledge. */
    async list(caller: Caller, query: z.output<typeof policiesQuery>): Promise<PoliciesPage> {
      const where = await visible(caller);
      if (!where)
        return { policies: [], pending: 0, pagination: { current_page: query.page, total_pages: 0, total_items: 0 } };
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(policies).where(where);
      const rows = await select(caller)
        .where(where)
        .orderBy(desc(policies.publishedAt), desc(policies.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const audiences = audiencesOf(caller);
      const [{ pending } = { pending: 0 }] = audiences.length
        ? await db
            .select({ pending: count() })
            .from(policies)
            .leftJoin(
              policyAcknowledgements,
              and(
                eq(policyAcknowledgements.policyId, policies.id),
                eq(policyAcknowledgements.version, policies.version),
                eq(policyAcknowledgements.userId, caller.userId),
              ),
            )
            .where(and(where, inArray(policies.audience, audiences), isNull(policyAcknowledgements.id)))
        : [];
      return {
        policies: await Promise.all(rows.map((row) => present(caller, row))),
        pending,
        pagination: { current_page: query.page, total_pages: Math.ceil(total / query.limit), total_items: total },
      };
    },

    async publish(caller: Caller, input: Fields, pdf?: PolicyPdf): Promise<Policy> {
      assertMayManage(caller);
      const centreId = await centreFor(caller, input.center_id);
      if (!input.body && !pdf)
        throw badRequest(POLICY_MESSAGES.contentRequired, { body: POLICY_MESSAGES.contentRequired });
      const stored = await storePdf(pdf);
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(policies)
            .values({
              centerId: centreId,
              title: input.title,
              body: input.body,
              audience: input.audience,
              effectiveDate: input.effective_date,
              pdfName: stored?.name,
              pdfStoredName: stored?.storedName,
              pdfSizeBytes: stored?.size,
              publishedBy: caller.userId,
              publishedAt: clock.now(),
            })
            .returning({ id: policies.id });
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "policy.published",
            entity: "policy",
            entityId: row!.id,
            after: { ...input, pdf: stored?.name ?? null },
          });
          return row!.id;
        });
      } catch (error) {
        if (stored) await files.remove(stored.storedName);
        throw error;
      }
      await announce(caller, id, true);
      return one(caller, id);
    },

    /** A new version: the text (and PDF, when given) change and every acknowledgement is asked for again. */
    async newVersion(caller: Caller, id: string, input: Fields, pdf?: PolicyPdf): Promise<Policy> {
      const found = await find(caller, id);
      if (!found.manages) throw notFound("Policy");
      if (!input.body && !pdf && !found.row.policy.pdfName)
        throw badRequest(POLICY_MESSAGES.contentRequired, { body: POLICY_MESSAGES.contentRequired });
      const stored = await storePdf(pdf);
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(policies)
            .set({
              title: input.title,
              body: input.body,
              audience: input.audience,
              effectiveDate: input.effective_date,
              version: sql`${policies.version} + 1`,
              publishedBy: caller.userId,
              publishedAt: clock.now(),
              ...(stored && { pdfName: stored.name, pdfStoredName: stored.storedName, pdfSizeBytes: stored.size }),
            })
            .where(eq(policies.id, id));
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "policy.new_version",
            entity: "policy",
            entityId: id,
            before: found.row.policy,
            after: { ...input, pdf: stored?.name ?? found.row.policy.pdfName },
          });
        });
      } catch (error) {
        if (stored) await files.remove(stored.storedName);
        throw error;
      }
      if (stored && found.row.policy.pdfStoredName) await files.remove(found.row.policy.pdfStoredName);
      await announce(caller, id, false);
      return one(caller, id);
    },

    /** The caller acknowledges the version in force at that moment (one statement: a new version cannot slip between). */
    async acknowledge(caller: Caller, id: string): Promise<Policy> {
      const found = await find(caller, id);
      if (!audiencesOf(caller).includes(found.row.policy.audience)) throw notFound("Policy");
      await db.execute(sql`
        insert into ${policyAcknowledgements} (policy_id, user_id, version, acknowledged_at)
        select ${policies.id}, ${caller.userId}, ${policies.version}, ${clock.now().toISOString()}::timestamptz
        from ${policies} where ${policies.id} = ${id}
        on conflict do nothing`);
      return one(caller, id);
    },

    /**
     * Who in the audience has acknowledged a version (the current one unless another is asked
     * for), a page at a time. Versions keep no audience of their own: an earlier one is read
     * against today's audience of the policy.
     */
    async acknowledgements(
      caller: Caller,
      id: string,
      query: z.output<typeof acknowledgementsQuery>,
    ): Promise<AcknowledgementsPage> {
      const found = await find(caller, id);
      if (!found.manages) throw notFound("Policy");
      const { policy } = found.row;
      const version = query.version ?? policy.version;
      if (version > policy.version)
        throw badRequest(POLICY_MESSAGES.versionUnknown, { version: POLICY_MESSAGES.versionUnknown });
      const audience = audienceOf(db, policy.centerId, policy.audience);
      const joined = and(
        eq(policyAcknowledgements.userId, audience.userId),
        eq(policyAcknowledgements.policyId, id),
        eq(policyAcknowledgements.version, version),
      );
      const filter =
        query.status === "acknowledged"
          ? isNotNull(policyAcknowledgements.id)
          : query.status === "pending"
            ? isNull(policyAcknowledgements.id)
            : undefined;
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(audience)
        .leftJoin(policyAcknowledgements, joined)
        .where(filter);
      const rows = await db
        .select({
          userId: audience.userId,
          name: audience.name,
          role: audience.role,
          acknowledgedAt: policyAcknowledgements.acknowledgedAt,
        })
        .from(audience)
        .leftJoin(policyAcknowledgements, joined)
        .where(filter)
        .orderBy(asc(audience.name), asc(audience.userId))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        version,
        people: rows.map((row) => ({
          user_id: row.userId,
          name: row.name,
          role: row.role,
          acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
        })),
        pagination: { current_page: query.page, total_pages: Math.ceil(total / query.limit), total_items: total },
      };
    },

    /** A bell line and an e-mail (through the outbox) to everyone who has not acknowledged this version. */
    async remind(caller: Caller, id: string): Promise<{ reminded: number }> {
      const found = await find(caller, id);
      if (!found.manages) throw notFound("Policy");
      const { policy } = found.row;
      const audience = audienceOf(db, policy.centerId, policy.audience);
      const waiting = await db
        .select({ userId: audience.userId, email: audience.email, name: audience.name, language: audience.language })
        .from(audience)
        .leftJoin(
          policyAcknowledgements,
          and(
            eq(policyAcknowledgements.userId, audience.userId),
            eq(policyAcknowledgements.policyId, id),
            eq(policyAcknowledgements.version, policy.version),
          ),
        )
        .where(isNull(policyAcknowledgements.id));
      const title = english("bell.policyReminder", { title: policy.title });
      await notifications.notify(
        waiting.map((person) => person.userId),
        {
          kind: "policy",
          title,
          body: english("bell.policyVersion", {
            version: String(policy.version),
            date: shownDate(policy.effectiveDate),
          }),
          link: "/policies",
        },
      );
      for (const person of waiting) {
        const { say } = mailWords(person.language);
        await mailer.send({
          to: person.email,
          subject: say("mail.policyReminder.subject", { title: policy.title }),
          text: say("mail.policyReminder.body", {
            name: person.name,
            centre: found.row.centerName,
            title: policy.title,
            version: String(policy.version),
            date: shownDate(policy.effectiveDate),
          }),
        });
      }
      await writeAudit(db, {
        organisationId: caller.organisationId,
        actorId: caller.userId,
        action: "policy.reminded",
        entity: "policy",
        entityId: id,
        after: { version: policy.version, reminded: waiting.length },
      });
      return { reminded: waiting.length };
    },

    /** The policy's PDF, to its managers and its audience. */
    async openPdf(caller: Caller, id: string) {
      const { row } = await find(caller, id);
      if (!row.policy.pdfStoredName) throw notFound("File");
      return {
        name: row.policy.pdfName ?? "policy.pdf",
        size: row.policy.pdfSizeBytes ?? 0,
        stream: files.open(row.policy.pdfStoredName),
      };
    },
  };
}
export type PoliciesService = ReturnType<typeof createPoliciesService>;
