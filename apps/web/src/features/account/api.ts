import {
  backupCodesResponse,
  forgotPasswordResponse,
  resetStatusResponse,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
  twoFactorVerifyResponse,
  verifyResetCodeResponse,
} from "@sprout/shared/schemas/account";
import { messageResponse } from "@sprout/shared/schemas/auth";
import { z } from "zod";
import { api } from "../../api/client";
import { saveTokens, saveUser } from "../../auth/session";
import type { Say } from "../../i18n/useSay";

/** The spec's time limits: reset calls 10 s, two-factor calls 15 s. */
const RESET_TIMEOUT_MS = 10_000;
const TWO_FACTOR_TIMEOUT_MS = 15_000;
/** Reset calls go without a session: no session headers, no refresh on 401. */
const open = () => ({ authenticated: false, signal: AbortSignal.timeout(RESET_TIMEOUT_MS) }) as const;
const twoFactor = () => ({ signal: AbortSignal.timeout(TWO_FACTOR_TIMEOUT_MS) });

export const accountApi = {
  forgotPassword: (email: string) => api.post("/auth/forgot-password", { email }, forgotPasswordResponse, open()),
  verifyResetCode: (body: { email: string; challengeCode: string; resetId: string }) =>
    api.post("/auth/verify-reset-code", body, verifyResetCodeResponse, open()),
  resetPassword: (body: { email: string; newPassword: string; resetToken: string; resetId: string }) =>
    api.post("/auth/reset-password", body, messageResponse, open()),
  resetStatus: (resetId: string) => api.get(`/auth/reset-status/${resetId}`, resetStatusResponse, open()),

  twoFactorSetup: () => api.get("/auth/2fa/setup", twoFactorSetupResponse, twoFactor()),
  twoFactorVerifySetup: (token: string, password: string) =>
    api.post(
      "/auth/2fa/verify-setup",
      { token, password },
      z.object({ message: z.string(), enabled: z.boolean() }),
      twoFactor(),
    ),
  twoFactorStatus: () => api.get("/auth/2fa/status", twoFactorStatusResponse, twoFactor()),
  twoFactorDisable: (password: string) => api.post("/auth/2fa/disable", { password }, messageResponse, twoFactor()),
  regenerateBackupCodes: (password: string) =>
    api.post("/auth/2fa/regenerate-backup-codes", { password }, backupCodesResponse, twoFactor()),

  /** Completes a two-factor sign-in and stores the session, as a password sign-in does. */
  async completeTwoFactorLogin(sessionToken: string, token: string) {
    const answer = await api.post("/auth/2fa/verify", { sessionToken, token }, twoFactorVerifyResponse, {
      authenticated: false,
      signal: AbortSignal.timeout(TWO_FACTOR_TIMEOUT_MS),
    });
    saveTokens({
      token: answer.token,
      sessionToken: answer.sessionToken,
      csrfToken: answer.csrfToken,
      refreshToken: answer.refreshToken,
    });
    saveUser(answer.user);
    return answer;
  },
};

/** mm:ss for a countdown. */
export function clock(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(safe / 60)).padStart(2, "0")}:${String(safe % 60).padStart(2, "0")}`;
}

/** Saves text as a file through the browser's download flow. */
export function downloadText(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function backupCodesFile(codes: string[], email: string, say: Say) {
  return [
    say("account.codesFileTitle"),
    say("account.codesFileAccount", { email }),
    say("account.codesFileNote"),
    "",
    ...codes,
    "",
  ].join("\n");
}
