import { english } from "@sprout/shared/i18n/english";
import {
  ENQUIRY_DEFAULT_PAGE_SIZE,
  ENQUIRY_MESSAGES,
  type EnquiriesPage,
  type EnquiriesQuery,
  type Enquiry,
  type EnquiryPayload,
  enquirySchema,
  fieldErrors,
  OPEN_ENQUIRY_STATUSES,
  todayIn,
} from "@sprout/shared/schemas/enquiries";
import { and, count, desc, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { enquiries } from "../../db/schema/enquiries.ts";
import { centers } from "../../db/schema/organisations.ts";
import { companies } from "../../db/schema/settings.ts";
import { writeAudit } from "../../lib/audit.ts";
import { type CappedCount, cappedCount } from "../../lib/capped-count.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { containsPattern } from "../../lib/like.ts";
import { anyOf, idList, preparedQueries } from "../../lib/prepared.ts";
import type { SettingsService } from "../settings/service.ts";
import { toEnquiry } from "./presenter.ts";

interface Deps {
  db: Database;
  clock: Clock;
  settings: SettingsService;
}

/** The values of a list call, by placeholder name. */
interface ListValues {
  centres: string;
  pattern: string | undefined;
  status: string | undefined;
  now: string;
}

/** Enquiries (leads) of the centres in a caller's scope. */
export function createEnquiriesService({ db, clock, settings }: Deps) {
  const prepared = preparedQueries();
  const openStatuses = inArray(enquiries.status, [...OPEN_ENQUIRY_STATUSES]);
  /** Still open, with a follow-up date that is today or past in the centre's own time zone. */
  const dueCondition = (now: unknown = clock.now().toISOString()) =>
    and(
      openStatuses,
      eq(enquiries.followUpFlag, true),
      sql`${enquiries.followUpDate} <= (${now}::timestamptz at time zone ${centers.timeZone})::date`,
    )!;

  const select = (executor: Database = db, now?: SQLWrapper) =>
    executor
      .select({
        enquiry: enquiries,
        centerName: centers.name,
        tieUp: companies.id,
        due: sql<boolean>`coalesce(${dueCondition(now)}, false)`,
      })
      .from(enquiries)
      .innerJoin(centers, eq(centers.id, enquiries.centerId))
      .leftJoin(
        companies,
        and(
          eq(companies.organisationId, enquiries.organisationId),
          sql`lower(${companies.companyName}) = lower(${enquiries.company})`,
        ),
      );

  async function centreOf(scope: Scope, caller: Caller, centerId: string | null | undefined) {
    let id = centerId ?? null;
    if (!id) {
      if (caller.centerId && scope.centerIds.includes(caller.centerId)) id = caller.centerId;
      else if (scope.centerIds.length === 1) id = scope.centerIds[0]!;
      else throw badRequest(english("server.chooseCentre"), { center_id: english("server.chooseCentre") });
    }
    if (!scope.centerIds.includes(id)) throw notFound("Center");
    const [centre] = await db
      .select({ id: centers.id, timeZone: centers.timeZone })
      .from(centers)
      .where(eq(centers.id, id));
    if (!centre) throw notFound("Center");
    return { id: centre.id, today: todayIn(centre.timeZone, clock.now()) };
  }

  /** Applies every rule of the form with the centre's "today" and the organisation's programs. */
  async function validate(organisationId: string, today: string, body: unknown): Promise<EnquiryPayload> {
    const programs = await settings.programMap(organisationId);
    const result = enquirySchema({ today, programs }).safeParse(body);
    if (!result.success) {
      const details = fieldErrors(result.error);
      throw badRequest(Object.values(details)[0] ?? ENQUIRY_MESSAGES.fixErrors, details);
    }
    return result.data;
  }

  const columns = (payload: EnquiryPayload) => ({
    childName: payload.child_name,
    childDob: payload.child_dob,
    parentName: payload.parent_name,
    mobileNumber: payload.mobile_number,
    email: payload.email,
    parentLocation: payload.parent_location,
    company: payload.company,
    gender: payload.gender,
    source: payload.source,
    majorProgram: payload.major_program,
    specificProgram: payload.specific_program,
    serviceHours: payload.service_hours,
    status: payload.status,
    reasonForClosure: payload.reason_for_closure,
    followUpFlag: payload.follow_up_flag,
    followUpDate: payload.follow_up_date,
    assignedTo: payload.assigned_to,
    remarks: payload.remarks,
    visited: payload.visited,
    probableJoiningDate: payload.probable_joining_date,
  });

  const listOrder = [desc(enquiries.enquiryDate), desc(enquiries.createdAt), desc(enquiries.id)];

  /**
   * The list's filters for a shape: placeholders for the prepared page and total, or the values
   * themselves for the capped search count (an ad hoc statement).
   */
  function listed(shape: { search: boolean; status: boolean; due: boolean }, values?: ListValues) {
    const value = (name: keyof ListValues) => (values ? values[name] : sql.placeholder(name));
    const conditions: SQL[] = [sql`${enquiries.centerId} = any(${value("centres")}::uuid[])`];
    if (shape.search) conditions.push(sql`${enquiries.childName} ilike ${value("pattern")}`);
    if (shape.status) conditions.push(sql`${enquiries.status} = ${value("status")}`);
    if (shape.due) conditions.push(dueCondition(value("now")));
    return and(...conditions);
  }

  async function findInScope(scope: Scope, id: string, executor: Database = db) {
    const [row] = await select(executor).where(and(eq(enquiries.id, id), inArray(enquiries.centerId, scope.centerIds)));
    if (!row) throw notFound("Enquiry");
    return row;
  }

  return {
    async list(caller: Caller, query: EnquiriesQuery): Promise<EnquiriesPage> {
      const scope = await caller.scope();
      if (query.center_id && !scope.centerIds.includes(query.center_id)) throw notFound("Center");
      const page = query.page ?? 1;
      const limit = query.limit ?? ENQUIRY_DEFAULT_PAGE_SIZE;
      const search = query.search?.trim();
      const shape = { search: Boolean(search), status: Boolean(query.status), due: query.follow_up === "due" };
      const offset = (page - 1) * limit;
      const values = {
        centres: idList(query.center_id ? [query.center_id] : scope.centerIds),
        pattern: search ? containsPattern(search) : undefined,
        status: query.status,
        now: clock.now().toISOString(),
        limit,
        offset,
      };
      // A search counts 100 matches past the page ("100+"): a common name matched every enquiry.
      const counted: Promise<CappedCount> = search
        ? cappedCount(
            db,
            db
              .select({ one: sql`1` })
              .from(enquiries)
              .innerJoin(centers, eq(centers.id, enquiries.centerId))
              .where(listed(shape, values))
              .orderBy(...listOrder),
            offset,
          )
        : prepared(`enquiries total ${JSON.stringify(shape)}`, () =>
            db
              .select({ n: count() })
              .from(enquiries)
              .innerJoin(centers, eq(centers.id, enquiries.centerId))
              .where(listed(shape)),
          )
            .execute(values)
            .then(([row]) => ({ total: Number(row?.n ?? 0), lowerBound: false }));
      const [rows, total, [due]] = await Promise.all([
        prepared(`enquiries page ${JSON.stringify(shape)}`, () =>
          select(db, sql.placeholder("now"))
            .where(listed(shape))
            .orderBy(...listOrder)
            .limit(sql.placeholder("limit"))
            .offset(sql.placeholder("offset")),
        ).execute(values),
        counted,
        prepared("enquiries due", () =>
          db
            .select({ n: count() })
            .from(enquiries)
            .innerJoin(centers, eq(centers.id, enquiries.centerId))
            .where(and(anyOf(enquiries.centerId, "centres"), dueCondition(sql.placeholder("now")))),
        ).execute(values),
      ]);
      return {
        enquiries: rows.map(toEnquiry),
        pagination: {
          current_page: page,
          total_pages: Math.max(1, Math.ceil(total.total / limit)),
          total_items: total.total,
          total_is_lower_bound: total.lowerBound,
          items_per_page: limit,
        },
        due_follow_ups: Number(due?.n ?? 0),
      };
    },

    async get(caller: Caller, id: string): Promise<Enquiry> {
      return toEnquiry(await findInScope(await caller.scope(), id));
    },

    async create(caller: Caller, body: { center_id?: string | null }): Promise<Enquiry> {
      const scope = await caller.scope();
      const centre = await centreOf(scope, caller, body.center_id);
      const payload = await validate(caller.organisationId, centre.today, body);
      const now = clock.now();
      // The row and its audit entry commit together; the entry records the values written.
      const id = await db.transaction(async (tx) => {
        const values = {
          ...columns(payload),
          organisationId: caller.organisationId,
          centerId: centre.id,
          enquiryDate: centre.today,
          createdBy: caller.userId,
          createdAt: now,
          updatedAt: now,
        };
        const [row] = await tx.insert(enquiries).values(values).returning({ id: enquiries.id });
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "enquiry_created",
          entity: "enquiry",
          entityId: row!.id,
          after: values,
        });
        return row!.id;
      });
      return toEnquiry(await findInScope(scope, id));
    },

    async update(caller: Caller, id: string, body: unknown): Promise<Enquiry> {
      const scope = await caller.scope();
      const before = await findInScope(scope, id);
      if (before.enquiry.studentId) throw conflict(ENQUIRY_MESSAGES.admittedReadOnly);
      const centre = await centreOf(scope, caller, before.enquiry.centerId);
      const payload = await validate(caller.organisationId, centre.today, body);
      await db.transaction(async (tx) => {
        const changes = { ...columns(payload), updatedAt: clock.now() };
        const [updated] = await tx
          .update(enquiries)
          .set(changes)
          .where(and(eq(enquiries.id, id), isNull(enquiries.studentId)))
          .returning({ id: enquiries.id });
        if (!updated) throw conflict(ENQUIRY_MESSAGES.admittedReadOnly);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "enquiry_updated",
          entity: "enquiry",
          entityId: id,
          before: toEnquiry(before),
          after: changes,
        });
      });
      return toEnquiry(await findInScope(scope, id));
    },

    async checkCompany(caller: Caller, name: string) {
      const found = await settings.findCompany(caller.organisationId, name);
      return { hasTieUp: found !== null, company_name: found };
    },

    /** Open and Follow-up enquiries in scope: the dashboards' open-enquiry figure. */
    async countOpen(scope: Scope): Promise<number> {
      if (scope.centerIds.length === 0 || scope.childIds) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(enquiries)
        .where(and(inArray(enquiries.centerId, scope.centerIds), openStatuses));
      return Number(row?.n ?? 0);
    },

    findInScope,
    toEnquiry,
  };
}
export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
