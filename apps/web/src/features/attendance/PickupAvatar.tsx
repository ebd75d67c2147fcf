import { Avatar } from "@mui/material";
import type { PickupPerson } from "@sprout/shared/schemas/attendance";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiDownload } from "../../api/client";
import { useSay } from "../../i18n/useSay";

/**
 * A pick-up person's face, fetched with the session's headers (a plain <img src> would carry no
 * token), or their initial without a photo.
 */
export function PickupAvatar({ person, size = 40 }: { person: PickupPerson; size?: number }) {
  const say = useSay();
  const url = person.photo_url;
  const photo = useQuery({
    queryKey: ["attendance", "pickup-photo", url],
    queryFn: async () => URL.createObjectURL((await apiDownload(url!.replace(/^\/api/, ""))).blob),
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => () => void (photo.data && URL.revokeObjectURL(photo.data)), [photo.data]);
  return (
    <Avatar
      src={url ? photo.data : undefined}
      alt={url ? say("pickup.photoOf", { name: person.name }) : undefined}
      sx={{ width: size, height: size }}
    >
      {person.name.charAt(0)}
    </Avatar>
  );
}
