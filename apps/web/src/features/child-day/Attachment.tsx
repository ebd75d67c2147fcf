import PictureAsPdf from "@mui/icons-material/PictureAsPdf";
import { Box, Button } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiDownload, saveDownload } from "../../api/client";

const path = (url: string) => url.replace(/^\/api/, "");

/** An attachment fetched with the session's headers: the route checks who may see the child. */
export function Attachment({ file }: { file: { name: string; mime_type: string; url: string } }) {
  const image = file.mime_type.startsWith("image/");
  const photo = useQuery({
    queryKey: ["child-day", "attachment", file.url],
    queryFn: async () => URL.createObjectURL((await apiDownload(path(file.url))).blob),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: image,
  });
  useEffect(() => () => void (photo.data && URL.revokeObjectURL(photo.data)), [photo.data]);
  if (!image)
    return (
      <Button
        size="small"
        variant="outlined"
        startIcon={<PictureAsPdf />}
        onClick={async () => saveDownload(await apiDownload(path(file.url)), file.name)}
      >
        {file.name}
      </Button>
    );
  if (!photo.data) return <Box sx={{ width: 120, height: 90, bgcolor: "action.hover", borderRadius: 1 }} />;
  return (
    <Box
      component="img"
      src={photo.data}
      alt={file.name}
      sx={{ width: 120, height: 90, objectFit: "cover", borderRadius: 1 }}
    />
  );
}
