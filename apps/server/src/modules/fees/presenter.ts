import type { FeeStructure } from "@sprout/shared/schemas/fees";
import type { feeComponents, feeStructures } from "../../db/schema/billing.ts";
import { toRupees } from "../../lib/money.ts";

export type StructureRow = typeof feeStructures.$inferSelect;
type ComponentRow = typeof feeComponents.$inferSelect;

/** A fee structure in rupees, its components in their order (every role that reads fees sees the same). */
export function toFeeStructure(row: StructureRow, components: ComponentRow[], studentsCount: number): FeeStructure {
  return {
    id: row.id,
    program_name: row.programName,
    program_type: row.programType,
    age_group: row.ageGroup,
    academic_year: row.academicYear,
    service_hours: row.serviceHours,
    monthly_fee: toRupees(row.monthlyFeePaise),
    registration_fee: toRupees(row.registrationFeePaise),
    security_deposit: toRupees(row.securityDepositPaise),
    material_fee: toRupees(row.materialFeePaise),
    quarterly_discount_percent: row.quarterlyDiscountPercent,
    annual_discount_percent: row.annualDiscountPercent,
    components: components
      .sort((a, b) => a.position - b.position)
      .map((component) => ({
        id: component.id,
        name: component.name,
        amount: toRupees(component.amountPaise),
        component_type: component.componentType,
        is_refundable: component.isRefundable,
        is_optional: component.isOptional,
        sac_code: component.sacCode,
        gst_rate: component.gstRate,
      })),
    sac_code: row.sacCode,
    gst_rate: row.gstRate,
    students_count: studentsCount,
    updated_at: row.updatedAt.toISOString(),
  };
}
