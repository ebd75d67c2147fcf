import { zodResolver } from "@hookform/resolvers/zod";
import { Alert } from "@mui/material";
import {
  PERFORMANCE_RATING_LABELS,
  PERFORMANCE_RATINGS,
  type StaffOverview,
  staffReviewInput,
} from "@sprout/shared/schemas/center-director";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { FormDialog } from "../../components/form/FormDialog";
import { FormDateField, FormSelectField, FormTextField } from "../../components/form/fields";
import { useDirectorMutations } from "./api";

type Form = z.input<typeof staffReviewInput>;

const RATING_OPTIONS = PERFORMANCE_RATINGS.map((value) => ({ value, label: PERFORMANCE_RATING_LABELS[value] }));

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
  const { recordReview } = useDirectorMutations();
  const form = useForm<Form, unknown, z.output<typeof staffReviewInput>>({
    resolver: zodResolver(staffReviewInput),
    defaultValues: { staff_id: staffId, period_start: "", period_end: today, notes: "" },
    mode: "onBlur",
  });
  const submit = form.handleSubmit((values) => recordReview.mutate(values, { onSuccess: onClose }));
  return (
    <FormDialog
      title="Record performance review"
      submitLabel={recordReview.isPending ? "Saving..." : "Save review"}
      onSubmit={submit}
      onClose={onClose}
      submitDisabled={recordReview.isPending}
    >
      {recordReview.isError && (
        <Alert severity="error">{refusalMessage(recordReview.error, "Failed to save the review")}</Alert>
      )}
      <FormSelectField
        form={form}
        name="staff_id"
        label="Staff member"
        required
        options={staff.map((person) => ({ value: person.staff_id, label: `${person.name} (${person.role})` }))}
      />
      <FormDateField form={form} name="period_start" label="Period from" required max={today} />
      <FormDateField form={form} name="period_end" label="Period to" required max={today} />
      <FormSelectField form={form} name="overall_rating" label="Overall rating" required options={RATING_OPTIONS} />
      <FormTextField form={form} name="notes" label="Notes" multiline minRows={3} />
    </FormDialog>
  );
}
