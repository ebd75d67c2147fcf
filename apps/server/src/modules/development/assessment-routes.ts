import { errorResponse } from "@sprout/shared/schemas/auth";
import {
  assessmentHistory,
  assessmentInput,
  childAssessment,
  classView,
  classViewQuery,
  publishClassInput,
  publishClassResult,
  reissueInput,
  term,
  termChildParams,
  termIdParams,
  termInput,
  termPatch,
  termsPage,
  termsQuery,
} from "@sprout/shared/schemas/development/assessments";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { childRecord } from "../privacy/record-reads.ts";
import type { AssessmentsService } from "./assessments.ts";
import type { PublishingService } from "./publish.ts";

const tags = ["development"];
const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const assessmentOfChild = childRecord("assessments", { param: "childId" });

/** Terms, the class view, one child's assessment, publishing and reissuing (issue 36, point 3). */
export function assessmentRoutes({
  assessments,
  publishing,
}: {
  assessments: AssessmentsService;
  publishing: PublishingService;
}) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { terms } = assessments;

    api.post(
      "/development/terms",
      {
        config: { access: { action: "assessments.openTerm" } },
        schema: {
          summary: "Open a term of assessments for some classrooms of a centre (audited)",
          description:
            "The term ends after it starts, its classrooms are the centre's, and its name is unique in the centre " +
            "(409). It keeps the framework the centre uses now.",
          tags,
          body: termInput,
          response: { 201: term, ...refusals, 409: errorResponse },
        },
      },
      async (request, reply) => reply.code(201).send(await terms.create(request.caller, request.body)),
    );

    api.get(
      "/development/terms",
      {
        config: { access: { action: "assessments.read" } },
        schema: {
          summary: "The terms of the caller's centres, newest first (a teacher: those of her classrooms)",
          tags,
          querystring: termsQuery,
          response: { 200: termsPage, ...refusals },
        },
      },
      async (request) => terms.list(request.caller, request.query),
    );

    api.get(
      "/development/terms/:id",
      {
        config: { access: { action: "assessments.read" } },
        schema: { summary: "One term", tags, params: termIdParams, response: { 200: term, ...refusals } },
      },
      async (request) => terms.get(request.caller, request.params.id),
    );

    api.patch(
      "/development/terms/:id",
      {
        config: { access: { action: "assessments.openTerm" } },
        schema: {
          summary: "Change a term's name, dates or classrooms (audited)",
          tags,
          params: termIdParams,
          body: termPatch,
          response: { 200: term, ...refusals, 409: errorResponse },
        },
      },
      async (request) => terms.update(request.caller, request.params.id, request.body),
    );

    api.get(
      "/development/terms/:id/children",
      {
        config: { access: { action: "assessments.read" } },
        schema: {
          summary: "The class view: every active child of the term's classrooms, assessed or not, and what is missing",
          tags,
          params: termIdParams,
          querystring: classViewQuery,
          response: { 200: classView, ...refusals },
        },
      },
      async (request) => assessments.classView(request.caller, request.params.id, request.query),
    );

    api.post(
      "/development/terms/:id/publish",
      {
        config: { access: { action: "assessments.publish" } },
        schema: {
          summary: "Publish every submitted assessment of one classroom of the term (each child on its own)",
          tags,
          params: termIdParams,
          body: publishClassInput,
          response: { 200: publishClassResult, ...refusals },
        },
      },
      async (request) => publishing.publishClass(request.caller, request.params.id, request.body.classroom_id),
    );

    const childPath = "/development/terms/:id/children/:childId/assessment";

    api.get(
      childPath,
      {
        config: { access: { action: "assessments.read" }, childRecord: assessmentOfChild },
        schema: {
          summary: "A child's assessment: the framework by domain, the supporting observations, levels and narratives",
          description: "Every staff read is written to the access log.",
          tags,
          params: termChildParams,
          response: { 200: childAssessment, ...refusals },
        },
      },
      async (request) => assessments.get(request.caller, request.params.id, request.params.childId),
    );

    api.put(
      childPath,
      {
        config: { access: { action: "assessments.record" }, childRecord: assessmentOfChild },
        schema: {
          summary: "Save a child's levels, comments, narratives, page and photos (audited)",
          description:
            "Levels are the term's framework's; photos (at most 4) are the child's own whose consent allows them now " +
            "(400 otherwise). A published assessment answers 409: reissue it first. With `updated_at`, a save over a " +
            "newer one answers 409.",
          tags,
          params: termChildParams,
          body: assessmentInput,
          response: { 200: childAssessment, ...refusals, 409: errorResponse },
        },
      },
      async (request) => assessments.save(request.caller, request.params.id, request.params.childId, request.body),
    );

    api.post(
      `${childPath}/submit`,
      {
        config: { access: { action: "assessments.record" }, childRecord: assessmentOfChild },
        schema: {
          summary: "Mark a child's assessment ready for review",
          tags,
          params: termChildParams,
          response: { 200: childAssessment, ...refusals, 409: errorResponse },
        },
      },
      async (request) => assessments.submit(request.caller, request.params.id, request.params.childId),
    );

    api.post(
      `${childPath}/publish`,
      {
        config: { access: { action: "assessments.publish" }, childRecord: assessmentOfChild },
        schema: {
          summary: "Publish a child's assessment: a new version of the progress card, and the family is told",
          tags,
          params: termChildParams,
          response: { 200: childAssessment, ...refusals, 409: errorResponse },
        },
      },
      async (request) => {
        await publishing.publishOne(request.caller, request.params.id, request.params.childId);
        return assessments.get(request.caller, request.params.id, request.params.childId);
      },
    );

    api.post(
      `${childPath}/reissue`,
      {
        config: { access: { action: "assessments.publish" }, childRecord: assessmentOfChild },
        schema: {
          summary: "Reopen a published assessment with a reason (kept in its history)",
          tags,
          params: termChildParams,
          body: reissueInput,
          response: { 200: childAssessment, ...refusals, 409: errorResponse },
        },
      },
      async (request) => {
        await publishing.reissue(request.caller, request.params.id, request.params.childId, request.body);
        return assessments.get(request.caller, request.params.id, request.params.childId);
      },
    );

    api.get(
      `${childPath}/history`,
      {
        config: { access: { action: "assessments.read" }, childRecord: assessmentOfChild },
        schema: {
          summary: "Every published version of a child's assessment, with the reason of each reissue",
          tags,
          params: termChildParams,
          response: { 200: assessmentHistory, ...refusals },
        },
      },
      async (request) => publishing.history(request.caller, request.params.id, request.params.childId),
    );
  };
}
