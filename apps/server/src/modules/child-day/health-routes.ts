import { childParams } from "@sprout/shared/schemas/child-day";
import {
  digestPreference,
  digestSetting,
  digestSettingInput,
  digestSettingQuery,
  doseInput,
  healthItemParams,
  healthRecord,
  immunisationInput,
  medicationInput,
  standingInput,
} from "@sprout/shared/schemas/child-health";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { childRecord } from "../privacy/record-reads.ts";
import type { DigestSettingsService } from "./digest-settings.ts";
import type { HealthService } from "./health.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 409: error };
const tags = ["child-health"];
const created = { 201: healthRecord, ...refusals };
const answered = { 200: healthRecord, ...refusals };

/** The health record and the digest settings (issue 13, points 4 and 6). */
export function healthRoutes({ health, digest }: { health: HealthService; digest: DigestSettingsService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/child-health/:childId",
      {
        config: { access: { action: "childHealth.read" }, childRecord: childRecord("health", { param: "childId" }) },
        schema: {
          summary: "A child's allergies, conditions, medications with consent, and immunisations",
          tags,
          params: childParams,
          response: answered,
        },
      },
      async (request) => health.get(request.caller, request.params.childId),
    );

    api.post(
      "/child-health/:childId/standing",
      {
        config: { access: { action: "childHealth.recordStanding" } },
        schema: {
          summary: "Add an allergy or dietary restriction, or a medical condition",
          tags,
          params: childParams,
          body: standingInput,
          response: created,
        },
      },
      async (request, reply) =>
        reply.code(201).send(await health.addStanding(request.caller, request.params.childId, request.body)),
    );

    api.delete(
      "/child-health/standing/:id",
      {
        config: { access: { action: "childHealth.recordStanding" } },
        schema: { summary: "Remove an allergy or a condition", tags, params: healthItemParams, response: answered },
      },
      async (request) => health.removeStanding(request.caller, request.params.id),
    );

    api.post(
      "/child-health/:childId/medications",
      {
        config: { access: { action: "medications.request" } },
        schema: {
          summary: "A parent asks the centre to give a medication and gives consent",
          tags,
          params: childParams,
          body: medicationInput,
          response: created,
        },
      },
      async (request, reply) =>
        reply.code(201).send(await health.addMedication(request.caller, request.params.childId, request.body)),
    );

    api.post(
      "/child-health/medications/:id/withdraw",
      {
        config: { access: { action: "medications.request" } },
        schema: {
          summary: "Withdraw consent for a medication (no further dose is given)",
          tags,
          params: healthItemParams,
          response: answered,
        },
      },
      async (request) => health.withdraw(request.caller, request.params.id),
    );

    api.post(
      "/child-health/medications/:id/doses",
      {
        config: { access: { action: "medications.recordDose" } },
        schema: {
          summary: "Log a dose given today (only under an active consent)",
          tags,
          params: healthItemParams,
          body: doseInput,
          response: created,
        },
      },
      async (request, reply) =>
        reply.code(201).send(await health.giveDose(request.caller, request.params.id, request.body)),
    );

    api.post(
      "/child-health/:childId/immunisations",
      {
        config: { access: { action: "immunisations.record" } },
        schema: {
          summary: "Record an immunisation (vaccine, date given, next due)",
          tags,
          params: childParams,
          body: immunisationInput,
          response: created,
        },
      },
      async (request, reply) =>
        reply.code(201).send(await health.addImmunisation(request.caller, request.params.childId, request.body)),
    );

    api.delete(
      "/child-health/immunisations/:id",
      {
        config: { access: { action: "immunisations.record" } },
        schema: { summary: "Remove an immunisation record", tags, params: healthItemParams, response: answered },
      },
      async (request) => health.removeImmunisation(request.caller, request.params.id),
    );

    api.get(
      "/child-day/digest-setting",
      {
        config: { access: { action: "digest.configure" } },
        schema: {
          summary: "The hour (centre time) of the evening digest e-mail",
          tags,
          querystring: digestSettingQuery,
          response: { 200: digestSetting, ...refusals },
        },
      },
      async (request) => digest.centre(request.caller, request.query.center_id),
    );

    api.put(
      "/child-day/digest-setting",
      {
        config: { access: { action: "digest.configure" } },
        schema: {
          summary: "Choose the hour (centre time) of the evening digest e-mail",
          tags,
          body: digestSettingInput,
          response: { 200: digestSetting, ...refusals },
        },
      },
      async (request) => digest.setCentre(request.caller, request.body),
    );

    api.get(
      "/parents/digest",
      {
        config: { access: { action: "digest.choose" }, keptAnswer: true },
        schema: {
          summary: "Whether the parent receives the evening digest e-mail",
          tags,
          response: { 200: digestPreference, ...refusals },
        },
      },
      async (request) => digest.preference(request.caller),
    );

    api.put(
      "/parents/digest",
      {
        config: { access: { action: "digest.choose" } },
        schema: {
          summary: "Turn the evening digest e-mail on or off",
          tags,
          body: digestPreference,
          response: { 200: digestPreference, ...refusals },
        },
      },
      async (request) => digest.setPreference(request.caller, request.body.daily_digest),
    );
  };
}
