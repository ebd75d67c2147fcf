import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import {
  CHILD_DAY_MESSAGES,
  MILESTONE_SOURCE,
  MILESTONES,
  OBSERVATION_ATTACHMENT_MAX_BYTES,
  OBSERVATION_ATTACHMENTS_MAX,
  type ObservationLog,
  observationFields,
} from "@sprout/shared/schemas/child-day";
import { studentsResponse } from "@sprout/shared/schemas/children";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../api/client";
import { refusalMessage } from "../../api/errors";
import { DateField } from "../../components/DateField";
import { useDebouncedValue } from "../../components/useDebouncedValue";
import { useObservationMutations } from "./api";

type Values = z.input<typeof observationFields>;
const ACCEPT = "image/png,image/jpeg,image/gif,image/webp,application/pdf";

/** Children the teacher or coordinator may name, searched on the server. */
function useChildPicker(search: string) {
  return useQuery({
    queryKey: ["child-day", "picker", search],
    queryFn: ({ signal }) =>
      api.get("/students", studentsResponse, {
        signal,
        query: { status: "enrolled", search: search || undefined, limit: 20 },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Create or edit an observation log (multipart: the fields and up to five files). */
export function ObservationForm({
  log,
  today,
  onClose,
}: {
  log: ObservationLog | null;
  today: string;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const form = useForm<Values, unknown, z.output<typeof observationFields>>({
    resolver: zodResolver(observationFields),
    mode: "onTouched",
    defaultValues: {
      child_id: log?.child_id ?? "",
      date: log?.date ?? today,
      milestone: log?.milestone ?? "",
      notes: log?.notes ?? "",
    },
  });
  const [search, setSearch] = useState("");
  const children = useChildPicker(useDebouncedValue(search, 250));
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const { save } = useObservationMutations();
  const { errors } = form.formState;

  const pickFiles = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    const tooBig = picked.some((file) => file.size > OBSERVATION_ATTACHMENT_MAX_BYTES);
    const wrong = picked.some((file) => !ACCEPT.split(",").includes(file.type));
    setFileError(tooBig ? CHILD_DAY_MESSAGES.attachmentTooLarge : wrong ? CHILD_DAY_MESSAGES.attachmentType : null);
    setFiles(tooBig || wrong ? [] : picked.slice(0, OBSERVATION_ATTACHMENTS_MAX));
  };
  const submit = form.handleSubmit((values) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) body.append(key, String(value));
    for (const file of files) body.append("attachments", file);
    save.mutate({ id: log?.id ?? null, form: body }, { onSuccess: onClose });
  });

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="observation-title">
      <Stack component="form" noValidate onSubmit={submit} sx={{ height: "100%" }}>
        <DialogTitle id="observation-title">{log ? "Edit observation log" : "New observation log"}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {log ? (
              <Typography>{log.child_name}</Typography>
            ) : (
              <Controller
                control={form.control}
                name="child_id"
                render={({ field }) => (
                  <Autocomplete
                    options={children.data ?? []}
                    getOptionLabel={(child) => `${child.first_name} ${child.last_name}`.trim()}
                    isOptionEqualToValue={(option, value) => option.id === value.id}
                    filterOptions={(options) => options}
                    onInputChange={(_event, value) => setSearch(value)}
                    onChange={(_event, child) => field.onChange(child?.id ?? "")}
                    onBlur={field.onBlur}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label="Child"
                        error={Boolean(errors.child_id)}
                        helperText={errors.child_id?.message}
                      />
                    )}
                  />
                )}
              />
            )}
            <Controller
              control={form.control}
              name="date"
              render={({ field }) => (
                <DateField
                  label="Date"
                  value={field.value}
                  max={today}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={Boolean(errors.date)}
                  helperText={errors.date?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="milestone"
              render={({ field }) => (
                <Autocomplete
                  freeSolo
                  options={[...MILESTONES]}
                  value={field.value ?? ""}
                  onInputChange={(_event, value) => field.onChange(value)}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Milestone"
                      onBlur={field.onBlur}
                      error={Boolean(errors.milestone)}
                      helperText={errors.milestone?.message ?? MILESTONE_SOURCE}
                    />
                  )}
                />
              )}
            />
            <TextField
              label="Notes"
              multiline
              minRows={3}
              {...form.register("notes")}
              error={Boolean(errors.notes)}
              helperText={errors.notes?.message}
            />
            <Button component="label" variant="outlined" sx={{ minHeight: 44 }}>
              {files.length > 0 ? `${files.length} file(s) chosen` : "Attach photos or PDFs"}
              <input hidden type="file" multiple accept={ACCEPT} onChange={(event) => pickFiles(event.target.files)} />
            </Button>
            {fileError && <Alert severity="error">{fileError}</Alert>}
            {save.isError && (
              <Alert severity="error">{refusalMessage(save.error, CHILD_DAY_MESSAGES.observationSaveFailed)}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ minHeight: 44 }}>
            Save
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
