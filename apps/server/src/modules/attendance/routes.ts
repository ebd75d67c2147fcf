import {
  absentInput,
  attendanceRooms,
  centreQuery,
  checkInInput,
  checkOutInput,
  childParams,
  correctionInput,
  pickupList,
  pickupParams,
  pickupPersonInput,
  ratioSettingsAnswer,
  ratioSettingsInput,
  roster,
  rosterQuery,
  staffOnDuty,
  stayParams,
  undoInput,
} from "@sprout/shared/schemas/attendance";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { childRecord } from "../privacy/record-reads.ts";
import type { DutyService } from "./duty.ts";
import type { PickupsService } from "./pickups.ts";
import type { RoomsService } from "./rooms.ts";
import type { RosterService } from "./roster.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 409: error };
const tags = ["attendance"];
const tap = z.object({
  status: z.enum(["in", "out", "absent"]),
  check_in_at: z.string().optional(),
  check_out_at: z.string().optional(),
});
const shift = z.object({ status: z.enum(["in", "out"]), at: z.string() });

export interface AttendanceServices {
  roster: RosterService;
  pickups: PickupsService;
  rooms: RoomsService;
  duty: DutyService;
}

/** The roster, pick-up lists, rooms with ratios and staff on duty. */
export function attendanceRoutes({ roster: rosterService, pickups, rooms, duty }: AttendanceServices) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/attendance/rooms",
      {
        config: { access: { action: "attendance.take" } },
        schema: {
          summary: "The centre's rooms today: children in, staff in and staff required by the ratio",
          tags,
          querystring: centreQuery,
          response: { 200: attendanceRooms, ...refusals },
        },
      },
      async (request) => rooms.rooms(request.caller, request.query.center_id),
    );

    api.get(
      "/attendance/roster",
      {
        config: { access: { action: "attendance.take" } },
        schema: {
          summary: "Today's roster of a classroom (the centre's date in its time zone)",
          tags,
          querystring: rosterQuery,
          response: { 200: roster, ...refusals },
        },
      },
      async (request) => rosterService.roster(request.caller, request.query.classroom_id),
    );

    api.post(
      "/attendance/check-in",
      {
        config: { access: { action: "attendance.take" } },
        schema: { summary: "Check a child in", tags, body: checkInInput, response: { 200: tap, ...refusals } },
      },
      async (request) =>
        rosterService.checkIn(request.caller, request.body.student_id, "staff", request.body.tapped_at),
    );

    api.post(
      "/attendance/check-out",
      {
        config: { access: { action: "attendance.take" } },
        schema: {
          summary: "Check a child out, saying who collected them (someone off the list needs a note)",
          tags,
          body: checkOutInput,
          response: { 200: tap, ...refusals },
        },
      },
      async (request) => rosterService.checkOut(request.caller, request.body),
    );

    api.post(
      "/attendance/absent",
      {
        config: { access: { action: "attendance.take" } },
        schema: {
          summary: "Mark a child absent today with a reason",
          tags,
          body: absentInput,
          response: { 200: tap, ...refusals },
        },
      },
      async (request) => rosterService.markAbsent(request.caller, request.body),
    );

    api.post(
      "/attendance/undo",
      {
        config: { access: { action: "attendance.take" } },
        schema: {
          summary: "Take back one's own tap of the last few minutes",
          tags,
          body: undoInput,
          response: { 200: z.object({ undone: undoInput.shape.action }), ...refusals },
        },
      },
      async (request) => rosterService.undo(request.caller, request.body.student_id, request.body.action),
    );

    api.put(
      "/attendance/stays/:id",
      {
        config: { access: { action: "attendance.take" } },
        schema: {
          summary: "Correct a check-in or check-out time, with a reason (audited)",
          tags,
          params: stayParams,
          body: correctionInput,
          response: {
            200: z.object({ id: z.uuid(), check_in_at: z.string(), check_out_at: z.string().nullable() }),
            ...refusals,
          },
        },
      },
      async (request) => rosterService.correct(request.caller, request.params.id, request.body),
    );

    api.get(
      "/attendance/children/:studentId/pickup-people",
      {
        config: {
          access: { action: "pickupPeople.read" },
          // Who may collect a child is part of the child's record: staff reads go to the access log.
          childRecord: childRecord("pickups", { param: "studentId" }),
        },
        schema: {
          summary: "Who may collect a child: guardians and the people added to the list",
          tags,
          params: childParams,
          response: { 200: pickupList, ...refusals },
        },
      },
      async (request) => pickups.list(request.caller, request.params.studentId),
    );

    api.post(
      "/attendance/children/:studentId/pickup-people",
      {
        config: { access: { action: "pickupPeople.manage" } },
        schema: {
          summary: "Add someone to a child's pick-up list (admins, and parents for their own children)",
          tags,
          params: childParams,
          body: pickupPersonInput,
          response: { 201: pickupList, ...refusals },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await pickups.add(request.caller, request.params.studentId, request.body)),
    );

    api.delete(
      "/attendance/children/:studentId/pickup-people/:id",
      {
        config: { access: { action: "pickupPeople.manage" } },
        schema: {
          summary: "Remove someone from a child's pick-up list",
          tags,
          params: pickupParams,
          response: { 200: pickupList, ...refusals },
        },
      },
      async (request) => pickups.remove(request.caller, request.params.studentId, request.params.id),
    );

    api.get(
      "/attendance/ratio-settings",
      {
        config: { access: { action: "attendance.take" } },
        schema: {
          summary: "Children per adult for each age band and each room's band",
          tags,
          querystring: centreQuery,
          response: { 200: ratioSettingsAnswer, ...refusals },
        },
      },
      async (request) => rooms.settings(request.caller, request.query.center_id),
    );

    api.put(
      "/attendance/ratio-settings",
      {
        config: { access: { action: "attendance.setRatios" } },
        schema: {
          summary: "Change the centre's ratios and the rooms' age bands",
          tags,
          body: ratioSettingsInput,
          response: { 200: ratioSettingsAnswer, ...refusals },
        },
      },
      async (request) => rooms.saveSettings(request.caller, request.body),
    );

    api.get(
      "/attendance/staff",
      {
        config: { access: { action: "attendance.take" } },
        schema: {
          summary: "Staff on duty today: who is in, out, on leave, and the Staff Present figures",
          tags,
          querystring: centreQuery,
          response: { 200: staffOnDuty, ...refusals },
        },
      },
      async (request) => duty.onDuty(request.caller, request.query.center_id),
    );

    api.post(
      "/attendance/clock-in",
      {
        config: { access: { action: "staffAttendance.clock" } },
        schema: { summary: "Clock oneself in", tags, response: { 200: shift, ...refusals } },
      },
      async (request) => duty.clockIn(request.caller.userId),
    );

    api.post(
      "/attendance/clock-out",
      {
        config: { access: { action: "staffAttendance.clock" } },
        schema: { summary: "Clock oneself out", tags, response: { 200: shift, ...refusals } },
      },
      async (request) => duty.clockOut(request.caller.userId),
    );
  };
}
