import multipart from "@fastify/multipart";
import {
  PICKUP_PHOTO_MAX_BYTES,
  PICKUP_PHOTO_MESSAGES,
  pickupList,
  pickupParams,
} from "@sprout/shared/schemas/attendance";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { readMultipart } from "../../files/multipart.ts";
import { sendStoredFile } from "../../files/serve.ts";
import { badRequest } from "../../lib/errors.ts";
import { childRecord } from "../privacy/record-reads.ts";
import type { PickupPhotoService } from "./pickup-photos.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 413: error, 415: error };
const tags = ["attendance"];

/** The photo of someone on a child's pick-up list: set or replace, remove, and see it. */
export function pickupPhotoRoutes({ pickupPhotos }: { pickupPhotos: PickupPhotoService }) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { fileSize: PICKUP_PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 100 },
    });
    const api = app.withTypeProvider<ZodTypeProvider>();
    const path = "/attendance/children/:studentId/pickup-people/:id/photo";

    api.put(
      path,
      {
        config: { access: { action: "pickupPeople.manage" } },
        schema: {
          summary: "Set or replace a pick-up person's photo (PNG, JPEG, GIF or WebP; re-encoded without metadata)",
          tags,
          consumes: ["multipart/form-data"],
          params: pickupParams,
          response: { 200: pickupList, ...refusals },
        },
      },
      async (request) => {
        const required = () => badRequest(PICKUP_PHOTO_MESSAGES.required, { photo: PICKUP_PHOTO_MESSAGES.required });
        if (!request.isMultipart()) throw required();
        const { file } = await readMultipart(request, { fileField: "photo", tooLarge: PICKUP_PHOTO_MESSAGES.tooLarge });
        if (!file) throw required();
        return pickupPhotos.upload(request.caller, request.params.studentId, request.params.id, file.content);
      },
    );

    api.delete(
      path,
      {
        config: { access: { action: "pickupPeople.manage" } },
        schema: {
          summary: "Remove a pick-up person's photo",
          tags,
          params: pickupParams,
          response: { 200: pickupList, ...refusals },
        },
      },
      async (request) => pickupPhotos.remove(request.caller, request.params.studentId, request.params.id),
    );

    api.get(
      path,
      {
        // A face of someone allowed to collect the child: staff views go to the access log.
        config: {
          access: { action: "pickupPeople.read" },
          childRecord: childRecord("pickups", { param: "studentId" }),
        },
        schema: { summary: "A pick-up person's photo, for those who may see the child", tags, params: pickupParams },
      },
      async (request, reply) =>
        sendStoredFile(reply, await pickupPhotos.open(request.caller, request.params.studentId, request.params.id)),
    );
  };
}
