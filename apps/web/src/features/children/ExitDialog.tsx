import { exitRequest, type Student } from "@sprout/shared/schemas/children";
import { FormattedMessage } from "react-intl";
import { RecordLeavingDialog } from "../../components/RecordLeavingDialog";
import { useStudentActions } from "./api";
import { centreToday } from "./shared";

/** Record that a child has left: an exit date and a reason, kept as an exit record. */
export function ExitDialog({
  student,
  onClose,
  onDone,
}: {
  student: Student | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { exit } = useStudentActions();
  if (!student) return null;
  return (
    <RecordLeavingDialog
      // Another child opens with fresh fields.
      key={student.id}
      schema={exitRequest}
      today={centreToday(student.time_zone ?? "Asia/Kolkata")}
      earliest={student.enrollment_date}
      consequence={
        <FormattedMessage
          id="children.exitConsequence"
          values={{ name: student.name, studentId: student.student_id, b: (chunks) => <strong>{chunks}</strong> }}
        />
      }
      save={(body) => exit.mutateAsync({ id: student.id, body })}
      saving={exit.isPending}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
