import {
  enquiriesPage,
  enquiriesQuery,
  enquiry,
  enquiryIdParams,
  enquirySchema,
} from "@sprout/shared/schemas/enquiries";
import { checkCompanyQuery, checkCompanyResponse } from "@sprout/shared/schemas/settings";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { EnquiriesService } from "./service.ts";

/** The rules that need no date; the service applies all of them again with the centre's today. */
const enquiryBody = enquirySchema();

export function enquiriesRoutes({ enquiries }: { enquiries: EnquiriesService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/enquiries",
      {
        config: { access: { action: "enquiries.manage" }, keptAnswer: true },
        schema: {
          summary: "A page of enquiries, searched and filtered",
          tags: ["enquiries"],
          querystring: enquiriesQuery,
          response: { 200: enquiriesPage },
        },
      },
      async (request) => enquiries.list(request.caller, request.query),
    );

    api.get(
      "/enquiries/check-company",
      {
        config: { access: { action: "enquiries.manage" } },
        schema: {
          summary: "Whether a parent's company has a tie-up",
          tags: ["enquiries"],
          querystring: checkCompanyQuery,
          response: { 200: checkCompanyResponse },
        },
      },
      async (request) => enquiries.checkCompany(request.caller, request.query.name),
    );

    api.post(
      "/enquiries",
      {
        config: { access: { action: "enquiries.manage" } },
        schema: { summary: "Record an enquiry", tags: ["enquiries"], body: enquiryBody, response: { 201: enquiry } },
      },
      async (request, reply) => reply.code(201).send(await enquiries.create(request.caller, request.body)),
    );

    api.put(
      "/enquiries/:id",
      {
        config: { access: { action: "enquiries.manage" } },
        schema: {
          summary: "Change an enquiry",
          tags: ["enquiries"],
          params: enquiryIdParams,
          body: enquiryBody,
          response: { 200: enquiry },
        },
      },
      async (request) => enquiries.update(request.caller, request.params.id, request.body),
    );
  };
}
