import { type LoginRequest, loginResponse, type SessionUser, verifyResponse } from "@sprout/shared/schemas/auth";
import { api } from "../api/client";
import { endSession, saveTokens, saveUser } from "./session";

export type LoginOutcome =
  | { kind: "signed-in"; user: SessionUser }
  | { kind: "two-factor"; sessionToken: string; expiresIn: number };

/** Signs in and stores the session; a two-factor sign-in stores nothing until the code is checked. */
export async function login(credentials: LoginRequest): Promise<LoginOutcome> {
  const answer = await api.post("/auth/login", credentials, loginResponse, { authenticated: false });
  if (answer.require2FA) {
    return { kind: "two-factor", sessionToken: answer.sessionToken, expiresIn: answer.expiresIn };
  }
  const { token, csrfToken, refreshToken, user } = answer;
  if (!token || !csrfToken || !refreshToken || !user) {
    throw new Error("The sign-in answer is missing its session");
  }
  saveTokens({ token, sessionToken: answer.sessionToken, csrfToken, refreshToken });
  saveUser(user);
  return { kind: "signed-in", user };
}

/** Asks the server whether the session is live, and keeps the fresh copy of the user. */
export async function verifySession(): Promise<SessionUser> {
  const { user } = await api.get("/auth/verify", verifyResponse);
  saveUser(user);
  return user;
}

/** Ends the session on the server when it can; the browser forgets it either way. */
export async function logout() {
  try {
    await api.post("/auth/logout");
  } catch {
    // The session is forgotten locally regardless; a server that missed this call expires it.
  } finally {
    endSession();
  }
}
