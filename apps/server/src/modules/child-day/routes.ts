import multipart from "@fastify/multipart";
import { english } from "@sprout/shared/i18n/english";
import {
  attachmentParams,
  CHILD_DAY_MESSAGES,
  childDaySummary,
  childParams,
  classroomDay,
  classroomParams,
  dailyActivities,
  dayQuery,
  entryParams,
  foodInput,
  healthInput,
  milestone,
  milestoneInput,
  milestoneParams,
  milestonesPage,
  milestonesQuery,
  myClassrooms,
  OBSERVATION_ATTACHMENT_MAX_BYTES,
  OBSERVATION_ATTACHMENTS_MAX,
  observationEditFields,
  observationFields,
  observationLog,
  observationParams,
  observationsPage,
  observationsQuery,
  pottyInput,
  removeEntryInput,
  sleepInput,
  starInput,
  wakeInput,
  weekStars,
} from "@sprout/shared/schemas/child-day";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendStoredFile } from "../../files/serve.ts";
import { badRequest, HttpError } from "../../lib/errors.ts";
import { childRecord } from "../privacy/record-reads.ts";
import type { BatchService } from "./batch.ts";
import { dayRoutes } from "./day-routes.ts";
import type { DigestSettingsService } from "./digest-settings.ts";
import type { HealthService } from "./health.ts";
import { healthRoutes } from "./health-routes.ts";
import type { ObservationsService, Upload } from "./observations.ts";
import type { DailyActivitiesService } from "./service.ts";
import type { ChildDaySummaryService } from "./summary.ts";
import type { TimelineService } from "./timeline.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 409: error };
const tags = ["child-day"];

interface Deps {
  daily: DailyActivitiesService;
  summaries: ChildDaySummaryService;
  observations: ObservationsService;
  health: HealthService;
  digest: DigestSettingsService;
  batch: BatchService;
  timeline: TimelineService;
}

/** Reads the observation form: text fields, then the `attachments` files. */
async function readObservationForm<Schema extends typeof observationFields | typeof observationEditFields>(
  request: FastifyRequest,
  schema: Schema,
) {
  if (!request.isMultipart()) throw badRequest(english("server.notMultipart"));
  const fields: Record<string, string> = {};
  const uploads: Upload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const content = await part.toBuffer();
        if (part.fieldname === "attachments" && content.length > 0) uploads.push({ name: part.filename, content });
      } else if (typeof part.value === "string") fields[part.fieldname] = part.value;
    }
  } catch (failure) {
    if (failure instanceof HttpError) throw failure;
    if ((failure as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
      throw new HttpError(413, "FILE_TOO_LARGE", CHILD_DAY_MESSAGES.attachmentTooLarge);
    if ((failure as { code?: string }).code === "FST_FILES_LIMIT")
      throw badRequest(english("server.observationAttachmentsMax", { max: OBSERVATION_ATTACHMENTS_MAX }));
    throw badRequest(english("server.notMultipart"));
  }
  return { input: parseFields(schema, fields), uploads };
}

function parseFields<Schema extends typeof observationFields | typeof observationEditFields>(
  schema: Schema,
  fields: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, { [String(issue.path[0] ?? "form")]: issue.message });
  }
  return parsed.data as z.output<Schema>;
}

export function childDayRoutes({ daily, summaries, observations, health, digest, batch, timeline }: Deps) {
  return async (app: FastifyInstance) => {
    await app.register(healthRoutes({ health, digest }));
    await app.register(dayRoutes({ batch, timeline }));
    await app.register(multipart, {
      limits: {
        fileSize: OBSERVATION_ATTACHMENT_MAX_BYTES,
        files: OBSERVATION_ATTACHMENTS_MAX,
        fields: 10,
        fieldSize: 5000,
      },
    });
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/daily-activities/:childId",
      {
        config: { access: { action: "childDay.read" }, childRecord: childRecord("health", { param: "childId" }) },
        schema: {
          summary: "A child's food, sleep and potty entries (with stars and health notes) for a date",
          tags,
          params: childParams,
          querystring: dayQuery,
          response: { 200: dailyActivities, ...refusals },
        },
      },
      async (request) => daily.day(request.caller, request.params.childId, request.query.date),
    );

    api.post(
      "/daily-activities/food",
      {
        config: { access: { action: "childDay.record" } },
        schema: {
          summary: "Record a meal for a child",
          tags,
          body: foodInput,
          response: { 201: dailyActivities, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await daily.addFood(request.caller, request.body)),
    );

    api.post(
      "/daily-activities/sleep",
      {
        config: { access: { action: "childDay.record" } },
        schema: {
          summary: "Record a nap (without an end time while the child sleeps)",
          tags,
          body: sleepInput,
          response: { 201: dailyActivities, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await daily.addSleep(request.caller, request.body)),
    );

    api.post(
      "/daily-activities/sleep/:id/wake",
      {
        config: { access: { action: "childDay.record" } },
        schema: {
          summary: "End a nap",
          tags,
          params: z.object({ id: z.uuid() }),
          body: wakeInput,
          response: { 200: dailyActivities, ...refusals },
        },
      },
      async (request) => daily.wake(request.caller, request.params.id, request.body.end_time),
    );

    api.post(
      "/daily-activities/potty",
      {
        config: { access: { action: "childDay.record" } },
        schema: {
          summary: "Record a bathroom visit or diaper change",
          tags,
          body: pottyInput,
          response: { 201: dailyActivities, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await daily.addPotty(request.caller, request.body)),
    );

    api.post(
      "/daily-activities/health",
      {
        config: { access: { action: "childDay.record" } },
        schema: {
          summary: "Record an allergy, a medication given, a temperature or a health note",
          tags,
          body: healthInput,
          response: { 201: dailyActivities, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await daily.addHealth(request.caller, request.body)),
    );

    api.post(
      "/stars",
      {
        config: { access: { action: "childDay.record" } },
        schema: {
          summary: "Award a child a star with a short reason",
          tags,
          body: starInput,
          response: { 201: dailyActivities, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await daily.addStar(request.caller, request.body)),
    );

    api.delete(
      "/daily-activities/:kind/:id",
      {
        config: { access: { action: "childDay.record" } },
        schema: {
          summary: "Remove a wrong entry (an earlier day's needs a reason; both are audited)",
          tags,
          params: entryParams,
          querystring: removeEntryInput,
          response: { 200: dailyActivities, ...refusals },
        },
      },
      async (request) => daily.remove(request.caller, request.params.kind, request.params.id, request.query.reason),
    );

    api.get(
      "/daily-activities/classroom/:classroomId",
      {
        config: { access: { action: "childDay.readClassroom" } },
        schema: {
          summary: "A classroom's children with what is recorded for them that day",
          tags,
          params: classroomParams,
          querystring: dayQuery,
          response: { 200: classroomDay, ...refusals },
        },
      },
      async (request) => summaries.classroomDay(request.caller, request.params.classroomId, request.query.date),
    );

    api.get(
      "/daily-activities/my-classrooms",
      {
        config: { access: { action: "childDay.record" } },
        schema: {
          summary: "The classrooms the teacher records for",
          tags,
          response: { 200: myClassrooms, ...refusals },
        },
      },
      async (request) => summaries.myClassrooms(request.caller),
    );

    api.get(
      "/parents/child-day/:childId",
      {
        config: { access: { action: "childDay.readOwn" }, keptAnswer: true },
        schema: {
          summary: "Today's one-line facts for the parent portal's tiles",
          tags,
          params: childParams,
          response: { 200: childDaySummary, ...refusals },
        },
      },
      async (request) => summaries.summary(request.caller, request.params.childId),
    );

    api.get(
      "/stars/:childId",
      {
        // Stars are part of the child's daily care record: staff reads go to the access log.
        config: { access: { action: "childDay.read" }, childRecord: childRecord("health", { param: "childId" }) },
        schema: {
          summary: "The week's stars of a child",
          tags,
          params: childParams,
          response: { 200: weekStars, ...refusals },
        },
      },
      async (request) => summaries.weekStars(request.caller, request.params.childId),
    );

    api.get(
      "/observation-logs",
      {
        config: {
          access: { action: "observations.read" },
          childRecord: childRecord("observations", { each: "logs", field: "child_id" }),
        },
        schema: {
          summary: "Observation logs, newest first, a page at a time",
          tags,
          querystring: observationsQuery,
          response: { 200: observationsPage, ...refusals },
        },
      },
      async (request) => observations.list(request.caller, request.query),
    );

    api.get(
      "/observation-logs/milestones",
      {
        config: { access: { action: "milestones.read" } },
        schema: {
          summary: "A centre's milestone list: the built-in framework's areas, then the centre's own",
          tags,
          querystring: milestonesQuery,
          response: { 200: milestonesPage, ...refusals },
        },
      },
      async (request) => observations.milestones.list(request.caller, request.query),
    );

    api.post(
      "/observation-logs/milestones",
      {
        config: { access: { action: "milestones.manage" } },
        schema: {
          summary: "Add a milestone (name, framework area, source) to a centre's list",
          tags,
          body: milestoneInput,
          response: { 201: milestone, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await observations.milestones.add(request.caller, request.body)),
    );

    api.delete(
      "/observation-logs/milestones/:id",
      {
        config: { access: { action: "milestones.manage" } },
        schema: {
          summary: "Take a milestone off its centre's list (logs that used it keep it)",
          tags,
          params: milestoneParams,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (request, reply) => {
        await observations.milestones.remove(request.caller, request.params.id);
        return reply.code(204).send(null);
      },
    );

    api.post(
      "/observation-logs",
      {
        config: { access: { action: "observations.record" } },
        schema: {
          summary:
            "Create an observation log (multipart: child_id, date, milestone, notes, attachments; or the same fields as JSON, without attachments, as a device sends one it kept offline)",
          tags,
          consumes: ["multipart/form-data", "application/json"],
          response: { 201: observationLog, ...refusals },
        },
      },
      async (request, reply) => {
        // Text only, as JSON: what a phone queues offline with an Idempotency-Key (ADR 0054).
        const { input, uploads } = request.isMultipart()
          ? await readObservationForm(request, observationFields)
          : { input: parseFields(observationFields, request.body ?? {}), uploads: [] };
        return reply.code(201).send(await observations.create(request.caller, input, uploads));
      },
    );

    api.put(
      "/observation-logs/:id",
      {
        config: { access: { action: "observations.record" } },
        schema: {
          summary:
            "Edit an observation log; new attachments are added, those named in remove_attachments (ids, comma separated) dropped",
          tags,
          consumes: ["multipart/form-data"],
          params: observationParams,
          response: { 200: observationLog, ...refusals },
        },
      },
      async (request) => {
        const { input, uploads } = await readObservationForm(request, observationEditFields);
        return observations.update(request.caller, request.params.id, input, uploads);
      },
    );

    api.delete(
      "/observation-logs/:id",
      {
        config: { access: { action: "observations.record" } },
        schema: {
          summary: "Delete an observation log and its attachments",
          tags,
          params: observationParams,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (request, reply) => {
        await observations.remove(request.caller, request.params.id);
        return reply.code(204).send(null);
      },
    );

    api.get(
      "/observation-logs/:id/attachments/:attachmentId",
      {
        config: {
          access: { action: "observations.read" },
          childRecord: childRecord("documents", { via: "observationLog", param: "id" }),
        },
        schema: { summary: "An attachment of a log whose child the caller may see", tags, params: attachmentParams },
      },
      async (request, reply) =>
        sendStoredFile(reply, await observations.open(request.caller, request.params.id, request.params.attachmentId)),
    );
  };
}
