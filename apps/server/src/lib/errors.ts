import { english } from "@sprout/shared/i18n/english";

/**
 * An error whose message is safe to show to the caller. Anything else answers a generic 500.
 * Messages are English from the catalogues; the error handler answers them in the caller's language.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: Record<string, string>) =>
  new HttpError(400, "VALIDATION_ERROR", message, details);
export const unauthorized = (message = english("server.authenticationRequired"), code = "UNAUTHORIZED") =>
  new HttpError(401, code, message);
export const forbidden = (message = english("server.noPermission")) => new HttpError(403, "FORBIDDEN", message);
/** "Child not found": each thing's sentence is in the catalogues (`server.childNotFound`, ...). */
export const notFound = (thing = "Resource") =>
  new HttpError(404, "NOT_FOUND", english("server.thingNotFound", { thing }));
export const conflict = (message: string) => new HttpError(409, "CONFLICT", message);
