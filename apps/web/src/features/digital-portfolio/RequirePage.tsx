import { canOpen } from "@sprout/shared/navigation";
import type { ReactNode } from "react";
import { useSignedInUser } from "../../auth/useSession";
import { AccessDenied } from "../../components/AccessDenied";

/** Shows a page only to roles whose navigation holds it (these pages are granted by role; the server checks again). */
export function RequirePage({ path, children }: { path: string; children: ReactNode }) {
  const user = useSignedInUser();
  return canOpen(user.role, path) ? children : <AccessDenied />;
}
