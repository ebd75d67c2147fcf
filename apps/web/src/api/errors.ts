export const NETWORK_ERROR_MESSAGE = "Could not connect to the server.";
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred.";

/**
 * A failed call. `status` 0 means no answer arrived; `code` is the server's code, NETWORK_ERROR
 * when there was no answer, or UNKNOWN when the answer carried no error message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get isNetworkError(): boolean {
    return this.code === "NETWORK_ERROR";
  }

  /** True when the server explained the failure itself (its message is worth showing). */
  get hasServerMessage(): boolean {
    return this.status > 0 && this.code !== "UNKNOWN";
  }
}

export function networkError(): ApiError {
  return new ApiError(0, NETWORK_ERROR_MESSAGE, "NETWORK_ERROR");
}

/** Reads `{error, code, details}` from a failed answer; anything else becomes the generic message. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (body && typeof body === "object" && "error" in body && typeof body.error === "string") {
    const code = "code" in body && typeof body.code === "string" ? body.code : `HTTP_${response.status}`;
    const details = "details" in body && isStringRecord(body.details) ? body.details : undefined;
    return new ApiError(response.status, body.error, code, details);
  }
  return new ApiError(response.status, UNEXPECTED_ERROR_MESSAGE, "UNKNOWN");
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" && value !== null && Object.values(value).every((entry) => typeof entry === "string")
  );
}

/** The message to show for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

/** The server's own words for a refusal it explained (a 4xx with a message), else the screen's fallback. */
export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasServerMessage && error.status < 500 ? error.message : fallback;
}
