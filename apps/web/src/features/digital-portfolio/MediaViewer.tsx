import DeleteOutline from "@mui/icons-material/DeleteOutline";
import Download from "@mui/icons-material/Download";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from "@mui/material";
import type { PortfolioItem } from "@sprout/shared/schemas/digital-portfolio";
import { useState } from "react";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { downloadItem, useMediaUrl, usePortfolioMutations } from "./api";

/**
 * The full photo or clip of one item, with a download for everyone who may see it and a delete
 * (after a confirmation) for its uploader and the centre's leaders.
 */
export function MediaViewer({ item, onClose }: { item: PortfolioItem; onClose: () => void }) {
  const say = useSay();
  const full = useMediaUrl(item.file_url);
  const poster = useMediaUrl(item.media_type === "video" ? item.thumbnail_url : null);
  const { remove } = usePortfolioMutations();
  const [confirming, setConfirming] = useState(false);
  const label = item.title || item.file_name;
  const confirmDelete = () => remove.mutate(item.id, { onSuccess: onClose });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="media-viewer-title">
      <DialogTitle id="media-viewer-title">{label}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: "grid", placeItems: "center", minHeight: 200, bgcolor: "grey.100" }}>
          {!full.data ? (
            <CircularProgress aria-label={say("digitalPortfolio.loading")} />
          ) : item.media_type === "video" ? (
            <Box
              component="video"
              src={full.data}
              poster={poster.data}
              controls
              sx={{ maxWidth: "100%", maxHeight: "70vh" }}
            />
          ) : (
            <Box component="img" src={full.data} alt={label} sx={{ maxWidth: "100%", maxHeight: "70vh" }} />
          )}
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {item.child_name}
          {item.tagged_children.length > 0 &&
            say("digitalPortfolio.withChildren", { names: item.tagged_children.join(", ") })}
          {item.class_name && ` · ${item.class_name}`}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(item.created_at)}
          {item.uploaded_by_name && say("digitalPortfolio.byUploader", { name: item.uploaded_by_name })}
          {item.capture_method === "camera" && say("digitalPortfolio.cameraMark")}
        </Typography>
        {item.description && <Typography sx={{ mt: 1 }}>{item.description}</Typography>}
      </DialogContent>
      <DialogActions>
        {item.can_delete && (
          <Button color="error" startIcon={<DeleteOutline />} onClick={() => setConfirming(true)} sx={{ mr: "auto" }}>
            {say("digitalPortfolio.delete")}
          </Button>
        )}
        <Button startIcon={<Download />} onClick={() => void downloadItem(item)}>
          {say("digitalPortfolio.download")}
        </Button>
        <Button onClick={onClose}>{say("digitalPortfolio.close")}</Button>
      </DialogActions>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="delete-item-title">
        <DialogTitle id="delete-item-title">{say("digitalPortfolio.deleteItem")}</DialogTitle>
        <DialogContent>
          <Typography>{say("digitalPortfolio.deleteConfirm", { title: label })}</Typography>
          {remove.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {remove.error instanceof Error ? remove.error.message : say("digitalPortfolio.deleteFailed")}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={remove.isPending}>
            {say("digitalPortfolio.cancel")}
          </Button>
          <Button color="error" variant="contained" onClick={confirmDelete} disabled={remove.isPending}>
            {say(remove.isPending ? "digitalPortfolio.deleting" : "digitalPortfolio.delete")}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
