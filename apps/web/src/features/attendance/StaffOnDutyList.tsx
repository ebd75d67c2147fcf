import { Chip, List, ListItem, ListItemText } from "@mui/material";
import type { StaffOnDuty } from "@sprout/shared/schemas/attendance";
import { formatTime } from "../../format";

type Person = StaffOnDuty["staff"][number];

const STATUS: Record<Person["status"], { label: string; color: "success" | "info" | "warning" | "default" }> = {
  in: { label: "In", color: "success" },
  out: { label: "Gone home", color: "info" },
  on_leave: { label: "On leave", color: "warning" },
  not_in: { label: "Not in yet", color: "default" },
};

const timesOf = (person: Person) =>
  [
    person.clock_in_at && `In ${formatTime(person.clock_in_at)}`,
    person.clock_out_at && person.status === "out" && `Out ${formatTime(person.clock_out_at)}`,
  ]
    .filter(Boolean)
    .join(" · ");

/** Who is on duty today: each member of staff, their rooms and whether they are in, out or on leave. */
export function StaffOnDutyList({ staff }: { staff: Person[] }) {
  return (
    <List dense aria-label="Staff on duty today" sx={{ width: "100%" }}>
      {staff.map((person) => (
        <ListItem key={person.user_id} disableGutters divider sx={{ gap: 1 }}>
          <ListItemText
            primary={person.name}
            secondary={[person.classrooms.join(", "), timesOf(person)].filter(Boolean).join(" · ") || null}
          />
          <Chip size="small" color={STATUS[person.status].color} label={STATUS[person.status].label} />
        </ListItem>
      ))}
    </List>
  );
}
