import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { TAX_DOCUMENTS } from "../../db/schema/billing.ts";
import { students } from "../../db/schema/children.ts";
import { centerCollectionSettings } from "../../db/schema/fee-collection.ts";
import { computeInvoiceTax, taxDocumentOf } from "./tax.ts";

export interface DraftLine {
  description: string;
  amountPaise: number;
  sacCode: string;
  gstRate: number;
}

export interface TaxedDraft {
  taxDocument: (typeof TAX_DOCUMENTS)[number];
  supplierGstin: string | null;
  placeOfSupply: string | null;
  lines: (DraftLine & {
    gstRate: number;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
  })[];
}

/**
 * The tax of one document's lines (an invoice on request, a credit note) for a child of a centre:
 * with the centre's GSTIN, CGST + SGST when the payer's state is the GSTIN's, else IGST, rounded
 * once (tax.ts). A centre without a GSTIN charges no GST: every line is all taxable value, rate 0.
 * `fixed` keeps the document and place of supply of an invoice a credit note corrects.
 */
export async function taxDraft(
  tx: Database,
  centerId: string,
  studentId: string,
  lines: readonly DraftLine[],
  fixed?: { supplierGstin: string | null; placeOfSupply: string | null },
): Promise<TaxedDraft> {
  let gstin = fixed?.supplierGstin ?? null;
  let placeOfSupply = fixed?.placeOfSupply ?? null;
  if (!fixed) {
    const [settings] = await tx
      .select({ gstin: centerCollectionSettings.gstin })
      .from(centerCollectionSettings)
      .where(eq(centerCollectionSettings.centerId, centerId));
    gstin = settings?.gstin ?? null;
    if (gstin) {
      const [child] = await tx
        .select({ state: students.payerStateCode })
        .from(students)
        .where(eq(students.id, studentId));
      placeOfSupply = child?.state ?? gstin.slice(0, 2);
    }
  }
  if (!gstin) {
    return {
      taxDocument: "invoice",
      supplierGstin: null,
      placeOfSupply: null,
      lines: lines.map((line) => ({
        ...line,
        gstRate: 0,
        taxablePaise: line.amountPaise,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
      })),
    };
  }
  const taxed = computeInvoiceTax(
    lines.map((line) => ({ amountPaise: line.amountPaise, rate: line.gstRate })),
    gstin.slice(0, 2),
    placeOfSupply ?? gstin.slice(0, 2),
  );
  return {
    taxDocument: taxDocumentOf(
      gstin,
      lines.map((line) => ({ rate: line.gstRate })),
    ),
    supplierGstin: gstin,
    placeOfSupply,
    lines: lines.map((line, index) => {
      const { taxablePaise, cgstPaise, sgstPaise, igstPaise } = taxed.lines[index]!;
      return { ...line, taxablePaise, cgstPaise, sgstPaise, igstPaise };
    }),
  };
}
