import { ApiError } from "../../api/errors";

/** The spec's dashboard load failure (owner, super admin): the server's message, or the default. */
export function loadError(error: unknown): string {
  return error instanceof ApiError ? `Error loading dashboard: ${error.message}` : "Failed to load dashboard data";
}
