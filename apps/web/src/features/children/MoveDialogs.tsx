import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { assignRequest, promoteRequest, type Student, transferRequest } from "@sprout/shared/schemas/children";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { useCentreClassrooms, useCentres, useStudentActions } from "./api";

type Props = { student: Student | null; onClose: () => void; onDone: (message: string) => void };

function Select({
  label,
  value,
  onChange,
  options,
  disabled,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { id: string; name: string }[];
  disabled?: boolean;
  error?: string;
}) {
  return (
    <TextField
      select
      fullWidth
      required
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Promote or Assign Student: a centre and a class (and the current class, to promote). */
export function PromoteDialog({ student, onClose, onDone }: Props) {
  const say = useSay();
  const { assign, promote } = useStudentActions();
  const centres = useCentres();
  const [mode, setMode] = useState<"assign" | "promote">("assign");
  const [centerId, setCenterId] = useState("");
  const [fromClassId, setFromClassId] = useState("");
  const [classId, setClassId] = useState("");
  const [error, setError] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const rooms = useCentreClassrooms(centerId || undefined);
  const pending = assign.isPending || promote.isPending;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields reset only when another record opens the dialog
  useEffect(() => {
    if (!student) return;
    setMode(student.class_id ? "promote" : "assign");
    setCenterId(student.center_id);
    setFromClassId(student.class_id ?? "");
    setClassId("");
    setError("");
    setFieldErrors({});
  }, [student?.id]);

  /** The body if the shared schema accepts it; else each field's message, and nothing is sent. */
  const checked = <T,>(result: { success: true; data: T } | { success: false; error: z.ZodError }) => {
    setFieldErrors(
      result.success
        ? {}
        : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
    );
    return result.success ? result.data : null;
  };

  const send = () => {
    if (mode === "assign") {
      const body = checked(
        assignRequest.safeParse({ student_id: student!.id, center_id: centerId, class_id: classId }),
      );
      return body && assign.mutateAsync(body);
    }
    const body = checked(
      promoteRequest.safeParse({
        student_id: student!.id,
        center_id: centerId,
        from_class_id: fromClassId,
        to_class_id: classId,
      }),
    );
    return body && promote.mutateAsync(body);
  };

  const submit = async () => {
    setError("");
    try {
      const answer = await send();
      if (answer) onDone(answer.message);
    } catch (caught) {
      setError(
        refusalMessage(
          caught,
          mode === "assign" ? say("children.moveAssignFailed") : say("children.movePromoteFailed"),
        ),
      );
    }
  };

  const roomOptions = (rooms.data ?? []).map((room) => ({ id: room.id, name: room.name }));
  return (
    <Dialog
      open={Boolean(student)}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="promote-title"
    >
      <DialogTitle id="promote-title">{say("children.promoteTitle")}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography>
            <strong>{student?.name}</strong> ({student?.student_id}) ·{" "}
            {student?.classroom_name ?? say("children.unassigned")}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <ToggleButtonGroup
            exclusive
            size="small"
            value={mode}
            onChange={(_, value) => value && setMode(value)}
            aria-label={say("children.action")}
          >
            <ToggleButton value="assign">{say("children.assign")}</ToggleButton>
            <ToggleButton value="promote">{say("children.actionPromote")}</ToggleButton>
          </ToggleButtonGroup>
          <Select
            label={say("children.centre")}
            value={centerId}
            onChange={(value) => {
              setCenterId(value);
              setClassId("");
              setFromClassId("");
            }}
            options={(centres.data ?? []).map((centre) => ({ id: centre.id, name: centre.center_name }))}
            error={fieldErrors.center_id}
          />
          {mode === "promote" && (
            <Select
              label={say("children.currentClass")}
              value={fromClassId}
              onChange={setFromClassId}
              options={roomOptions}
              error={fieldErrors.from_class_id}
            />
          )}
          <Select
            label={mode === "promote" ? say("children.newClass") : say("children.class")}
            value={classId}
            onChange={setClassId}
            options={roomOptions}
            error={fieldErrors.class_id ?? fieldErrors.to_class_id}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {say("children.cancel")}
        </Button>
        <Button variant="contained" onClick={submit} disabled={pending}>
          {pending
            ? say("children.saving")
            : mode === "assign"
              ? say("children.assignStudent")
              : say("children.promoteStudent")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Transfer Student to Another Center: the current centre is not offered. */
export function TransferDialog({ student, onClose, onDone }: Props) {
  const say = useSay();
  const { transfer } = useStudentActions();
  const centres = useCentres();
  const [centerId, setCenterId] = useState("");
  const [classId, setClassId] = useState("");
  const [error, setError] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const rooms = useCentreClassrooms(centerId || undefined);
  const others = (centres.data ?? []).filter((centre) => centre.id !== student?.center_id);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields reset only when another record opens the dialog
  useEffect(() => {
    if (!student) return;
    setCenterId("");
    setClassId("");
    setError("");
    setFieldErrors({});
  }, [student?.id]);

  const submit = async () => {
    setError("");
    const body = transferRequest.safeParse({
      student_id: student!.id,
      from_center_id: student!.center_id,
      to_center_id: centerId,
      to_class_id: classId,
    });
    if (!body.success) {
      setFieldErrors(Object.fromEntries(body.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setFieldErrors({});
    try {
      const answer = await transfer.mutateAsync(body.data);
      onDone(answer.message);
    } catch (caught) {
      setError(refusalMessage(caught, say("children.moveTransferFailed")));
    }
  };

  return (
    <Dialog
      open={Boolean(student)}
      onClose={transfer.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="transfer-title"
    >
      <DialogTitle id="transfer-title">{say("children.transferTitle")}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography>
            <strong>{student?.name}</strong> ({student?.student_id}) · {student?.center_name}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          {centres.isSuccess && others.length === 0 ? (
            <Alert severity="info">{say("children.noOtherCentre")}</Alert>
          ) : (
            <>
              <Select
                label={say("children.newCentre")}
                value={centerId}
                onChange={(value) => {
                  setCenterId(value);
                  setClassId("");
                }}
                options={others.map((centre) => ({ id: centre.id, name: centre.center_name }))}
                error={fieldErrors.to_center_id}
              />
              <Select
                label={say("children.newClass")}
                value={classId}
                onChange={setClassId}
                options={(rooms.data ?? []).map((room) => ({ id: room.id, name: room.name }))}
                disabled={!centerId}
                error={fieldErrors.to_class_id}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={transfer.isPending}>
          {say("children.cancel")}
        </Button>
        <Button variant="contained" onClick={submit} disabled={transfer.isPending || others.length === 0}>
          {transfer.isPending ? say("children.transferring") : say("children.actionTransfer")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
