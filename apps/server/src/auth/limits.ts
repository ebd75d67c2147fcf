import { LOGIN_MAX_DELAY_SECONDS, LOGIN_MAX_FAILURES } from "@sprout/shared/constants";
import {
  EMAILED_CODE_REQUESTS_PER_WINDOW,
  EMAILED_CODE_WINDOW_MINUTES,
  RESET_REQUEST_WINDOW_MINUTES,
  RESET_REQUESTS_PER_WINDOW,
  TWO_FACTOR_LOCK_MINUTES,
  TWO_FACTOR_MAX_FAILURES,
} from "@sprout/shared/schemas/account";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../lib/errors.ts";
import type { AttemptPolicy } from "./attempts.ts";

const DAY = 86_400;

/**
 * Sign-in per address (known or not): after the free attempts each further one waits twice as
 * long (1 s, 2 s, 4 s, ... up to 15 minutes). The owner is slowed, never locked out for long,
 * and a success clears the count.
 */
export const LOGIN_POLICY: AttemptPolicy = {
  free: LOGIN_MAX_FAILURES,
  baseSeconds: 1,
  growth: 2,
  capSeconds: LOGIN_MAX_DELAY_SECONDS,
  idleSeconds: DAY,
};

/**
 * Failed sign-ins per network address, whatever the e-mail: spraying many accounts from one
 * place pauses that place after 50 failures in an hour, for a minute and then doubling.
 */
export const NETWORK_LOGIN_POLICY: AttemptPolicy = {
  free: 50,
  baseSeconds: 60,
  growth: 2,
  capSeconds: 3600,
  idleSeconds: 3600,
};

/** Wrong second-factor codes (and password confirmations) per user: a pause after five. */
export const TWO_FACTOR_POLICY: AttemptPolicy = {
  free: TWO_FACTOR_MAX_FAILURES,
  baseSeconds: TWO_FACTOR_LOCK_MINUTES * 60,
  growth: 1,
  capSeconds: TWO_FACTOR_LOCK_MINUTES * 60,
  idleSeconds: TWO_FACTOR_LOCK_MINUTES * 60,
};

/** Reset codes requested per address. */
export const RESET_REQUEST_POLICY: AttemptPolicy = {
  free: RESET_REQUESTS_PER_WINDOW,
  baseSeconds: RESET_REQUEST_WINDOW_MINUTES * 60,
  growth: 1,
  capSeconds: RESET_REQUEST_WINDOW_MINUTES * 60,
  idleSeconds: RESET_REQUEST_WINDOW_MINUTES * 60,
};

/** One-time codes e-mailed per user (for an invoice download): a pause after five in 15 minutes. */
export const EMAILED_CODE_REQUEST_POLICY: AttemptPolicy = {
  free: EMAILED_CODE_REQUESTS_PER_WINDOW,
  baseSeconds: EMAILED_CODE_WINDOW_MINUTES * 60,
  growth: 1,
  capSeconds: EMAILED_CODE_WINDOW_MINUTES * 60,
  idleSeconds: EMAILED_CODE_WINDOW_MINUTES * 60,
};

/** A 429 that says when to come back (in the body's details and the Retry-After header). */
export function tooManyAttempts(code: string, message: string, retryAfterSeconds: number) {
  return new HttpError(429, code, message, { retryAfter: String(Math.max(1, retryAfterSeconds)) });
}

export const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Copies a refusal's wait into the Retry-After header of the routes of this plugin. */
export function addRetryAfterHeader(app: FastifyInstance) {
  app.addHook("onError", async (_request, reply, error) => {
    const wait = error instanceof HttpError ? error.details?.retryAfter : undefined;
    if (wait) reply.header("retry-after", wait);
  });
}
