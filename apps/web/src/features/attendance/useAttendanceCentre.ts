import { useSearchParams } from "react-router";
import { useSignedInUser } from "../../auth/useSession";
import { useAttendanceCentres } from "./api";

/**
 * The centre the attendance pages are about. A centre role has its own (the server's default);
 * an owner or the super admin has none: with one centre in reach it is that one, with several the
 * one named in the address (`?center=`), and until they choose no call that needs a centre is made.
 */
export function useAttendanceCentre() {
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const own = user.center_id;
  const centres = useAttendanceCentres(!own);
  const list = centres.data ?? [];
  const asked = params.get("center");
  const chosen = own
    ? undefined
    : (list.find((centre) => centre.id === asked) ?? (list.length === 1 ? list[0] : undefined));
  return {
    /** What to send as `center_id` (nothing for a centre role). */
    centerId: chosen?.id,
    /** Whether the calls that need a centre can be made. */
    ready: Boolean(own) || Boolean(chosen),
    /** Whether the caller chooses between centres on these pages. */
    picks: !own && list.length > 1,
    /** The centres in reach, for those without one of their own. */
    centres,
    list,
    /** `?center=` for a link to another attendance page, or "" when there is nothing to carry. */
    search: chosen ? `?center=${chosen.id}` : "",
    choose: (centerId: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set("center", centerId);
        return next;
      }),
  };
}
