import {
  BUDGET_MESSAGES,
  type BudgetLimit,
  type BudgetLimitsPage,
  type budgetLimitInput,
  type budgetLimitsQuery,
  fiscalYearStart,
} from "@sprout/shared/schemas/budget";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { budgetLimits } from "../../db/schema/budget.ts";
import { centers } from "../../db/schema/organisations.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { toPaise } from "../../lib/money.ts";
import { pgCode } from "../classrooms/pg-error.ts";
import { pageOf, paginationOf } from "./pages.ts";
import { assert, assertInScope, maySetLimits } from "./policy.ts";
import { toBudgetLimit } from "./presenter.ts";

type LimitInput = z.output<typeof budgetLimitInput>;

const withCentre = { limit: budgetLimits, centerName: centers.name };

/** Budget limits: what each role at a centre may approve by itself in a fiscal year. */
export function createLimitsService({ db, clock }: { db: Database; clock: Clock }) {
  async function find(caller: Caller, id: string) {
    const scope = await caller.scope();
    const [row] = await db
      .select(withCentre)
      .from(budgetLimits)
      .innerJoin(centers, eq(centers.id, budgetLimits.centerId))
      .where(and(eq(budgetLimits.id, id), eq(budgetLimits.organisationId, caller.organisationId)));
    if (!row) throw notFound("Budget limit");
    assertInScope(scope, row.limit.centerId, "Budget limit");
    return toBudgetLimit({ ...row.limit, centerName: row.centerName });
  }

  const values = (input: LimitInput) => ({
    centerId: input.center_id,
    role: input.role,
    fiscalYear: fiscalYearStart(input.fiscal_year),
    category: input.category ?? null,
    approvalLimitPaise: toPaise(input.approval_limit),
    isActive: input.is_active,
    notes: input.notes,
  });

  return {
    /** A page of the caller's centres' limits, newest fiscal year first, searchable by centre or role. */
    async list(caller: Caller, query: z.output<typeof budgetLimitsQuery>): Promise<BudgetLimitsPage> {
      assert(maySetLimits(caller));
      const scope = await caller.scope();
      const conditions: SQL[] = [inArray(budgetLimits.centerId, scope.centerIds)];
      if (query.search) {
        const term = `%${query.search.replaceAll(/[\\%_]/g, (char) => `\\${char}`)}%`;
        const roleTerm = `%${query.search.trim().toLowerCase().replaceAll(" ", "_")}%`;
        conditions.push(or(ilike(centers.name, term), ilike(budgetLimits.role, roleTerm))!);
      }
      const where = and(...conditions);
      const { offset, limit } = pageOf(query.page, query.limit);
      const [rows, [total]] = await Promise.all([
        db
          .select(withCentre)
          .from(budgetLimits)
          .innerJoin(centers, eq(centers.id, budgetLimits.centerId))
          .where(where)
          .orderBy(desc(budgetLimits.fiscalYear), asc(centers.name), asc(budgetLimits.role), asc(budgetLimits.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count() })
          .from(budgetLimits)
          .innerJoin(centers, eq(centers.id, budgetLimits.centerId))
          .where(where),
      ]);
      return {
        limits: rows.map((row) => toBudgetLimit({ ...row.limit, centerName: row.centerName })),
        pagination: paginationOf(query.page, query.limit, total?.total ?? 0),
      };
    },

    async create(caller: Caller, input: LimitInput): Promise<BudgetLimit> {
      assert(maySetLimits(caller));
      assertInScope(await caller.scope(), input.center_id, "Center");
      const now = clock.now();
      const id = await db
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(budgetLimits)
            .values({ ...values(input), organisationId: caller.organisationId, createdAt: now, updatedAt: now })
            .returning();
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "budget_limit.created",
            entity: "budget_limit",
            entityId: row!.id,
            after: input,
          });
          return row!.id;
        })
        .catch((error: unknown) => {
          throw pgCode(error) === "23505" ? conflict(BUDGET_MESSAGES.limitExists) : error;
        });
      return find(caller, id);
    },

    async update(caller: Caller, id: string, input: LimitInput): Promise<BudgetLimit> {
      assert(maySetLimits(caller));
      const before = await find(caller, id);
      assertInScope(await caller.scope(), input.center_id, "Center");
      await db
        .transaction(async (tx) => {
          await tx
            .update(budgetLimits)
            .set({ ...values(input), updatedAt: clock.now() })
            .where(eq(budgetLimits.id, id));
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "budget_limit.updated",
            entity: "budget_limit",
            entityId: id,
            before,
            after: input,
          });
        })
        .catch((error: unknown) => {
          throw pgCode(error) === "23505" ? conflict(BUDGET_MESSAGES.limitExists) : error;
        });
      return find(caller, id);
    },
  };
}
export type LimitsService = ReturnType<typeof createLimitsService>;
