import type { SessionUser } from "@sprout/shared/schemas/auth";
import { useSyncExternalStore } from "react";
import { readSnapshot, type SessionSnapshot, subscribe } from "./session";

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, readSnapshot);
}

/** The signed-in user; only for components rendered inside ProtectedRoute, which guarantees one. */
export function useSignedInUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error("useSignedInUser was used outside a verified session");
  return user;
}
