import { errorResponse } from "@sprout/shared/schemas/auth";
import {
  acknowledgementAnswer,
  acknowledgementsPage,
  acknowledgementsQuery,
  assessmentIdParams,
  cardList,
  cardPdfQuery,
  cardPhotoParams,
  childIdParams,
  developmentProgress,
  distribution,
  distributionQuery,
  parentPageAnswer,
  parentPageInput,
  progressCard,
  termIdParams,
} from "@sprout/shared/schemas/development/progress-card";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendStoredFile } from "../../files/serve.ts";
import { languageOf } from "../../i18n/intl.ts";
import { renderProgressCardPdf } from "../../pdf/progress-card.ts";
import { childRecord } from "../privacy/record-reads.ts";
import type { CardAcknowledgements } from "./card-acknowledgements.ts";
import type { Progress } from "./progress.ts";
import type { ProgressCards } from "./progress-card.ts";

const tags = ["development"];
const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** A file name of plain letters for the PDF: the child's name as far as it is ASCII, and the term. */
const pdfName = (child: string, term: string) =>
  `progress-card-${`${child}-${term}`
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase()}.pdf`;

/** The progress card, its PDF and photos, the parent's page and acknowledgement, progress over time. */
export function progressCardRoutes({
  cards,
  acknowledgements,
  progress,
}: {
  cards: ProgressCards;
  acknowledgements: CardAcknowledgements;
  progress: Progress;
}) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/children/:id/progress-cards",
      {
        config: { access: { action: "progressCards.read" }, childRecord: childRecord("assessments", { param: "id" }) },
        schema: {
          summary: "A child's published progress cards, newest term first",
          description: "Whether the family acknowledged each card's current version; at most 50 terms.",
          tags,
          params: childIdParams,
          response: { 200: cardList, ...refusals },
        },
      },
      async (request) => cards.list(request.caller, request.params.id),
    );

    api.get(
      "/progress-cards/:assessmentId",
      {
        config: {
          access: { action: "progressCards.read" },
          childRecord: childRecord("assessments", { field: "child.id" }),
        },
        schema: {
          summary: "A published progress card: the child, the term, attendance, levels, narratives and pages",
          description:
            "The card is the last publication of the assessment. Photos are listed only while every pictured " +
            "child's photo consent allows them. A draft, another family's or another classroom's card is 404.",
          tags,
          params: assessmentIdParams,
          response: { 200: progressCard, ...refusals },
        },
      },
      async (request) => cards.card(request.caller, request.params.assessmentId),
    );

    api.get(
      "/progress-cards/:assessmentId/pdf",
      {
        config: {
          access: { action: "progressCards.read" },
          childRecord: childRecord("assessments", { via: "assessment", param: "assessmentId" }),
        },
        schema: {
          summary: "The progress card as an A4 PDF, in colour or for grey printing",
          tags,
          params: assessmentIdParams,
          querystring: cardPdfQuery,
          produces: ["application/pdf"],
        },
      },
      async (request, reply) => {
        const drawn = await cards.forPdf(request.caller, request.params.assessmentId);
        const pdf = await renderProgressCardPdf(drawn.card, drawn.photos, languageOf(request), request.query.shade);
        const name = pdfName(drawn.card.child.name, drawn.card.term.name);
        return reply
          .type("application/pdf")
          .header("Content-Disposition", `attachment; filename="${name}"`)
          .header("Cache-Control", "no-store")
          .send(pdf);
      },
    );

    api.get(
      "/progress-cards/:assessmentId/photos/:itemId",
      {
        config: {
          access: { action: "progressCards.read" },
          childRecord: childRecord("assessments", { via: "assessment", param: "assessmentId" }),
        },
        schema: {
          summary: "One of the card's photos (JPEG), only while photo consent allows it",
          tags,
          params: cardPhotoParams,
          produces: ["image/jpeg"],
        },
      },
      async (request, reply) =>
        sendStoredFile(reply, await cards.photo(request.caller, request.params.assessmentId, request.params.itemId)),
    );

    api.put(
      "/progress-cards/:assessmentId/parent-page",
      {
        config: { access: { action: "progressCards.respond" } },
        schema: {
          summary: "Write the parent's page of a published card (audited)",
          description: "The answers replace the page; each at most 500 characters, an empty one is left out.",
          tags,
          params: assessmentIdParams,
          body: parentPageInput,
          response: { 200: parentPageAnswer, ...refusals },
        },
      },
      async (request) => cards.writeParentPage(request.caller, request.params.assessmentId, request.body),
    );

    api.post(
      "/progress-cards/:assessmentId/acknowledge",
      {
        config: { access: { action: "progressCards.respond" } },
        schema: {
          summary: "Acknowledge the card's current version (idempotent; audited once)",
          description: "A reissued card is a new version and needs a new acknowledgement.",
          tags,
          params: assessmentIdParams,
          response: { 200: acknowledgementAnswer, ...refusals },
        },
      },
      async (request) => cards.acknowledge(request.caller, request.params.assessmentId),
    );

    api.get(
      "/development/terms/:id/acknowledgements",
      {
        config: { access: { action: "assessments.read" } },
        schema: {
          summary: "A term's published children and whether a guardian acknowledged the current card",
          description: "Those who have not acknowledged first; filter by classroom and by state; paged.",
          tags,
          params: termIdParams,
          querystring: acknowledgementsQuery,
          response: { 200: acknowledgementsPage, ...refusals },
        },
      },
      async (request) => acknowledgements.list(request.caller, request.params.id, request.query),
    );

    api.get(
      "/children/:id/development-progress",
      {
        config: { access: { action: "progressCards.read" }, childRecord: childRecord("assessments", { param: "id" }) },
        schema: {
          summary: "A child's level per competency in each published term (terms in date order)",
          tags,
          params: childIdParams,
          response: { 200: developmentProgress, ...refusals },
        },
      },
      async (request) => progress.overTime(request.caller, request.params.id),
    );

    api.get(
      "/development/terms/:id/distribution",
      {
        config: { access: { action: "assessments.read" } },
        schema: {
          summary: "A term's share of children at each level per domain, and the competencies to plan for",
          description:
            "Published assessments only. Per domain, children are counted at the lower middle of their levels; " +
            "the weakest competencies (most children at the lowest level) link to lesson plans tagged with them.",
          tags,
          params: termIdParams,
          querystring: distributionQuery,
          response: { 200: distribution, ...refusals },
        },
      },
      async (request) => progress.distribution(request.caller, request.params.id, request.query.classroom_id),
    );
  };
}
