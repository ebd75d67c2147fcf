import { Alert, Button, Stack, Typography } from "@mui/material";
import { PARENT_PAGE_FIELDS } from "@sprout/shared/schemas/development/card";
import { type ProgressCard, parentPageInput } from "@sprout/shared/schemas/development/progress-card";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { FormTextField } from "../../components/form/fields";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useSaveParentPage } from "./progress-card-api";

/** The parent's page of a progress card, written on the portal (each answer up to 500 characters). */
export function ParentPageForm({ card }: { card: ProgressCard }) {
  const say = useSay();
  const save = useSaveParentPage(card.assessment_id);
  const form = useForm<z.input<typeof parentPageInput>, unknown, z.output<typeof parentPageInput>>({
    resolver: zodResolver(parentPageInput),
    defaultValues: { answers: card.parent_page?.answers ?? {} },
    mode: "onBlur",
  });
  const submit = form.handleSubmit((body) => save.mutate(body));
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={say("development.card.parentPage")}>
      <Typography color="text.secondary">{say("development.cards.pageExplained")}</Typography>
      {PARENT_PAGE_FIELDS.map((field) => (
        <FormTextField
          key={field}
          form={form}
          name={`answers.${field}`}
          label={say(`development.parentPage.${field}`)}
          multiline
          minRows={2}
          fullWidth
        />
      ))}
      {save.isError && (
        <Alert severity="error">{refusalMessage(save.error, say("development.cards.pageFailed"))}</Alert>
      )}
      {save.isSuccess && <Alert severity="success">{say("development.cards.pageSaved")}</Alert>}
      <Button
        type="submit"
        variant="contained"
        disabled={save.isPending}
        sx={{ alignSelf: "flex-start", minHeight: 44 }}
      >
        {say("development.cards.savePage")}
      </Button>
    </Stack>
  );
}
