import { errorResponse } from "@sprout/shared/schemas/auth";
import {
  centerOptionsResponse,
  createUserRequest,
  idParams,
  rolesResponse,
  updateUserRequest,
  userChangeResponse,
  userListResponse,
  usersQuery,
} from "@sprout/shared/schemas/users";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { UserAdminService } from "./admin-service.ts";

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** The address of this app as the caller reached it, for links in e-mails. */
export const appUrlOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** User management (/users): paths under /api/owners as the spec names them. */
export function userRoutes({ userAdmin }: { userAdmin: UserAdminService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/owners/roles",
      {
        config: { access: { action: "users.manage" } },
        schema: { summary: "Roles the caller may give a user", tags: ["users"], response: { 200: rolesResponse } },
      },
      async (request) => userAdmin.roles(request.caller),
    );

    api.get(
      "/owners/centers",
      {
        config: { access: { action: "users.manage" } },
        schema: {
          summary: "Centres the caller may put a user in",
          tags: ["users"],
          response: { 200: centerOptionsResponse },
        },
      },
      async (request) => userAdmin.centers(await request.caller.scope()),
    );

    api.get(
      "/owners",
      {
        config: { access: { action: "users.manage" }, keptAnswer: true },
        schema: {
          summary: "A page of the users the caller manages, searched by name or e-mail",
          tags: ["users"],
          querystring: usersQuery,
          response: { 200: userListResponse, 400: errorResponse },
        },
      },
      async (request) => userAdmin.list(request.caller, request.query),
    );

    api.post(
      "/owners",
      {
        config: { access: { action: "users.manage" } },
        schema: {
          summary: "Add a user",
          tags: ["users"],
          body: createUserRequest,
          response: { 200: userChangeResponse, ...errors },
        },
      },
      async (request) =>
        userAdmin.create(request.caller, await request.caller.scope(), request.body, appUrlOf(request)),
    );

    api.put(
      "/owners/:id",
      {
        config: { access: { action: "users.manage" } },
        schema: {
          summary: "Change a user's details, role or centre",
          tags: ["users"],
          params: idParams,
          body: updateUserRequest,
          response: { 200: userChangeResponse, ...errors },
        },
      },
      async (request) =>
        userAdmin.update(request.caller, await request.caller.scope(), request.params.id, request.body),
    );

    api.put(
      "/owners/:id/toggle-status",
      {
        config: { access: { action: "users.manage" } },
        schema: {
          summary: "Activate or deactivate a user",
          tags: ["users"],
          params: idParams,
          response: { 200: userChangeResponse, ...errors },
        },
      },
      async (request) => userAdmin.toggleStatus(request.caller, request.params.id),
    );

    api.put(
      "/owners/:id/reset-password",
      {
        config: { access: { action: "users.manage" } },
        schema: {
          summary: "Make a user choose a new password at next sign-in (signs them out)",
          tags: ["users"],
          params: idParams,
          response: { 200: userChangeResponse, ...errors },
        },
      },
      async (request) => userAdmin.forcePasswordReset(request.caller, request.params.id),
    );
  };
}
