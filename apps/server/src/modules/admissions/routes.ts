import { admissionResponse, admissionSchema, enquiryIdParam } from "@sprout/shared/schemas/admissions";
import { linkDecisionResponse, linkRequestIdParam, linkRequestsResponse } from "@sprout/shared/schemas/link-requests";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { LinkRequestsService } from "./link-requests.ts";
import type { AdmissionsService } from "./service.ts";

/** The rules that need no date; the service applies them all again with the centre's today. */
const admissionBody = admissionSchema();

export function admissionsRoutes({
  admissions,
  linkRequests,
}: {
  admissions: AdmissionsService;
  linkRequests: LinkRequestsService;
}) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.post(
      "/admissions/convert/:enquiryId",
      {
        config: { access: { action: "admissions.convert" } },
        schema: {
          summary: "Admit the child of a closed enquiry",
          tags: ["admissions"],
          params: enquiryIdParam,
          body: admissionBody,
          response: { 201: admissionResponse },
        },
      },
      async (request, reply) => {
        // The invitation link points back at the address the staff member is using.
        const appUrl = `${request.protocol}://${request.host}`;
        return reply
          .code(201)
          .send(await admissions.convert(request.caller, request.params.enquiryId, request.body, appUrl));
      },
    );

    api.get(
      "/parents/link-requests",
      {
        config: { access: { action: "parentLinks.answer" }, keptAnswer: true },
        schema: {
          summary: "Children a centre asks to link to the caller's sign-in",
          tags: ["admissions"],
          response: { 200: linkRequestsResponse },
        },
      },
      async (request) => linkRequests.list(request.caller),
    );

    for (const decision of ["accept", "decline"] as const) {
      api.post(
        `/parents/link-requests/:id/${decision}`,
        {
          config: { access: { action: "parentLinks.answer" } },
          schema: {
            summary: decision === "accept" ? "Accept a child into the caller's sign-in" : "Decline a link request",
            tags: ["admissions"],
            params: linkRequestIdParam,
            response: { 200: linkDecisionResponse },
          },
        },
        async (request) => linkRequests[decision](request.caller, request.params.id),
      );
    }
  };
}
