import Movie from "@mui/icons-material/Movie";
import { Box, CircularProgress } from "@mui/material";
import { useEffect, useState } from "react";
import { useSay } from "../../i18n/useSay";

/** A clip's poster frame beside its name in the upload list, so the teacher sees what the gallery will. */
export function PosterPreview({ poster, name }: { poster: Blob | null | "pending"; name: string }) {
  const say = useSay();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!(poster instanceof Blob)) return;
    const made = URL.createObjectURL(poster);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [poster]);
  const frame = { width: 48, height: 36, borderRadius: 1, flexShrink: 0 };
  if (poster === "pending")
    return <CircularProgress size={20} aria-label={say("digitalPortfolio.takingPosterOf", { name })} />;
  if (!(poster instanceof Blob) || !url)
    return <Movie color="action" titleAccess={say("digitalPortfolio.noPosterFor", { name })} sx={frame} />;
  return (
    <Box
      component="img"
      src={url}
      alt={say("digitalPortfolio.posterFrameOf", { name })}
      sx={{ ...frame, objectFit: "cover" }}
    />
  );
}
