import { zodResolver } from "@hookform/resolvers/zod";
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
  Snackbar,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import {
  CENTER_MESSAGES,
  type Center,
  type CenterInput,
  centerFormProblem,
  centerInput,
} from "@sprout/shared/schemas/centers";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../../api/errors";
import { useDebouncedValue } from "../../components/useDebouncedValue";
import { formatNumber } from "../../format";
import { useCentres } from "../children/api";
import { useUsers } from "../users/api";
import { useCentreMutations } from "./api";

const FIELDS: {
  name: Exclude<keyof CenterInput, "owner_ids" | "is_active">;
  label: string;
  required?: boolean;
  size: number;
  type?: string;
}[] = [
  { name: "center_name", label: "Center name", required: true, size: 6 },
  { name: "capacity", label: "Capacity", size: 6, type: "number" },
  { name: "address", label: "Address", required: true, size: 12 },
  { name: "city", label: "City", required: true, size: 4 },
  { name: "state", label: "State", size: 4 },
  { name: "postal_code", label: "Postal code", size: 4 },
  { name: "phone", label: "Phone", size: 6 },
  { name: "email", label: "Email", size: 6, type: "email" },
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
  owner_ids: [],
};

/** Center Management (super admin only): every centre with its real numbers, add and edit. */
export function CentersSection() {
  const centres = useCentres();
  const [editing, setEditing] = useState<Center | "new" | null>(null);
  const [notice, setNotice] = useState("");
  return (
    <Card variant="outlined" component="section" aria-labelledby="centers-title">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mb: 2 }}>
          <Typography id="centers-title" variant="h6" component="h2">
            Center Management
          </Typography>
          <Button startIcon={<Add />} variant="contained" onClick={() => setEditing("new")}>
            Add Center
          </Button>
        </Stack>
        {centres.isError && <Alert severity="error">{CENTER_MESSAGES.loadFailed}</Alert>}
        {centres.isPending && <CircularProgress aria-label="Loading centres" />}
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
                    <Tooltip title="Edit">
                      <IconButton onClick={() => setEditing(centre)} aria-label={`Edit ${centre.center_name}`}>
                        <Edit />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                  <Stack direction="row" sx={{ mt: 1, flexWrap: "wrap", gap: 1 }}>
                    <Chip
                      size="small"
                      color={centre.is_active ? "success" : "default"}
                      label={centre.is_active ? "Active" : "Inactive"}
                    />
                    <Chip
                      size="small"
                      label={`${formatNumber(centre.total_students)} / ${formatNumber(centre.capacity)} students`}
                    />
                    <Chip size="small" label={`${formatNumber(centre.total_classrooms)} classrooms`} />
                  </Stack>
                  <Typography variant="body2" sx={{ mt: 1, overflowWrap: "anywhere" }}>
                    <Box component="span" sx={{ color: "text.secondary" }}>
                      Owners:{" "}
                    </Box>
                    {centre.owner_names.length > 0 ? centre.owner_names.join(", ") : CENTER_MESSAGES.noOwner}
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
          setNotice(CENTER_MESSAGES.saved);
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
            : CENTER_MESSAGES.saveFailed,
        );
      }
    },
    // Says what is wrong: a bad capacity is not a missing field.
    (errors) => setError(centerFormProblem(errors)),
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
        <DialogTitle id="centre-dialog-title">{target === "new" ? "Add Center" : "Edit Center"}</DialogTitle>
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
                      label={field.label}
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
                    noOptionsText={people.isError ? "Failed to load owners" : "No owners"}
                    filterSelectedOptions
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label="Owners"
                        placeholder={(field.value ?? []).length === 0 ? CENTER_MESSAGES.noOwner : undefined}
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error?.message ?? "Owners see this center's records"}
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
                    label="Active"
                  />
                )}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? "Saving..." : "Save"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
