import { Alert } from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { CALENDAR_EVENT_KINDS, type CalendarEvent, calendarEventInput } from "@sprout/shared/schemas/center-director";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { FormDialog } from "../../components/form/FormDialog";
import { FormDateField, FormSelectField, FormTextField } from "../../components/form/fields";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useDirectorMutations } from "./api";

type Form = z.input<typeof calendarEventInput>;
const KIND_LABELS: Record<(typeof CALENDAR_EVENT_KINDS)[number], MessageId> = {
  safety_drill: "centerDirector.kindSafetyDrill",
  meeting: "centerDirector.kindMeeting",
  other: "centerDirector.kindOther",
};

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
  const say = useSay();
  const { saveEvent } = useDirectorMutations();
  const kindOptions = CALENDAR_EVENT_KINDS.map((value) => ({ value, label: say(KIND_LABELS[value]) }));
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
      title={event ? say("centerDirector.changeEvent") : say("centerDirector.addToCalendar")}
      submitLabel={saveEvent.isPending ? say("centerDirector.saving") : say("centerDirector.save")}
      onSubmit={submit}
      onClose={onClose}
      submitDisabled={saveEvent.isPending}
    >
      {saveEvent.isError && (
        <Alert severity="error">{refusalMessage(saveEvent.error, say("centerDirector.eventSaveFailed"))}</Alert>
      )}
      <FormTextField form={form} name="title" label={say("centerDirector.eventTitle")} required autoFocus />
      <FormDateField form={form} name="event_date" label={say("centerDirector.eventDate")} required min={today} />
      <FormSelectField form={form} name="kind" label={say("centerDirector.eventKind")} required options={kindOptions} />
    </FormDialog>
  );
}
