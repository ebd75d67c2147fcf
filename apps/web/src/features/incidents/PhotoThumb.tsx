import { Box } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiDownload } from "../../api/client";
import { useSay } from "../../i18n/useSay";

/** A report photo, fetched with the session's headers (a plain <img src> would carry no token). */
export function PhotoThumb({ url }: { url: string }) {
  const say = useSay();
  const photo = useQuery({
    queryKey: ["incident-photo", url],
    queryFn: async () => URL.createObjectURL((await apiDownload(url.replace(/^\/api/, ""))).blob),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => () => void (photo.data && URL.revokeObjectURL(photo.data)), [photo.data]);
  if (!photo.data) return <Box sx={{ width: 96, height: 72, bgcolor: "action.hover", borderRadius: 1 }} />;
  return (
    <Box
      component="img"
      src={photo.data}
      alt={say("incidents.photoAlt")}
      sx={{ width: 96, height: 72, objectFit: "cover", borderRadius: 1 }}
    />
  );
}
