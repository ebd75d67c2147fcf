import { admissionResponse, admissionSchema, enquiryIdParam } from "@sprout/shared/schemas/admissions";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AdmissionsService } from "./service.ts";

/** The rules that need no date; the service applies them all again with the centre's today. */
const admissionBody = admissionSchema();

export function admissionsRoutes({ admissions }: { admissions: AdmissionsService }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      "/admissions/convert/:enquiryId",
      {
        config: { access: { features: ["enquiry_management"] } },
        schema: {
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
  };
}
