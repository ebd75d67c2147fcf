import { Alert } from "@mui/material";
import { PERFORMANCE_RATINGS, type StaffOverview, staffReviewInput } from "@sprout/shared/schemas/center-director";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { FormDialog } from "../../components/form/FormDialog";
import { FormDateField, FormSelectField, FormTextField } from "../../components/form/fields";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useDirectorMutations } from "./api";
import { RATING_LABELS, staffRole } from "./labels";

type Form = z.input<typeof staffReviewInput>;

/** A performance review: who, the period it covers, one of the spec's five ratings, and notes. */
export function StaffReviewDialog({
  staff,
  staffId,
  today,
  onClose,
}: {
  staff: StaffOverview["staff"];
  staffId: string;
  today: string;
  onClose: () => void;
}) {
  const say = useSay();
  const { recordReview } = useDirectorMutations();
  const ratingOptions = PERFORMANCE_RATINGS.map((value) => ({ value, label: say(RATING_LABELS[value]) }));
  const form = useForm<Form, unknown, z.output<typeof staffReviewInput>>({
    resolver: zodResolver(staffReviewInput),
    defaultValues: { staff_id: staffId, period_start: "", period_end: today, notes: "" },
    mode: "onBlur",
  });
  const submit = form.handleSubmit((values) => recordReview.mutate(values, { onSuccess: onClose }));
  return (
    <FormDialog
      title={say("centerDirector.reviewTitle")}
      submitLabel={recordReview.isPending ? say("centerDirector.saving") : say("centerDirector.saveReview")}
      onSubmit={submit}
      onClose={onClose}
      submitDisabled={recordReview.isPending}
    >
      {recordReview.isError && (
        <Alert severity="error">{refusalMessage(recordReview.error, say("centerDirector.reviewSaveFailed"))}</Alert>
      )}
      <FormSelectField
        form={form}
        name="staff_id"
        label={say("centerDirector.colStaff")}
        required
        options={staff.map((person) => ({
          value: person.staff_id,
          label: `${person.name} (${staffRole(say, person.role)})`,
        }))}
      />
      <FormDateField form={form} name="period_start" label={say("centerDirector.periodFrom")} required max={today} />
      <FormDateField form={form} name="period_end" label={say("centerDirector.periodTo")} required max={today} />
      <FormSelectField
        form={form}
        name="overall_rating"
        label={say("centerDirector.overallRating")}
        required
        options={ratingOptions}
      />
      <FormTextField form={form} name="notes" label={say("centerDirector.colNotes")} multiline minRows={3} />
    </FormDialog>
  );
}
