import { Alert, TextField } from "@mui/material";
import { type Kpi, kpiTargetInput } from "@sprout/shared/schemas/center-director";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { FormDialog } from "../../components/form/FormDialog";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useDirectorMutations } from "./api";
import { KPI_NAME_LABELS } from "./labels";

type Form = z.input<typeof kpiTargetInput>;

/** Set or clear one KPI's target; an empty field clears it (the KPI is then shown without a status). */
export function KpiTargetDialog({ kpi, centerId, onClose }: { kpi: Kpi; centerId: string; onClose: () => void }) {
  const say = useSay();
  const { setTarget } = useDirectorMutations();
  const form = useForm<Form, unknown, z.output<typeof kpiTargetInput>>({
    resolver: zodResolver(kpiTargetInput),
    defaultValues: { center_id: centerId, target_value: kpi.target_value },
    mode: "onBlur",
  });
  const error = form.formState.errors.target_value;
  const submit = form.handleSubmit((values) =>
    setTarget.mutate({ metric: kpi.metric_name, body: values }, { onSuccess: onClose }),
  );
  return (
    <FormDialog
      title={say("centerDirector.targetFor", { label: say(KPI_NAME_LABELS[kpi.metric_name]) })}
      submitLabel={setTarget.isPending ? say("centerDirector.saving") : say("centerDirector.saveTarget")}
      onSubmit={submit}
      onClose={onClose}
      submitDisabled={setTarget.isPending}
    >
      {setTarget.isError && (
        <Alert severity="error">{refusalMessage(setTarget.error, say("centerDirector.targetSaveFailed"))}</Alert>
      )}
      <TextField
        label={say("centerDirector.targetUnit", { unit: kpi.metric_unit })}
        inputMode="decimal"
        autoFocus
        defaultValue={kpi.target_value ?? ""}
        {...form.register("target_value", {
          setValueAs: (value: string | number | null) =>
            value === "" || value === null ? null : Number(String(value).trim()),
        })}
        error={Boolean(error)}
        helperText={
          error?.message ??
          (kpi.metric_name.includes("incident")
            ? say("centerDirector.targetFewerBetter")
            : say("centerDirector.targetEmptyHint"))
        }
      />
    </FormDialog>
  );
}
