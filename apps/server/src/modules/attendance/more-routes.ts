import {
  absenceNoticeInput,
  centreQuery,
  headcount,
  headcountMarkInput,
  kioskChildAction,
  kioskMatches,
  kioskResult,
  kioskSearchQuery,
  kioskStaffAction,
  parentDay,
  pinInput,
  stayParams,
} from "@sprout/shared/schemas/attendance";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { translatorOf } from "../../i18n/answers.ts";
import type { FamilyService } from "./family.ts";
import type { HeadcountService } from "./headcount.ts";
import type { KioskService } from "./kiosk.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 409: error, 429: error };
const tags = ["attendance"];

/** The emergency headcount, the parents' side and the kiosk. */
export function attendanceMoreRoutes(services: {
  headcount: HeadcountService;
  family: FamilyService;
  kiosk: KioskService;
}) {
  const { headcount: count, family, kiosk } = services;
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/attendance/headcount",
      {
        config: { access: { action: "attendance.headcount" } },
        schema: {
          summary: "Who is in now per room (children and staff), and who is accounted for during an alert",
          tags,
          querystring: centreQuery,
          response: { 200: headcount, ...refusals },
        },
      },
      async (request) => count.headcount(request.caller, request.query.center_id),
    );

    api.post(
      "/attendance/headcount/mark",
      {
        config: { access: { action: "attendance.headcount" } },
        schema: {
          summary: "Tick a child as accounted for during the centre's active alert",
          tags,
          body: headcountMarkInput,
          response: { 200: z.object({ student_id: z.uuid(), accounted: z.boolean() }), ...refusals },
        },
      },
      async (request) => count.mark(request.caller, request.body.student_id, request.body.accounted),
    );

    api.get(
      "/parents/attendance/today",
      {
        config: { access: { action: "attendance.noticeAbsence" }, keptAnswer: true },
        schema: {
          summary: "A parent's children today: check-in and check-out times, and their absence notices",
          tags,
          response: { 200: parentDay, ...refusals },
        },
      },
      async (request) => family.today(request.caller),
    );

    api.post(
      "/parents/absence-notices",
      {
        config: { access: { action: "attendance.noticeAbsence" } },
        schema: {
          summary: "Tell the centre in advance that a child will be absent",
          tags,
          body: absenceNoticeInput,
          response: { 201: z.object({ id: z.uuid() }), ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await family.notify(request.caller, request.body)),
    );

    api.delete(
      "/parents/absence-notices/:id",
      {
        config: { access: { action: "attendance.noticeAbsence" } },
        schema: {
          summary: "Withdraw an absence notice",
          tags,
          params: stayParams,
          response: { 200: z.object({ id: z.uuid() }), ...refusals },
        },
      },
      async (request) => family.cancelNotice(request.caller, request.params.id),
    );

    api.put(
      "/attendance/pin",
      {
        config: { access: { signedIn: true } },
        schema: {
          summary: "Set one's own 4-digit kiosk PIN (kept hashed)",
          tags,
          body: pinInput,
          response: { 200: z.object({ has_pin: z.boolean() }), ...refusals },
        },
      },
      async (request) => family.setPin(request.caller, request.body.pin),
    );

    api.get(
      "/attendance/kiosk/search",
      {
        config: { access: { action: "kiosk.operate" } },
        schema: {
          summary: "Kiosk: children and staff of the centre whose name starts with the letters typed",
          tags,
          querystring: kioskSearchQuery,
          response: { 200: kioskMatches, ...refusals },
        },
      },
      async (request) => kiosk.search(request.caller, request.query.center_id, request.query.q),
    );

    api.post(
      "/attendance/kiosk/child",
      {
        config: { access: { action: "kiosk.operate" }, rateLimit: { max: 30, timeWindow: "1 minute" } },
        schema: {
          summary: "Kiosk: a parent checks their own child in or out with their PIN",
          tags,
          body: kioskChildAction,
          response: { 200: kioskResult, ...refusals },
        },
      },
      async (request) => {
        const answer = await kiosk.childAction(request.caller, request.body);
        return { ...answer, message: translatorOf(request)(answer.message) };
      },
    );

    api.post(
      "/attendance/kiosk/staff",
      {
        config: { access: { action: "kiosk.operate" }, rateLimit: { max: 30, timeWindow: "1 minute" } },
        schema: {
          summary: "Kiosk: a member of staff clocks in or out with their PIN",
          tags,
          body: kioskStaffAction,
          response: { 200: kioskResult, ...refusals },
        },
      },
      async (request) => {
        const answer = await kiosk.staffAction(request.caller, request.body.user_id, request.body.pin);
        return { ...answer, message: translatorOf(request)(answer.message) };
      },
    );

    api.post(
      "/attendance/kiosk/unlock",
      {
        config: { access: { action: "kiosk.operate" }, rateLimit: { max: 10, timeWindow: "1 minute" } },
        schema: {
          summary: "Kiosk: leave kiosk mode with the staff member's password",
          tags,
          body: z.object({ password: z.string().min(1).max(200) }),
          response: { 200: z.object({ unlocked: z.boolean() }), ...refusals },
        },
      },
      async (request) => kiosk.unlock(request.caller, request.body.password),
    );
  };
}
