import { company, createCompanyRequest, createProgramRequest, program } from "@sprout/shared/schemas/settings";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SettingsService } from "./service.ts";

// The enquiry form reads both lists; Settings lists them to those who manage programs.

export function settingsRoutes({ settings }: { settings: SettingsService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/settings/programs",
      {
        config: { access: { action: "settings.read" } },
        schema: { summary: "The programs a centre offers", tags: ["settings"], response: { 200: z.array(program) } },
      },
      async (request) => settings.listPrograms(request.caller),
    );

    api.post(
      "/settings/programs",
      {
        config: { access: { action: "settings.addProgram" } },
        schema: {
          summary: "Add a program",
          tags: ["settings"],
          body: createProgramRequest,
          response: { 201: program },
        },
      },
      async (request, reply) => reply.code(201).send(await settings.addProgram(request.caller, request.body)),
    );

    api.get(
      "/settings/companies",
      {
        config: { access: { action: "settings.read" } },
        schema: { summary: "Companies with a tie-up", tags: ["settings"], response: { 200: z.array(company) } },
      },
      async (request) => settings.listCompanies(request.caller),
    );

    api.post(
      "/settings/companies",
      {
        config: { access: { action: "settings.addCompany" } },
        schema: {
          summary: "Add a company with a tie-up",
          tags: ["settings"],
          body: createCompanyRequest,
          response: { 201: company },
        },
      },
      async (request, reply) => reply.code(201).send(await settings.addCompany(request.caller, request.body)),
    );
  };
}
