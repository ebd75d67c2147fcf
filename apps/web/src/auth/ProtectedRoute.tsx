import type { Role } from "@sprout/shared/roles";
import { type ReactNode, useDeferredValue } from "react";
import { Navigate } from "react-router";
import { ApiError } from "../api/errors";
import { AccessDenied } from "../components/AccessDenied";
import { PageLoader } from "../components/PageLoader";
import { useSay } from "../i18n/useSay";
import { useSession } from "./useSession";
import { useVerifiedSession } from "./useVerifiedSession";

interface Props {
  children: ReactNode;
  /** When set, only this role may see the children. */
  requiredRole?: Role;
}

/**
 * Shows its children only to a session the server has just confirmed, or, while the server cannot
 * be reached, to the person signed in on this device: an installed app opened offline shows what
 * it kept rather than the sign-in page. The check runs when the network returns, and a session
 * the server refuses then ends as usual.
 */
export function ProtectedRoute({ children, requiredRole }: Props) {
  const say = useSay();
  const { signedIn, user } = useSession();
  const verification = useVerifiedSession(signedIn);
  // The signed-in screen is a large tree for a phone: it renders in the background, in slices,
  // instead of in one long task that blocks the page when the check answers.
  const checking = useDeferredValue(verification.isPending);

  if (!signedIn) return <Navigate to="/login" replace />;
  const unreachable =
    verification.fetchStatus === "paused" ||
    (verification.error instanceof ApiError && verification.error.isNetworkError);
  if (unreachable && user && verification.data === undefined) {
    return requiredRole && user.role !== requiredRole ? <AccessDenied /> : children;
  }
  if (checking || verification.isPending) return <PageLoader label={say("components.checkingSession")} />;
  if (verification.isError || !user) return <Navigate to="/login" replace />;
  if (requiredRole && user.role !== requiredRole) return <AccessDenied />;
  return children;
}
