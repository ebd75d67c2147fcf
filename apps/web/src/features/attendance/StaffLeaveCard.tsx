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
import {
  LEAVE_STATUS_LABELS,
  LEAVE_TYPE_LABELS,
  type StaffLeaveItem,
  staffLeaveItem,
  staffLeaveList,
} from "@sprout/shared/schemas/attendance";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../api/client";
import { refusalMessage } from "../../api/errors";
import { formatDate } from "../../format";
import { useStaffOnDuty } from "./api";
import { LeaveDialog } from "./LeaveDialog";

const STATUS_COLOR = { requested: "warning", approved: "success", declined: "default", cancelled: "default" } as const;

const daysOf = (item: StaffLeaveItem) =>
  item.start_date === item.end_date
    ? formatDate(item.start_date)
    : `${formatDate(item.start_date)} to ${formatDate(item.end_date)}`;

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
            Staff leave
          </Typography>
          {mayClockIn && (
            <Button size="small" variant="outlined" onClick={() => setOpen(true)} sx={{ whiteSpace: "nowrap" }}>
              {manages ? "Record leave" : "Ask for leave"}
            </Button>
          )}
        </Stack>
        {data.items.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {manages ? "No leave recorded yet." : "You have not asked for leave yet."}
          </Typography>
        )}
        <List dense aria-label="Staff leave">
          {data.items.map((item) => (
            <ListItem key={item.id} disableGutters divider sx={{ flexWrap: "wrap", gap: 1 }}>
              <ListItemText
                primary={manages ? item.name : daysOf(item)}
                secondary={[manages ? daysOf(item) : null, LEAVE_TYPE_LABELS[item.leave_type], item.note || null]
                  .filter(Boolean)
                  .join(" · ")}
                sx={{ minWidth: 180 }}
              />
              <Box sx={{ display: "flex", gap: 0.5, alignItems: "center", flexWrap: "wrap" }}>
                <Chip size="small" color={STATUS_COLOR[item.status]} label={LEAVE_STATUS_LABELS[item.status]} />
                {manages && item.status === "requested" && (
                  <>
                    <Button
                      size="small"
                      disabled={busy}
                      onClick={() => decide.mutate({ id: item.id, status: "approved" })}
                      aria-label={`Approve ${item.name}'s leave`}
                    >
                      Approve
                    </Button>
                    <Button
                      size="small"
                      color="inherit"
                      disabled={busy}
                      onClick={() => decide.mutate({ id: item.id, status: "declined" })}
                      aria-label={`Decline ${item.name}'s leave`}
                    >
                      Decline
                    </Button>
                  </>
                )}
                {(item.status === "requested" || item.status === "approved") && item.end_date >= today && (
                  <Button
                    size="small"
                    color="inherit"
                    disabled={busy}
                    onClick={() => cancel.mutate(item.id)}
                    aria-label={`Withdraw ${item.name}'s leave`}
                  >
                    Withdraw
                  </Button>
                )}
              </Box>
            </ListItem>
          ))}
        </List>
        {failure && <Alert severity="error">{refusalMessage(failure, "Could not change the leave.")}</Alert>}
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
