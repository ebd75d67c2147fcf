import { Chip, List, ListItem, ListItemText } from "@mui/material";
import type { StaffOnDuty } from "@sprout/shared/schemas/attendance";
import { formatTime } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";

type Person = StaffOnDuty["staff"][number];

const STATUS_COLOR: Record<Person["status"], "success" | "info" | "warning" | "default"> = {
  in: "success",
  out: "info",
  on_leave: "warning",
  not_in: "default",
};

const timesOf = (person: Person, say: Say) =>
  [
    person.clock_in_at && say("attendance.inAt", { time: formatTime(person.clock_in_at) }),
    person.clock_out_at &&
      person.status === "out" &&
      say("attendance.outAt", { time: formatTime(person.clock_out_at) }),
  ]
    .filter(Boolean)
    .join(" · ");

/** Who is on duty today: each member of staff, their rooms and whether they are in, out or on leave. */
export function StaffOnDutyList({ staff }: { staff: Person[] }) {
  const say = useSay();
  return (
    <List dense aria-label={say("attendance.staffOnDuty")} sx={{ width: "100%" }}>
      {staff.map((person) => (
        <ListItem key={person.user_id} disableGutters divider sx={{ gap: 1 }}>
          <ListItemText
            primary={person.name}
            secondary={[person.classrooms.join(", "), timesOf(person, say)].filter(Boolean).join(" · ") || null}
          />
          <Chip
            size="small"
            color={STATUS_COLOR[person.status]}
            label={say("attendance.staffStatus", { status: person.status })}
          />
        </ListItem>
      ))}
    </List>
  );
}
