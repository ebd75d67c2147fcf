import { ApiError } from "../../api/errors";
import type { Say } from "../../i18n/useSay";

/** The spec's dashboard load failure (owner, super admin): the server's message, or the default. */
export function loadError(say: Say, error: unknown): string {
  return error instanceof ApiError
    ? say("dashboard.loadErrorServer", { message: error.message })
    : say("dashboard.loadFailed");
}
