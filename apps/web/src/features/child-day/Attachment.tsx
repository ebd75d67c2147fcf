import PictureAsPdf from "@mui/icons-material/PictureAsPdf";
import { Box, Button, ButtonBase, Dialog, DialogActions } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiDownload, saveDownload } from "../../api/client";
import { useSay } from "../../i18n/useSay";

const path = (url: string) => url.replace(/^\/api/, "");

/** An attachment fetched with the session's headers: the route checks who may see the child. */
export function Attachment({ file }: { file: { name: string; mime_type: string; url: string } }) {
  const say = useSay();
  const image = file.mime_type.startsWith("image/");
  const [open, setOpen] = useState(false);
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
    <>
      <ButtonBase
        aria-label={say("childDay.openAttachment", { name: file.name })}
        onClick={() => setOpen(true)}
        sx={{ borderRadius: 1 }}
      >
        <Box
          component="img"
          src={photo.data}
          alt={file.name}
          sx={{ width: 120, height: 90, objectFit: "cover", borderRadius: 1 }}
        />
      </ButtonBase>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        maxWidth="md"
        slotProps={{ paper: { "aria-label": file.name } }}
      >
        <Box component="img" src={photo.data} alt={file.name} sx={{ display: "block", maxWidth: "100%" }} />
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{say("childDay.close")}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
