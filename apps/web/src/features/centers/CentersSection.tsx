import Add from "@mui/icons-material/Add";
import Edit from "@mui/icons-material/Edit";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  IconButton,
  MenuItem,
  Snackbar,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { LANGUAGE_CODES, LANGUAGES } from "@sprout/shared/i18n/languages";
import { type Center, type CenterInput, centerInput } from "@sprout/shared/schemas/centers";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../../api/errors";
import { useDebouncedValue } from "../../components/useDebouncedValue";
import { formatNumber } from "../../format";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useCentres } from "../children/api";
import { useUsers } from "../users/api";
import { useCentreMutations } from "./api";

const FIELDS: {
  name: Exclude<keyof CenterInput, "owner_ids" | "is_active" | "language">;
  label: MessageId;
  required?: boolean;
  size: number;
  type?: string;
}[] = [
  { name: "center_name", label: "centers.fieldName", required: true, size: 6 },
  { name: "capacity", label: "centers.fieldCapacity", size: 6, type: "number" },
  { name: "address", label: "centers.fieldAddress", required: true, size: 12 },
  { name: "city", label: "centers.fieldCity", required: true, size: 4 },
  { name: "state", label: "centers.fieldState", size: 4 },
  { name: "postal_code", label: "centers.fieldPostalCode", size: 4 },
  { name: "phone", label: "centers.fieldPhone", size: 6 },
  { name: "email", label: "centers.fieldEmail", size: 6, type: "email" },
];

const EMPTY: CenterInput = {
  center_name: "",
  address: "",
  city: "",
  state: "",
  postal_code: "",
  phone: "",
  email: "",
  capacity: 150,
  is_active: true,
  language: "en",
  owner_ids: [],
};

/** Center Management (super admin only): every centre with its real numbers, add and edit. */
export function CentersSection() {
  const say = useSay();
  const centres = useCentres();
  const [editing, setEditing] = useState<Center | "new" | null>(null);
  const [notice, setNotice] = useState("");
  return (
    <Card variant="outlined" component="section" aria-labelledby="centers-title">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mb: 2 }}>
          <Typography id="centers-title" variant="h6" component="h2">
            {say("centers.title")}
          </Typography>
          <Button startIcon={<Add />} variant="contained" onClick={() => setEditing("new")}>
            {say("centers.add")}
          </Button>
        </Stack>
        {centres.isError && <Alert severity="error">{say("centers.loadFailed")}</Alert>}
        {centres.isPending && <CircularProgress aria-label={say("centers.loading")} />}
        <Grid container spacing={2}>
          {(centres.data ?? []).map((centre) => (
            <Grid key={centre.id} size={{ xs: 12, md: 6, lg: 4 }}>
              <Card variant="outlined" sx={{ height: "100%" }}>
                <CardContent>
                  <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "flex-start" }}>
                    <Box>
                      <Typography sx={{ fontWeight: 600 }}>{centre.center_name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {[centre.address, centre.city, centre.state, centre.postal_code].filter(Boolean).join(", ")}
                      </Typography>
                    </Box>
                    <Tooltip title={say("centers.edit")}>
                      <IconButton
                        onClick={() => setEditing(centre)}
                        aria-label={say("centers.editName", { name: centre.center_name })}
                      >
                        <Edit />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                  <Stack direction="row" sx={{ mt: 1, flexWrap: "wrap", gap: 1 }}>
                    <Chip
                      size="small"
                      color={centre.is_active ? "success" : "default"}
                      label={centre.is_active ? say("centers.active") : say("centers.inactive")}
                    />
                    <Chip
                      size="small"
                      label={say("centers.studentsChip", {
                        students: formatNumber(centre.total_students),
                        capacity: formatNumber(centre.capacity),
                      })}
                    />
                    <Chip size="small" label={say("centers.classroomsChip", { count: centre.total_classrooms })} />
                  </Stack>
                  <Typography variant="body2" sx={{ mt: 1, overflowWrap: "anywhere" }}>
                    <Box component="span" sx={{ color: "text.secondary" }}>
                      {say("centers.ownersLabel")}{" "}
                    </Box>
                    {centre.owner_names.length > 0 ? centre.owner_names.join(", ") : say("centers.noOwner")}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
                    {[centre.phone, centre.email].filter(Boolean).join(" · ")}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </CardContent>
      <CentreDialog
        target={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          setNotice(say("centers.saved"));
        }}
      />
      <Snackbar
        open={Boolean(notice)}
        autoHideDuration={4000}
        onClose={() => setNotice("")}
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
      >
        <Alert severity="success" variant="filled">
          {notice}
        </Alert>
      </Snackbar>
    </Card>
  );
}

function CentreDialog({
  target,
  onClose,
  onDone,
}: {
  target: Center | "new" | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const say = useSay();
  const { create, update } = useCentreMutations();
  // Owners are searched on the server as the name is typed; only active owners are offered.
  const [ownerTyped, setOwnerTyped] = useState("");
  const ownerSearch = useDebouncedValue(ownerTyped.trim());
  const people = useUsers(
    { page: 1, limit: 25, role: "owner", status: "active", ...(ownerSearch && { search: ownerSearch }) },
    target !== null,
  );
  // Names of owners chosen from earlier searches, so a chip keeps its name when the search moves on.
  const [chosenNames, setChosenNames] = useState<Record<string, string>>({});
  const ownerNames = new Map<string, string>(Object.entries(chosenNames));
  if (target && target !== "new") {
    target.owner_ids.forEach((id, index) => {
      ownerNames.set(id, target.owner_names[index] ?? id);
    });
  }
  const found = people.data?.users ?? [];
  for (const person of found) ownerNames.set(person.id, person.full_name);
  const ownerOptions = found.map((person) => person.id);
  const form = useForm<CenterInput, unknown, z.output<typeof centerInput>>({
    resolver: zodResolver(centerInput),
    defaultValues: EMPTY,
  });
  const [error, setError] = useState("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields reset only when another record opens the dialog
  useEffect(() => {
    if (!target) return;
    setError("");
    form.reset(
      target === "new"
        ? EMPTY
        : {
            center_name: target.center_name,
            address: target.address,
            city: target.city,
            state: target.state ?? "",
            postal_code: target.postal_code ?? "",
            phone: target.phone ?? "",
            email: target.email ?? "",
            capacity: target.capacity,
            is_active: target.is_active,
            language: target.language,
            owner_ids: target.owner_ids,
          },
    );
  }, [target]);
  const pending = create.isPending || update.isPending;
  const submit = form.handleSubmit(
    async (values) => {
      setError("");
      try {
        if (target === "new") await create.mutateAsync(values);
        else await update.mutateAsync({ id: (target as Center).id, body: values });
        onDone();
      } catch (caught) {
        setError(
          caught instanceof ApiError && caught.hasServerMessage && caught.status < 500
            ? caught.message
            : say("centers.saveFailed"),
        );
      }
    },
    // Says what is wrong: a bad capacity is not a missing field.
    (errors) =>
      setError(
        errors.center_name || errors.address || errors.city
          ? say("centers.required")
          : Object.values(errors)
              .map((error) => error?.message)
              .filter(Boolean)
              .join(". ") || say("centers.saveFailed"),
      ),
  );
  return (
    <Dialog
      open={Boolean(target)}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="centre-dialog-title"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="centre-dialog-title">
          {target === "new" ? say("centers.add") : say("centers.editTitle")}
        </DialogTitle>
        <DialogContent dividers>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Grid container spacing={2}>
            {FIELDS.map((field) => (
              <Grid key={field.name} size={{ xs: 12, sm: field.size }}>
                <Controller
                  control={form.control}
                  name={field.name}
                  render={({ field: input, fieldState }) => (
                    <TextField
                      {...input}
                      value={input.value ?? ""}
                      label={say(field.label)}
                      type={field.type ?? "text"}
                      required={field.required}
                      fullWidth
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                    />
                  )}
                />
              </Grid>
            ))}
            <Grid size={12}>
              <Controller
                control={form.control}
                name="language"
                render={({ field }) => (
                  <TextField
                    select
                    {...field}
                    value={field.value ?? "en"}
                    label={say("centers.fieldLanguage")}
                    helperText={say("centers.fieldLanguageHelp")}
                    fullWidth
                  >
                    {LANGUAGE_CODES.map((code) => (
                      <MenuItem key={code} value={code} lang={LANGUAGES[code].locale}>
                        {LANGUAGES[code].name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={12}>
              <Controller
                control={form.control}
                name="owner_ids"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    multiple
                    options={ownerOptions}
                    value={field.value ?? []}
                    onChange={(_event, value) => {
                      setChosenNames((names) => ({
                        ...names,
                        ...Object.fromEntries(value.map((id) => [id, ownerNames.get(id) ?? id])),
                      }));
                      field.onChange(value);
                    }}
                    onBlur={field.onBlur}
                    onInputChange={(_event, text, reason) => {
                      if (reason === "input" || reason === "clear") setOwnerTyped(text);
                    }}
                    filterOptions={(options) => options}
                    getOptionLabel={(id) => ownerNames.get(id) ?? id}
                    loading={people.isPending}
                    noOptionsText={people.isError ? say("centers.ownersFailed") : say("centers.noOwners")}
                    filterSelectedOptions
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={say("centers.owners")}
                        placeholder={(field.value ?? []).length === 0 ? say("centers.noOwner") : undefined}
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error?.message ?? say("centers.ownersHint")}
                      />
                    )}
                  />
                )}
              />
            </Grid>
            <Grid size={12}>
              <Controller
                control={form.control}
                name="is_active"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={Boolean(field.value)}
                        onChange={(event) => field.onChange(event.target.checked)}
                      />
                    }
                    label={say("centers.active")}
                  />
                )}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {say("centers.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? say("centers.saving") : say("centers.save")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
