import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { ApiError } from "../../api/errors";

/** The spec's sign-in messages: the server's own words when it gave some, else the caller's language's. */
export function loginErrorMessage(error: unknown, say: (id: MessageId) => string): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return say("signIn.networkError");
    return error.hasServerMessage ? error.message : say("signIn.failed");
  }
  return say("signIn.unexpected");
}
