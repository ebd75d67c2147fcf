import { Box, Typography } from "@mui/material";
import type { PrivacyNotice } from "@sprout/shared/schemas/privacy";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";

/** The notice as its author wrote it: paragraphs and lines kept. */
export function NoticeText({ notice, maxHeight }: { notice: PrivacyNotice; maxHeight?: number }) {
  const say = useSay();
  return (
    <Box>
      <Typography variant="h6" component="h2">
        {notice.title}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {say("privacy.versionLine", { version: notice.version, date: formatDate(notice.published_at) })}
      </Typography>
      <Typography
        component="div"
        data-testid="notice-body"
        sx={{ whiteSpace: "pre-line", mt: 1.5, maxHeight, overflowY: maxHeight ? "auto" : undefined }}
      >
        {notice.body}
      </Typography>
    </Box>
  );
}
