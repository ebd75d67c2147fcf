import { accountsExportQuery } from "@sprout/shared/schemas/fee-collection/accounts-export";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AccountsExportService } from "./accounts-export.ts";

/** The accountant's export: invoices, credit notes and receipts of a centre and range, streamed. */
export function accountsExportRoutes({ accountsExport }: { accountsExport: AccountsExportService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      "/accounts/export",
      {
        config: { access: { action: "accounts.export" } },
        schema: {
          summary: "The accountant's export (.xlsx or CSV): one row per invoice line, credit note line and receipt",
          description:
            "Tally's voucher layout: Voucher Date, Voucher Type (Sales, Credit Note, Receipt), Voucher Number, " +
            "Party Name, Invoice/Reference, Ledger, SAC, GST Rate, Taxable Value, CGST, SGST, IGST, Line Total, " +
            "Place of Supply, GSTIN of Supplier, Mode, UTR/Reference. Cancelled invoices are left out. At most " +
            "one year (`from` to `to`, both included); the file is written while it downloads.",
          tags: ["fee-collection"],
          querystring: accountsExportQuery,
          produces: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "text/csv"],
        },
      },
      async (request, reply) => {
        const { stream, fileName, contentType } = await accountsExport.exportAccounts(request.caller, request.query);
        return reply
          .header("content-type", contentType)
          .header("content-disposition", `attachment; filename="${fileName}"`)
          .header("cache-control", "private, no-store")
          .send(stream);
      },
    );
  };
}
