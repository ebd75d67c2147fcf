import { errorResponse } from "@sprout/shared/schemas/auth";
import {
  centerIdParams,
  collectionSettings,
  collectionSettingsInput,
} from "@sprout/shared/schemas/fee-collection/settings";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { CollectionSettingsService } from "./settings.ts";

const tags = ["fee-collection"];
const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** A centre's UPI ID, GSTIN, tax invoice details, series code and reminder switch. */
export function collectionSettingsRoutes({ settings }: { settings: CollectionSettingsService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/centers/:id/collection-settings",
      {
        config: { access: { action: "collection.readSettings" } },
        schema: {
          summary: "A centre's fee collection and tax details (defaults when never set)",
          tags,
          params: centerIdParams,
          response: { 200: collectionSettings, ...refusals },
        },
      },
      async (request) => settings.get(request.caller, request.params.id),
    );

    api.put(
      "/centers/:id/collection-settings",
      {
        config: { access: { action: "collection.editSettings" } },
        schema: {
          summary: "Change a centre's fee collection and tax details (audited)",
          description:
            "The UPI ID is checked against `^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$`; a GSTIN by its " +
            "shape, state code and check character (a wrong one answers 400 naming the right one); the series " +
            "code must be unique among the organisation's centres (409). The body replaces every field: one left " +
            "out or empty is cleared (reminders default to on).",
          tags,
          params: centerIdParams,
          body: collectionSettingsInput,
          response: { 200: collectionSettings, ...refusals, 409: errorResponse },
        },
      },
      async (request) => settings.update(request.caller, request.params.id, request.body),
    );
  };
}
