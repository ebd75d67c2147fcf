import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@mui/material";
import {
  CALENDAR_EVENT_KIND_LABELS,
  CALENDAR_EVENT_KINDS,
  type CalendarEvent,
  calendarEventInput,
} from "@sprout/shared/schemas/center-director";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { FormDialog } from "../../components/form/FormDialog";
import { FormDateField, FormSelectField, FormTextField } from "../../components/form/fields";
import { useDirectorMutations } from "./api";

type Form = z.input<typeof calendarEventInput>;
const KIND_OPTIONS = CALENDAR_EVENT_KINDS.map((value) => ({ value, label: CALENDAR_EVENT_KIND_LABELS[value] }));

/** Add or change a centre calendar event: a safety drill, a meeting or something else. */
export function CalendarEventDialog({
  event,
  centerId,
  today,
  onClose,
}: {
  event: CalendarEvent | null;
  centerId: string | undefined;
  today: string;
  onClose: () => void;
}) {
  const { saveEvent } = useDirectorMutations();
  const form = useForm<Form, unknown, z.output<typeof calendarEventInput>>({
    resolver: zodResolver(calendarEventInput),
    defaultValues: event
      ? { center_id: centerId, title: event.title, event_date: event.event_date, kind: event.kind }
      : { center_id: centerId, title: "", event_date: today, kind: "safety_drill" },
    mode: "onBlur",
  });
  const submit = form.handleSubmit((values) =>
    saveEvent.mutate({ id: event?.id, body: values }, { onSuccess: onClose }),
  );
  return (
    <FormDialog
      title={event ? "Change event" : "Add to calendar"}
      submitLabel={saveEvent.isPending ? "Saving..." : "Save"}
      onSubmit={submit}
      onClose={onClose}
      submitDisabled={saveEvent.isPending}
    >
      {saveEvent.isError && (
        <Alert severity="error">{refusalMessage(saveEvent.error, "Failed to save the event")}</Alert>
      )}
      <FormTextField form={form} name="title" label="Title" required autoFocus />
      <FormDateField form={form} name="event_date" label="Date" required min={today} />
      <FormSelectField form={form} name="kind" label="Kind" required options={KIND_OPTIONS} />
    </FormDialog>
  );
}
