import { english } from "@sprout/shared/i18n/english";
import {
  activeAlerts,
  alertIdParams,
  alertsPage,
  alertsQuery,
  areaOptions,
  emergencyAlertInput,
  resolveAlertInput,
  staffAlert,
  triggerAnswer,
} from "@sprout/shared/schemas/emergency";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { EmergencyService } from "./service.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 409: error };

export function emergencyRoutes({ emergency }: { emergency: EmergencyService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      "/center-director/emergency/alert",
      {
        config: { access: { action: "emergency.manage" } },
        schema: {
          summary: "Trigger an emergency alert for a centre and push it to everyone signed in there",
          tags: ["emergency"],
          body: emergencyAlertInput,
          response: { 201: triggerAnswer, ...refusals },
        },
      },
      async (request, reply) => {
        const alert = await emergency.trigger(request.caller, request.body);
        return reply.code(201).send({ success: true as const, message: english("emergency.server.triggered"), alert });
      },
    );

    api.get(
      "/emergency/active",
      {
        config: { access: { signedIn: true } },
        schema: {
          summary: "Unresolved alerts of the caller's centres (staff) or the family notices (parents)",
          tags: ["emergency"],
          response: { 200: activeAlerts, 401: error },
        },
      },
      async (request) => emergency.active(request.caller),
    );

    api.get(
      "/emergency/alerts",
      {
        config: { access: { action: "emergency.manage" } },
        schema: {
          summary: "Active or past alerts with their timeline, a page at a time",
          tags: ["emergency"],
          querystring: alertsQuery,
          response: { 200: alertsPage, ...refusals },
        },
      },
      async (request) => emergency.list(request.caller, request.query),
    );

    api.get(
      "/emergency/areas",
      {
        config: { access: { action: "emergency.manage" } },
        schema: {
          summary: "Affected-area options: the standard list and the centre's classrooms",
          tags: ["emergency"],
          querystring: z.object({ center_id: z.uuid().optional() }),
          response: { 200: areaOptions, ...refusals },
        },
      },
      async (request) => ({ areas: await emergency.areasOf(request.caller, request.query.center_id) }),
    );

    api.post(
      "/emergency/alerts/:id/acknowledge",
      {
        config: { access: { action: "emergency.acknowledge" } },
        schema: {
          summary: "Record that the caller has seen an alert",
          tags: ["emergency"],
          params: alertIdParams,
          response: { 200: staffAlert, ...refusals },
        },
      },
      async (request) => emergency.acknowledge(request.caller, request.params.id),
    );

    api.post(
      "/emergency/alerts/:id/resolve",
      {
        config: { access: { action: "emergency.manage" } },
        schema: {
          summary: "Resolve an alert with notes; the banner leaves every screen",
          tags: ["emergency"],
          params: alertIdParams,
          body: resolveAlertInput,
          response: { 200: staffAlert, ...refusals },
        },
      },
      async (request) => emergency.resolve(request.caller, request.params.id, request.body.resolution_notes),
    );
  };
}
