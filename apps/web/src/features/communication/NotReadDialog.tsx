import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemText,
  Typography,
  useMediaQuery,
} from "@mui/material";
import type { NoticeNotReadList, SentNotice } from "@sprout/shared/schemas/communication";
import { errorMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { useSay } from "../../i18n/useSay";
import { NOTICE_PAGE_SIZES, tablePage, useNoticeNotRead } from "./noticesApi";

/** Who has not read a notice yet (parent, child, classroom), paged; a parent reading it leaves live. */
export function NotReadDialog({ notice, onClose }: { notice: SentNotice | null; onClose: () => void }) {
  const say = useSay();
  const phone = useMediaQuery((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const paging = usePaging(25);
  const notRead = useNoticeNotRead(notice?.id ?? null, paging.query);
  const close = () => {
    paging.restart();
    onClose();
  };
  const columns: Column<NoticeNotReadList["not_read"][number]>[] = [
    { header: say("communication.parent"), cell: (row) => row.parent_name },
    { header: say("communication.child"), cell: (row) => row.child_name },
    { header: say("communication.classroom"), cell: (row) => row.classroom_name },
  ];

  return (
    <Dialog open={notice !== null} onClose={close} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle sx={{ overflowWrap: "anywhere" }}>
        {say("communication.notReadTitle", { title: notice?.title ?? "" })}
      </DialogTitle>
      <DialogContent>
        {notRead.data && notRead.data.pagination.total_items > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {say("communication.stillToRead", { count: notRead.data.pagination.total_items })}
          </Typography>
        )}
        <PagedTable
          label={say("communication.notReadYet")}
          columns={columns}
          card={(row) => (
            <ListItemText primary={row.parent_name} secondary={`${row.child_name} · ${row.classroom_name}`} />
          )}
          rowKey={(row) => `${row.parent_name}|${row.child_name}`}
          page={notRead.data && tablePage(notRead.data.not_read, notRead.data.pagination)}
          paging={paging}
          pageSizes={NOTICE_PAGE_SIZES}
          loading={notRead.isPending && notice !== null}
          error={notRead.isError ? errorMessage(notRead.error) : undefined}
          empty={say("communication.everyoneRead")}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{say("communication.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
