import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  Pagination,
  Stack,
  Typography,
} from "@mui/material";
import { type StaffLeaveItem, staffLeaveItem, staffLeaveList } from "@sprout/shared/schemas/attendance";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../api/client";
import { refusalMessage } from "../../api/errors";
import { formatDate } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { useStaffOnDuty } from "./api";
import { LeaveDialog } from "./LeaveDialog";

const STATUS_COLOR = { requested: "warning", approved: "success", declined: "default", cancelled: "default" } as const;

const daysOf = (item: StaffLeaveItem, say: Say) =>
  item.start_date === item.end_date
    ? formatDate(item.start_date)
    : say("attendance.daysRange", { from: formatDate(item.start_date), to: formatDate(item.end_date) });

/**
 * Staff leave of the centre (management) or one's own (everyone else): ask for it or record it,
 * approve or decline requests, withdraw leave that has not ended. Approved leave today is what
 * the Staff Present figures count as on leave.
 */
export function StaffLeaveCard({
  today,
  mayClockIn,
  centerId,
}: {
  today: string;
  mayClockIn: boolean;
  /** The centre chosen by an owner or the super admin; a centre role's own without it. */
  centerId?: string;
}) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const duty = useStaffOnDuty(centerId);
  const list = useQuery({
    queryKey: ["attendance", "leave", centerId ?? "own", page],
    queryFn: () => api.get("/attendance/leave", staffLeaveList, { query: { page, center_id: centerId } }),
    placeholderData: keepPreviousData,
  });
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ["attendance"] });
  const decide = useMutation({
    mutationFn: ({ id, status }: { id: string; status: "approved" | "declined" }) =>
      api.post(`/attendance/leave/${id}/decision`, { status }, staffLeaveItem),
    onSuccess,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => api.post(`/attendance/leave/${id}/cancel`, undefined, staffLeaveItem),
    onSuccess,
  });
  const data = list.data;
  if (!data) return null;
  const manages = data.may_manage;
  // Owners and the super admin take no leave themselves; they record it for the centre's staff.
  if (!manages && !mayClockIn) return null;
  const busy = decide.isPending || cancel.isPending;
  const failure = decide.error ?? cancel.error;

  return (
    <Card variant="outlined" component="section" aria-labelledby="staff-leave-heading">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1 }}>
          <Typography id="staff-leave-heading" variant="h6" component="h2">
            {say("attendance.staffLeave")}
          </Typography>
          {mayClockIn && (
            <Button size="small" variant="outlined" onClick={() => setOpen(true)} sx={{ whiteSpace: "nowrap" }}>
              {say(manages ? "attendance.recordLeave" : "attendance.askLeave")}
            </Button>
          )}
        </Stack>
        {data.items.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {say(manages ? "attendance.noLeaveRecorded" : "attendance.noLeaveAsked")}
          </Typography>
        )}
        <List dense aria-label={say("attendance.staffLeave")}>
          {data.items.map((item) => (
            <ListItem key={item.id} disableGutters divider sx={{ flexWrap: "wrap", gap: 1 }}>
              <ListItemText
                primary={manages ? item.name : daysOf(item, say)}
                secondary={[
                  manages ? daysOf(item, say) : null,
                  say("attendance.leaveTypeLabel", { type: item.leave_type }),
                  item.note || null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
                sx={{ minWidth: 180 }}
              />
              <Box sx={{ display: "flex", gap: 0.5, alignItems: "center", flexWrap: "wrap" }}>
                <Chip
                  size="small"
                  color={STATUS_COLOR[item.status]}
                  label={say("attendance.leaveStatus", { status: item.status })}
                />
                {manages && item.status === "requested" && (
                  <>
                    <Button
                      size="small"
                      disabled={busy}
                      onClick={() => decide.mutate({ id: item.id, status: "approved" })}
                      aria-label={say("attendance.approveLeave", { name: item.name })}
                    >
                      {say("attendance.approve")}
                    </Button>
                    <Button
                      size="small"
                      color="inherit"
                      disabled={busy}
                      onClick={() => decide.mutate({ id: item.id, status: "declined" })}
                      aria-label={say("attendance.declineLeave", { name: item.name })}
                    >
                      {say("attendance.decline")}
                    </Button>
                  </>
                )}
                {(item.status === "requested" || item.status === "approved") && item.end_date >= today && (
                  <Button
                    size="small"
                    color="inherit"
                    disabled={busy}
                    onClick={() => cancel.mutate(item.id)}
                    aria-label={say("attendance.withdrawLeave", { name: item.name })}
                  >
                    {say("attendance.withdraw")}
                  </Button>
                )}
              </Box>
            </ListItem>
          ))}
        </List>
        {failure && <Alert severity="error">{refusalMessage(failure, say("attendance.leaveChangeFailed"))}</Alert>}
        {data.pagination.total_pages > 1 && (
          <Pagination
            count={data.pagination.total_pages}
            page={page}
            onChange={(_, next) => setPage(next)}
            size="small"
            sx={{ mt: 1 }}
          />
        )}
      </CardContent>
      {open && (
        <LeaveDialog
          today={today}
          staff={manages ? (duty.data?.staff ?? []).map(({ user_id, name }) => ({ user_id, name })) : []}
          onClose={() => setOpen(false)}
        />
      )}
    </Card>
  );
}
