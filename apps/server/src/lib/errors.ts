/** An error whose message is safe to show to the caller. Anything else answers a generic 500. */
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
export const unauthorized = (message = "Authentication required", code = "UNAUTHORIZED") =>
  new HttpError(401, code, message);
export const forbidden = (message = "You do not have permission to do this") =>
  new HttpError(403, "FORBIDDEN", message);
export const notFound = (what = "Resource") => new HttpError(404, "NOT_FOUND", `${what} not found`);
export const conflict = (message: string) => new HttpError(409, "CONFLICT", message);
