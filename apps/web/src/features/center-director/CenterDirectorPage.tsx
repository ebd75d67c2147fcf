import { useSignedInUser } from "../../auth/useSession";
import { CenterDirectorDashboard } from "./CenterDirectorDashboard";

/** /center-director: the dashboard of one of an owner's or super admin's centres. */
export function CenterDirectorPage() {
  return <CenterDirectorDashboard user={useSignedInUser()} />;
}
