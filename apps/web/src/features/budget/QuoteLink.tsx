import AttachFileIcon from "@mui/icons-material/AttachFile";
import { Link, Typography } from "@mui/material";
import { useState } from "react";
import { useSay } from "../../i18n/useSay";
import { openFile } from "./api";

/** Opens a request's quote (only its requester and approvers are served it). */
export function QuoteLink({ quote }: { quote: { url: string; name: string } | null }) {
  const say = useSay();
  const [failed, setFailed] = useState(false);
  if (!quote) return null;
  return (
    <Typography variant="body2" sx={{ mt: 0.5, display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }}>
      <AttachFileIcon fontSize="small" aria-hidden />
      <Link
        component="button"
        type="button"
        aria-label={say("budget.viewQuote", { name: quote.name })}
        onClick={() => openFile(quote.url).catch(() => setFailed(true))}
        sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
      >
        {failed ? say("budget.quoteOpenFailed") : say("budget.quoteName", { name: quote.name })}
      </Link>
    </Typography>
  );
}
