import { accountPreferences, accountPreferencesUpdate } from "@sprout/shared/schemas/account";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AccountService } from "./service.ts";

// Everyone signed in chooses for themselves; nobody chooses for another.
const ANYONE = { signedIn: true } as const;

export function accountPreferencesRoutes({ account }: { account: AccountService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/account/preferences",
      {
        config: { access: ANYONE },
        schema: {
          summary: "The caller's own preferences (language)",
          tags: ["account"],
          response: { 200: accountPreferences },
        },
      },
      async (request) => account.preferences(request.caller),
    );

    api.put(
      "/account/preferences",
      {
        config: { access: ANYONE },
        schema: {
          summary: "Choose the language Sprout speaks to the caller (screens, e-mails, pushes, PDFs)",
          tags: ["account"],
          body: accountPreferencesUpdate,
          response: { 200: accountPreferences },
        },
      },
      async (request) => account.updatePreferences(request.caller, request.body),
    );
  };
}
