import {
  FEE_MESSAGES,
  type FeeStructure,
  type FeeStructureInput,
  type FeeStructuresPage,
  feeStructureInput,
  type feeStructuresQuery,
} from "@sprout/shared/schemas/fees";
import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { feeComponents, feeStructures } from "../../db/schema/billing.ts";
import { students } from "../../db/schema/children.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { toPaise } from "../../lib/money.ts";
import { paginationOf } from "../../lib/paging.ts";
import { type StructureRow, toFeeStructure } from "./presenter.ts";

function columnsOf(input: ReturnType<typeof feeStructureInput.parse>) {
  return {
    programName: input.program_name,
    programType: input.program_type,
    ageGroup: input.age_group || null,
    academicYear: input.academic_year,
    serviceHours: input.service_hours ?? null,
    monthlyFeePaise: toPaise(input.monthly_fee),
    registrationFeePaise: toPaise(input.registration_fee),
    securityDepositPaise: toPaise(input.security_deposit),
    materialFeePaise: toPaise(input.material_fee),
    quarterlyDiscountPercent: input.quarterly_discount_percent,
    annualDiscountPercent: input.annual_discount_percent,
    sacCode: input.sac_code,
    gstRate: input.gst_rate,
  };
}

const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === "23505" || cause.cause?.code === "23505";
};

/**
 * Fee structures: what each program costs in an academic year. They belong to the organisation
 * (every centre charges the same for a program); students are linked by program name, and a
 * student's own monthly fee, when set, overrides the structure's.
 */
export function createFeesService({ db, clock }: { db: Database; clock: Clock }) {
  /** The structures with their components and the students on each program. */
  async function present(executor: Database, scope: Scope, rows: StructureRow[]): Promise<FeeStructure[]> {
    if (rows.length === 0) return [];
    const structureIds = rows.map((row) => row.id);
    const programs = rows.map((row) => row.programName);
    const [components, counts] = await Promise.all([
      executor.select().from(feeComponents).where(inArray(feeComponents.feeStructureId, structureIds)),
      scope.centerIds.length === 0
        ? Promise.resolve([])
        : executor
            .select({ program: students.programName, count: sql<number>`count(*)::int` })
            .from(students)
            .where(
              and(
                inArray(students.centerId, scope.centerIds),
                inArray(students.programName, programs),
                ne(students.status, "left"),
              ),
            )
            .groupBy(students.programName),
    ]);
    const countOf = new Map(counts.map((row) => [row.program, row.count]));
    return rows.map((row) =>
      toFeeStructure(
        row,
        components.filter((component) => component.feeStructureId === row.id),
        countOf.get(row.programName) ?? 0,
      ),
    );
  }

  async function load(executor: Database, scope: Scope, ids: string[]): Promise<FeeStructure[]> {
    const rows = await executor
      .select()
      .from(feeStructures)
      .where(and(eq(feeStructures.organisationId, scope.organisationId), inArray(feeStructures.id, ids)));
    return present(executor, scope, rows);
  }

  return {
    /** A page of the organisation's structures, newest academic year first, then by program. */
    async list(scope: Scope, query: z.output<typeof feeStructuresQuery>): Promise<FeeStructuresPage> {
      const mine = eq(feeStructures.organisationId, scope.organisationId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(feeStructures)
          .where(mine)
          .orderBy(desc(feeStructures.academicYear), asc(feeStructures.programName))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(feeStructures).where(mine),
      ]);
      return { structures: await present(db, scope, rows), pagination: paginationOf(query, total?.total ?? 0) };
    },

    async create(caller: Caller, raw: FeeStructureInput): Promise<FeeStructure> {
      const input = feeStructureInput.parse(raw);
      const scope = await caller.scope();
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(feeStructures)
            .values({
              ...columnsOf(input),
              organisationId: caller.organisationId,
              createdBy: caller.userId,
              createdAt: clock.now(),
              updatedAt: clock.now(),
            })
            .returning({ id: feeStructures.id });
          if (input.components.length > 0) {
            await tx.insert(feeComponents).values(
              input.components.map((component, position) => ({
                feeStructureId: row!.id,
                position,
                name: component.name,
                amountPaise: toPaise(component.amount),
                componentType: component.component_type,
                isRefundable: component.is_refundable,
                isOptional: component.is_optional,
                sacCode: component.sac_code,
                gstRate: component.gst_rate,
              })),
            );
          }
          const [created] = await load(tx, scope, [row!.id]);
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "fee_structure.create",
            entity: "fee_structure",
            entityId: row!.id,
            after: created,
          });
          return created!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(FEE_MESSAGES.duplicate);
        throw error;
      }
    },

    async update(caller: Caller, id: string, raw: FeeStructureInput): Promise<FeeStructure> {
      const input = feeStructureInput.parse(raw);
      const scope = await caller.scope();
      try {
        return await db.transaction(async (tx) => {
          const [before] = await load(tx, scope, [id]);
          if (!before) throw notFound("Fee structure");
          await tx
            .update(feeStructures)
            .set({ ...columnsOf(input), updatedAt: clock.now() })
            .where(and(eq(feeStructures.id, id), eq(feeStructures.organisationId, caller.organisationId)));
          // Components are settings, not records of money: the new list replaces the old one
          // (the audit row keeps both).
          await tx.delete(feeComponents).where(eq(feeComponents.feeStructureId, id));
          if (input.components.length > 0) {
            await tx.insert(feeComponents).values(
              input.components.map((component, position) => ({
                feeStructureId: id,
                position,
                name: component.name,
                amountPaise: toPaise(component.amount),
                componentType: component.component_type,
                isRefundable: component.is_refundable,
                isOptional: component.is_optional,
                sacCode: component.sac_code,
                gstRate: component.gst_rate,
              })),
            );
          }
          const [after] = await load(tx, scope, [id]);
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "fee_structure.update",
            entity: "fee_structure",
            entityId: id,
            before,
            after,
          });
          return after!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(FEE_MESSAGES.duplicate);
        throw error;
      }
    },
  };
}
export type FeesService = ReturnType<typeof createFeesService>;
