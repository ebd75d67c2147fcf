import {
  Alert,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Pagination,
  Stack,
  Typography,
  useMediaQuery,
} from "@mui/material";
import type { ReceivedNotice } from "@sprout/shared/schemas/communication";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { errorMessage } from "../../api/errors";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useMarkNoticeRead, useMyNotices } from "./noticesApi";

/** /notices (parents): what the centre sent to the family; opening one tells the centre it was read. */
export function NoticesPage() {
  const say = useSay();
  const [page, setPage] = useState(1);
  const notices = useMyNotices(page);
  const rows = notices.data?.notices ?? [];
  const [params, setParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = rows.find((row) => row.id === openId) ?? null;
  const { mutate: markRead } = useMarkNoticeRead();

  // A bell line links to /notices?open=<id>: open that notice, and keep the address clean.
  const wanted = params.get("open");
  useEffect(() => {
    if (!wanted) return;
    setOpenId(wanted);
    setParams({}, { replace: true });
  }, [wanted, setParams]);
  // Opening a notice reads it (once: the refetched list then says it is read).
  const unreadOpen = open !== null && !open.read ? open.id : null;
  useEffect(() => {
    if (unreadOpen) markRead(unreadOpen);
  }, [unreadOpen, markRead]);

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
        {say("communication.noticesTitle")}
      </Typography>
      {notices.isPending && <LinearProgress aria-label={say("communication.loadingNotices")} />}
      {notices.isError && <Alert severity="error">{errorMessage(notices.error)}</Alert>}
      {notices.data && rows.length === 0 && (
        <Typography color="text.secondary">{say("communication.noNotices")}</Typography>
      )}
      <Stack
        spacing={1}
        component="ul"
        aria-label={say("communication.noticesTitle")}
        sx={{ listStyle: "none", p: 0, m: 0 }}
      >
        {rows.map((notice) => (
          <Card
            key={notice.id}
            component="li"
            variant="outlined"
            sx={{ borderLeft: notice.read ? undefined : 4, borderLeftColor: "primary.main" }}
          >
            <CardActionArea
              onClick={() => setOpenId(notice.id)}
              aria-label={notice.read ? notice.title : say("communication.noticeUnread", { title: notice.title })}
            >
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "flex-start" }}>
                  <Typography
                    variant="subtitle1"
                    component="h2"
                    sx={{ fontWeight: notice.read ? 500 : 700, overflowWrap: "anywhere" }}
                  >
                    {notice.title}
                  </Typography>
                  {!notice.read && <Chip size="small" color="primary" label={say("communication.new")} />}
                </Stack>
                <Typography variant="caption" color="text.secondary">
                  {notice.center_name} · {formatDateTime(notice.sent_at)}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap sx={{ mt: 0.5 }}>
                  {notice.message}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
      {(notices.data?.pagination.total_pages ?? 0) > 1 && (
        <Pagination page={page} count={notices.data!.pagination.total_pages} onChange={(_, value) => setPage(value)} />
      )}
      <NoticeDialog notice={open} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

function NoticeDialog({ notice, onClose }: { notice: ReceivedNotice | null; onClose: () => void }) {
  const say = useSay();
  const phone = useMediaQuery((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  return (
    <Dialog open={notice !== null} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      {notice && (
        <>
          <DialogTitle sx={{ overflowWrap: "anywhere" }}>{notice.title}</DialogTitle>
          <DialogContent>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
              {notice.center_name} · {formatDateTime(notice.sent_at)}
            </Typography>
            <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{notice.message}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{say("communication.close")}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
