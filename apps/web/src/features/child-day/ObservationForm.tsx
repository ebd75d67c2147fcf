import Close from "@mui/icons-material/Close";
import Undo from "@mui/icons-material/Undo";
import {
  Alert,
  Autocomplete,
  Box,
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
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useOnline } from "../../offline/connectivity";
import { CompetencyPicker, type PickedCompetency, pickedFromTag } from "../development/CompetencyPicker";
import { useMilestones, useObservationMutations, useTap } from "./api";
import { fieldError } from "./fieldError";

type Values = z.input<typeof observationFields>;
const ACCEPT = "image/png,image/jpeg,image/gif,image/webp,application/pdf";

/** Children the teacher or coordinator may name, searched on the server. */
export function useChildPicker(search: string) {
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
  const say = useSay();
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
      competencies: log?.competencies.map((tag) => tag.code) ?? [],
    },
  });
  // The chosen competencies with their words, for the chips; the form keeps their codes.
  const [tags, setTags] = useState<PickedCompetency[]>(log?.competencies.map(pickedFromTag) ?? []);
  const childId = form.watch("child_id") || null;
  const [search, setSearch] = useState("");
  const children = useChildPicker(useDebouncedValue(search, 250));
  // The milestone list is the child's centre's: known once a child is chosen (or from the log).
  const [centreId, setCentreId] = useState<string | null>(log?.center_id ?? null);
  const milestones = useMilestones(centreId);
  const list = milestones.data?.milestones ?? [];
  const milestoneName = form.watch("milestone") ?? "";
  const picked = list.find((item) => item.name.toLowerCase() === milestoneName.trim().toLowerCase());
  const source =
    log && milestoneName === log.milestone
      ? log.milestone_source
      : (picked?.source ?? (milestoneName.trim() ? "" : null));
  const [removing, setRemoving] = useState<string[]>([]);
  const kept = (log?.attachments ?? []).filter((file) => !removing.includes(file.id));
  const room = OBSERVATION_ATTACHMENTS_MAX - kept.length;
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const { save } = useObservationMutations();
  // A new log's text is kept on the phone without a network; photos and edits need it (ADR 0054).
  const online = useOnline();
  const [childName, setChildName] = useState(log?.child_name ?? "");
  const keep = useTap<z.output<typeof observationFields>>(
    "POST /api/observation-logs",
    () => say("childDay.tapObservation", { name: childName }),
    false,
  );
  const textOnly = !log && files.length === 0;
  const error = save.error ?? keep.error;
  const { errors } = form.formState;

  const pickFiles = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    const tooBig = picked.some((file) => file.size > OBSERVATION_ATTACHMENT_MAX_BYTES);
    const wrong = picked.some((file) => !ACCEPT.split(",").includes(file.type));
    setFileError(tooBig ? say("childDay.attachmentTooLarge") : wrong ? say("childDay.attachmentType") : null);
    setFiles(tooBig || wrong ? [] : picked.slice(0, room));
  };
  const submit = form.handleSubmit((values) => {
    if (textOnly) return keep.mutate(values, { onSuccess: onClose });
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) continue;
      body.append(key, Array.isArray(value) ? value.join(",") : String(value));
    }
    if (log && removing.length > 0) body.append("remove_attachments", removing.join(","));
    for (const file of files.slice(0, room)) body.append("attachments", file);
    save.mutate({ id: log?.id ?? null, form: body }, { onSuccess: onClose });
  });

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="observation-title">
      <Stack component="form" noValidate onSubmit={submit} sx={{ height: "100%" }}>
        <DialogTitle id="observation-title">
          {log ? say("childDay.editObservation") : say("childDay.newObservationLog")}
        </DialogTitle>
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
                    onChange={(_event, child) => {
                      field.onChange(child?.id ?? "");
                      setChildName(child ? `${child.first_name} ${child.last_name}`.trim() : "");
                      setCentreId(child?.center_id ?? null);
                    }}
                    onBlur={field.onBlur}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={say("childDay.child")}
                        error={Boolean(errors.child_id)}
                        helperText={fieldError(errors.child_id?.message, say)}
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
                  label={say("childDay.date")}
                  value={field.value}
                  max={today}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={Boolean(errors.date)}
                  helperText={fieldError(errors.date?.message, say)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="milestone"
              render={({ field }) => (
                <Autocomplete
                  freeSolo
                  options={list.map((item) => item.name)}
                  groupBy={(name) => list.find((item) => item.name === name)?.source ?? ""}
                  value={field.value ?? ""}
                  onInputChange={(_event, value) => field.onChange(value)}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={say("childDay.milestone")}
                      onBlur={field.onBlur}
                      error={Boolean(errors.milestone) || milestones.isError}
                      helperText={
                        fieldError(errors.milestone?.message, say) ??
                        (milestones.isError
                          ? say("childDay.milestonesLoadFailed")
                          : source === null
                            ? centreId
                              ? say("childDay.pickMilestone")
                              : say("childDay.chooseChildForMilestones")
                            : source
                              ? say("childDay.source", { source })
                              : say("childDay.ownWords"))
                      }
                    />
                  )}
                />
              )}
            />
            <TextField
              label={say("childDay.notes")}
              multiline
              minRows={3}
              {...form.register("notes")}
              error={Boolean(errors.notes)}
              helperText={fieldError(errors.notes?.message, say)}
            />
            <CompetencyPicker
              value={tags}
              childId={childId}
              onChange={(next) => {
                setTags(next);
                form.setValue(
                  "competencies",
                  next.map((tag) => tag.code),
                  { shouldDirty: true },
                );
              }}
              error={Boolean(errors.competencies)}
              helperText={fieldError(errors.competencies?.message, say)}
            />
            {log && log.attachments.length > 0 && (
              <Box>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                  {say("childDay.attached")}
                </Typography>
                <Stack spacing={0.5}>
                  {log.attachments.map((file) => {
                    const removed = removing.includes(file.id);
                    return (
                      <Stack key={file.id} direction="row" spacing={1} sx={{ alignItems: "center" }}>
                        <Typography
                          sx={{
                            flex: 1,
                            minWidth: 0,
                            overflowWrap: "anywhere",
                            textDecoration: removed ? "line-through" : "none",
                            color: removed ? "text.secondary" : "text.primary",
                          }}
                        >
                          {removed ? say("childDay.fileRemoved", { name: file.name }) : file.name}
                        </Typography>
                        <Button
                          size="small"
                          color={removed ? "primary" : "error"}
                          startIcon={removed ? <Undo /> : <Close />}
                          aria-label={
                            removed
                              ? say("childDay.keepFile", { name: file.name })
                              : say("childDay.removeFile", { name: file.name })
                          }
                          onClick={() =>
                            setRemoving((ids) => (removed ? ids.filter((id) => id !== file.id) : [...ids, file.id]))
                          }
                          sx={{ minHeight: 44 }}
                        >
                          {removed ? say("childDay.keep") : say("childDay.remove")}
                        </Button>
                      </Stack>
                    );
                  })}
                </Stack>
              </Box>
            )}
            {!online && <Alert severity="info">{log ? say("childDay.offlineEdit") : say("childDay.offlineNew")}</Alert>}
            <Button component="label" variant="outlined" disabled={room <= 0 || !online} sx={{ minHeight: 44 }}>
              {files.length > 0
                ? say("childDay.filesChosen", { count: Math.min(files.length, room) })
                : room > 0
                  ? say("childDay.attachPhotos")
                  : say("childDay.atMostAttachments", { max: OBSERVATION_ATTACHMENTS_MAX })}
              <input hidden type="file" multiple accept={ACCEPT} onChange={(event) => pickFiles(event.target.files)} />
            </Button>
            {fileError && <Alert severity="error">{fileError}</Alert>}
            {error && <Alert severity="error">{refusalMessage(error, say("childDay.observationSaveFailed"))}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{say("childDay.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending || keep.isPending} sx={{ minHeight: 44 }}>
            {say("childDay.save")}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
