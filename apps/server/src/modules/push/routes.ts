import { errorResponse } from "@sprout/shared/schemas/auth";
import {
  notificationPreferences,
  notificationPreferencesUpdate,
  pushDevice,
  pushDeviceList,
  pushPublicKey,
  pushSubscriptionInput,
  pushSubscriptionRemove,
} from "@sprout/shared/schemas/push";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PushService } from "./service.ts";

// Everyone signed in has devices and chooses what reaches them: parents and every staff role.
const ANYONE = { signedIn: true } as const;

export function pushRoutes({ push }: { push: PushService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/push/public-key",
      {
        config: { access: ANYONE },
        schema: {
          summary: "The server's VAPID public key, for PushManager.subscribe",
          tags: ["push"],
          response: { 200: pushPublicKey },
        },
      },
      async () => push.publicKey(),
    );

    api.post(
      "/push/subscriptions",
      {
        config: { access: ANYONE },
        schema: {
          summary: "Keep this browser's push subscription (idempotent per endpoint)",
          tags: ["push"],
          body: pushSubscriptionInput,
          response: { 201: pushDevice, 409: errorResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await push.subscribe(request.caller, request.body, request.headers["user-agent"])),
    );

    api.delete(
      "/push/subscriptions",
      {
        config: { access: ANYONE },
        schema: {
          summary: "Stop pushes to this browser",
          tags: ["push"],
          body: pushSubscriptionRemove,
          response: { 204: z.null().describe("Removed (or it was not the caller's)") },
        },
      },
      async (request, reply) => {
        await push.unsubscribe(request.caller, request.body.endpoint);
        return reply.code(204).send(null);
      },
    );

    api.get(
      "/push/subscriptions",
      {
        config: { access: ANYONE },
        schema: { summary: "The caller's own devices (no keys)", tags: ["push"], response: { 200: pushDeviceList } },
      },
      async (request) => push.devices(request.caller),
    );

    api.get(
      "/notification-preferences",
      {
        config: { access: ANYONE },
        schema: {
          summary: "Which kinds of notification the caller wants pushed",
          tags: ["push"],
          response: { 200: notificationPreferences },
        },
      },
      async (request) => push.preferences(request.caller),
    );

    api.put(
      "/notification-preferences",
      {
        config: { access: ANYONE },
        schema: {
          summary: "Choose which kinds are pushed (emergencies always are)",
          tags: ["push"],
          body: notificationPreferencesUpdate,
          response: { 200: notificationPreferences },
        },
      },
      async (request) => push.updatePreferences(request.caller, request.body),
    );
  };
}
