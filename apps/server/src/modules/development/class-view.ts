import type { ClassView, ClassViewStatus } from "@sprout/shared/schemas/development/assessments";
import { ALL_ABOUT_ME_FIELDS } from "@sprout/shared/schemas/development/card";
import { sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { notFound } from "../../lib/errors.ts";
import { bandSql, suggestedCount, suggestedValues } from "./assessment-queries.ts";
import type { Frameworks } from "./framework-store.ts";
import { scopedTerm, type TermsService } from "./terms.ts";

interface ClassRow {
  id: string;
  name: string;
  class_id: string | null;
  room: string | null;
  band: string | null;
  assessment_id: string | null;
  status: "draft" | "submitted" | "published" | null;
  version: number | null;
  published_at: Date | string | null;
  reissue_reason: string | null;
  total: number | string;
  recorded: number | string;
  narrated: string[] | null;
  page_answers: number | string;
  photos: number | string;
  acknowledged: number | string;
  family: number | string;
}

const list = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The class view (issue 36, point 3): a page of the term's children with, per child, the counts
 * the coordinator checks, in one query: the page first (its total beside it), then each child's
 * counts by index. The bench's "class view" (bench/assessments.ts).
 */
export function createClassView({
  db,
  frameworks,
  terms,
}: {
  db: Database;
  frameworks: Frameworks;
  terms: TermsService;
}) {
  /** Every active child of the term's classrooms (a teacher's own), with what is done and missing. */
  return async function classView(
    caller: Caller,
    termId: string,
    query: { classroom_id?: string; status?: ClassViewStatus; page: number; limit: number },
  ): Promise<ClassView> {
    const scope = await caller.scope();
    const term = await scopedTerm(db, scope, termId);
    const framework = await frameworks.byKey(term.organisationId, term.row.frameworkKey);
    let rooms = term.rooms.map((room) => room.id);
    if (query.classroom_id) {
      if (!rooms.includes(query.classroom_id)) throw notFound("Classroom");
      rooms = [query.classroom_id];
    }
    const status =
      query.status === undefined
        ? sql``
        : query.status === "not_started"
          ? sql` and a.id is null`
          : sql` and a.status = ${query.status}`;
    const offset = (query.page - 1) * query.limit;
    // One query: the page of children first (their count beside them), then per child of the
    // page its counts by index (levels, narratives, photos, acknowledgements, family sign-ins).
    const rows = rowsOf<ClassRow>(
      await db.execute(sql`
        with suggested(band, code) as ${suggestedValues(framework)},
        kids as (
          select s.id, trim(s.first_name || ' ' || s.last_name) as name, s.class_id, c.name as room,
            ${bandSql(framework, "s.date_of_birth", term.row.startsOn)} as band,
            a.id as assessment_id, a.status, a.version, a.published_at, a.reissue_reason, a.all_about_me
          from students s
          join classrooms c on c.id = s.class_id
          left join child_assessments a on a.term_id = ${termId}::uuid and a.student_id = s.id
          where s.class_id in (${list(rooms)}) and s.status = 'active'${status}
        ),
        page as (
          select kids.*, count(*) over () as total from kids
          order by name, id limit ${query.limit} offset ${offset}
        )
        select p.id, p.name, p.class_id, p.room, p.band, p.assessment_id, p.status, p.version, p.published_at,
          p.reissue_reason, p.total,
          (select count(*) from assessment_levels l join suggested g on g.code = l.competency_code and g.band = p.band
            where l.assessment_id = p.assessment_id) as recorded,
          (select array_agg(n.domain_code) from assessment_narratives n
            where n.assessment_id = p.assessment_id and length(trim(n.narrative)) > 0) as narrated,
          (select count(*) from jsonb_each_text(coalesce(p.all_about_me, '{}'::jsonb)) e
            where length(trim(e.value)) > 0) as page_answers,
          (select count(*) from assessment_photos ph where ph.assessment_id = p.assessment_id) as photos,
          (select count(distinct k.user_id) from progress_card_acknowledgements k
            where k.assessment_id = p.assessment_id and k.version = p.version) as acknowledged,
          (select count(distinct g.user_id) from student_guardians sg join guardians g on g.id = sg.guardian_id
            where sg.student_id = p.id and g.user_id is not null) as family
        from page p
        order by p.name, p.id`),
    );
    const total = Number(rows[0]?.total ?? 0);
    const domainCodes = framework.file.domains.map((domain) => domain.code);
    return {
      term: await terms.get(caller, termId),
      domains: framework.file.domains.map((domain) => ({ code: domain.code, name: domain.name })),
      children: rows.map((row) => {
        const narrated = new Set(row.narrated ?? []);
        const pageAnswers = Number(row.page_answers);
        return {
          child_id: row.id,
          child_name: row.name,
          classroom_id: row.class_id,
          classroom_name: row.room,
          age_band: row.band,
          assessment_id: row.assessment_id,
          status: row.status ?? "not_started",
          version: row.version ?? 0,
          levels_recorded: Number(row.recorded),
          levels_suggested: suggestedCount(framework, row.band),
          domains_missing: domainCodes.filter((code) => !narrated.has(code)),
          page_answers: pageAnswers,
          page_done: pageAnswers >= ALL_ABOUT_ME_FIELDS.length,
          photos: Number(row.photos),
          published_at: row.published_at ? new Date(row.published_at).toISOString() : null,
          acknowledged: Number(row.acknowledged),
          family_accounts: Number(row.family),
          reissue_reason: row.reissue_reason,
        };
      }),
      pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
    };
  };
}
