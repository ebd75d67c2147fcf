import { exitRequest, type Student } from "@sprout/shared/schemas/children";
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
        <>
          <strong>{student.name}</strong> ({student.student_id}) will be marked as left, and an exit record kept.
        </>
      }
      save={(body) => exit.mutateAsync({ id: student.id, body })}
      saving={exit.isPending}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
