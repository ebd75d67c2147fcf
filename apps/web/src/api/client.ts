import { SCREEN_HEADER, screenOf } from "@sprout/shared/screen";
import type { z } from "zod";
import { readTokens } from "../auth/session";
import { deviceLanguage } from "../i18n/language";
import { reportAnswer, reportNoAnswer } from "../offline/connectivity";
import { ApiError, errorFromResponse, networkError } from "./errors";
import { refreshSession } from "./refresh";

const BASE = "/api";

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A plain value is sent as JSON; FormData goes as multipart with the browser's boundary. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** False for calls made without a session (sign-in): no session headers, no refresh on 401. */
  authenticated?: boolean;
}

function buildUrl(path: string, query: RequestOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${BASE}${path}${search ? `?${search}` : ""}`;
}

function buildInit(options: RequestOptions, token: string | undefined): RequestInit {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  // The screen the call is made from, as a route pattern, for the access log of children's records.
  headers[SCREEN_HEADER] = screenOf(globalThis.location?.pathname ?? "/");
  // Errors come back in the language shown, even before the person's own choice is known.
  headers["Accept-Language"] = deviceLanguage();
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    // Only with a body: the server rejects an empty body that claims to be JSON.
    headers["Content-Type"] = "application/json";
  }
  if (options.authenticated !== false) {
    const { sessionToken, csrfToken } = readTokens();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (sessionToken) headers["X-Session-Token"] = sessionToken;
    if (method !== "GET" && csrfToken) headers["X-CSRF-Token"] = csrfToken;
  }
  return { method, headers, body, signal: options.signal };
}

/**
 * Waits for a task of its own. A screen that mounts starts all its calls in the same task, and
 * each fetch costs the main thread about a millisecond on a phone: a home's ten calls made one
 * long task there, in which a tap waited.
 */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  // A message, not a timer: a hidden tab's timers wait for the next second, and an emergency
  // alert's refetch must not.
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const attempt = async () => {
    await yieldToMain();
    const token = readTokens().token;
    try {
      const response = await fetch(buildUrl(path, options.query), buildInit(options, token));
      reportAnswer();
      return { token, response };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      // No answer at all: the app is offline (queries wait for the network instead of failing).
      reportNoAnswer();
      throw networkError();
    }
  };

  const first = await attempt();
  if (first.response.status !== 401 || options.authenticated === false) return first.response;

  // Another call already refreshed while this one was on the wire: just retry with the new token.
  const current = readTokens().token;
  if (!current || current === first.token) {
    const outcome = await refreshSession();
    if (outcome === "unreachable") throw networkError();
    if (outcome === "ended") return first.response;
  }
  return (await attempt()).response;
}

/** Calls the API and returns the JSON answer, checked against `schema` when one is given. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}, schema?: z.ZodType<T>): Promise<T> {
  const response = await send(path, options);
  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => {
    throw new ApiError(response.status, "The server sent an answer that could not be read.", "BAD_RESPONSE");
  });
  if (!schema) return body as T;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(response.status, "The server sent an answer in an unexpected shape.", "BAD_RESPONSE");
  }
  return parsed.data;
}

export const api = {
  get: <T>(path: string, schema?: z.ZodType<T>, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    apiRequest(path, { ...options, method: "GET" }, schema),
  post: <T>(
    path: string,
    body?: unknown,
    schema?: z.ZodType<T>,
    options: Omit<RequestOptions, "method" | "body"> = {},
  ) => apiRequest(path, { ...options, method: "POST", body }, schema),
  put: <T>(path: string, body?: unknown, schema?: z.ZodType<T>) => apiRequest(path, { method: "PUT", body }, schema),
  patch: <T>(path: string, body?: unknown, schema?: z.ZodType<T>) =>
    apiRequest(path, { method: "PATCH", body }, schema),
  delete: <T>(path: string, schema?: z.ZodType<T>) => apiRequest(path, { method: "DELETE" }, schema),
};

export interface Download {
  blob: Blob;
  /** From Content-Disposition when the server names the file. */
  filename: string | null;
}

/** Fetches a binary answer (PDF, spreadsheet) with the same headers, refresh and error mapping. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Download> {
  const response = await send(path, { ...options, headers: { Accept: "*/*", ...options.headers } });
  if (!response.ok) throw await errorFromResponse(response);
  return { blob: await response.blob(), filename: filenameFrom(response.headers.get("Content-Disposition")) };
}

function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/** Hands a downloaded file to the browser's save flow. */
export function saveDownload({ blob, filename }: Download, fallbackName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename ?? fallbackName;
  link.click();
  // The click starts the download synchronously; the URL can go on the next tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
