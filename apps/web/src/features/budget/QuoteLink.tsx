import AttachFileIcon from "@mui/icons-material/AttachFile";
import { Link, Typography } from "@mui/material";
import { useState } from "react";
import { openFile } from "./api";

/** Opens a request's quote (only its requester and approvers are served it). */
export function QuoteLink({ quote }: { quote: { url: string; name: string } | null }) {
  const [failed, setFailed] = useState(false);
  if (!quote) return null;
  return (
    <Typography variant="body2" sx={{ mt: 0.5, display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }}>
      <AttachFileIcon fontSize="small" aria-hidden />
      <Link
        component="button"
        type="button"
        aria-label={`View quote ${quote.name}`}
        onClick={() => openFile(quote.url).catch(() => setFailed(true))}
        sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
      >
        {failed ? "Could not open the quote" : `Quote: ${quote.name}`}
      </Link>
    </Typography>
  );
}
