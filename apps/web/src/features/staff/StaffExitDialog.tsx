import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import { type StaffMember, staffExitRequest } from "@sprout/shared/schemas/staff";
import { FormattedMessage } from "react-intl";
import { RecordLeavingDialog } from "../../components/RecordLeavingDialog";
import { centreToday } from "../children/shared";
import { useStaffMutations } from "./api";

/** A staff member leaving, as a child does: exit date and reason; their sign-in ends with it. */
export function StaffExitDialog({
  member,
  onClose,
  onDone,
}: {
  member: StaffMember;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { exit } = useStaffMutations();
  return (
    <RecordLeavingDialog
      schema={staffExitRequest}
      // The server checks "not in the future" against the centre's own day; this is the same zone.
      today={centreToday(DEFAULT_TIME_ZONE)}
      earliest={member.joining_date}
      consequence={
        <FormattedMessage
          id="staff.exitConsequence"
          values={{
            name: `${member.first_name} ${member.last_name}`,
            employeeId: member.employee_id,
            b: (chunks) => <strong>{chunks}</strong>,
          }}
        />
      }
      save={(body) => exit.mutateAsync({ id: member.id, body })}
      saving={exit.isPending}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
