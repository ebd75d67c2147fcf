import { ApiError } from "../../api/errors";

/** The spec's sign-in messages: the server's own words when it gave some, else a fallback. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return "Could not connect to the server. Please try again later.";
    return error.hasServerMessage ? error.message : "Login failed";
  }
  return "An unexpected error occurred.";
}
