import { type Feature, hasAnyFeature } from "@sprout/shared/roles";
import type { ReactNode } from "react";
import { useSignedInUser } from "../../auth/useSession";
import { AccessDenied } from "../../components/AccessDenied";

/** Shows its children only to roles with one of the features (the server checks again). */
export function RequireFeature({ features, children }: { features: readonly Feature[]; children: ReactNode }) {
  const user = useSignedInUser();
  return hasAnyFeature(user.role, features) ? children : <AccessDenied />;
}
