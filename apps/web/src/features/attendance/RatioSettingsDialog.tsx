import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  AGE_BANDS,
  type AgeBand,
  type RatioSettingsAnswer,
  ratioSettingsAnswer,
  ratioSettingsInput,
} from "@sprout/shared/schemas/attendance";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../api/client";
import { refusalMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";

type Input = z.input<typeof ratioSettingsInput>;
type Output = z.output<typeof ratioSettingsInput>;
const AUTOMATIC = "automatic";

const valuesOf = (settings: RatioSettingsAnswer): Input => ({
  center_id: settings.center_id,
  children_per_staff: {
    under_3: settings.children_per_staff.under_3!,
    three_to_six: settings.children_per_staff.three_to_six!,
  },
  classroom_bands: settings.classrooms.map((room) => ({ classroom_id: room.classroom_id, age_band: room.age_band })),
  shift_hours: settings.shift_hours,
});

/**
 * The centre's ratio settings: children per adult for each age band, each room's band (or the
 * youngest child decides) and the shift length behind the overtime count. Saving updates the
 * live ratio panel of everyone at the centre.
 */
export function RatioSettingsDialog({
  open,
  onClose,
  centerId,
}: {
  open: boolean;
  onClose: () => void;
  /** The centre chosen by an owner or the super admin; a centre role's own without it. */
  centerId?: string;
}) {
  const queryClient = useQueryClient();
  const say = useSay();
  const settings = useQuery({
    queryKey: ["attendance", "ratio-settings", centerId ?? "own"],
    queryFn: () =>
      api.get("/attendance/ratio-settings", ratioSettingsAnswer, {
        query: centerId ? { center_id: centerId } : undefined,
      }),
    enabled: open,
  });
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(ratioSettingsInput), mode: "onBlur" });
  const save = useMutation({
    mutationFn: (input: Output) => api.put("/attendance/ratio-settings", input, ratioSettingsAnswer),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["attendance"] });
      onClose();
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts afresh from each opening's answer
  useEffect(() => {
    if (open && settings.data) {
      form.reset(valuesOf(settings.data));
      save.reset();
    }
  }, [open, settings.data]);

  const { errors } = form.formState;
  const numberField = (name: "children_per_staff.under_3" | "children_per_staff.three_to_six" | "shift_hours") => ({
    type: "number",
    ...form.register(name, { valueAsNumber: true }),
    slotProps: { htmlInput: { inputMode: "numeric" as const, min: 1 } },
  });
  const data = settings.data;

  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="ratio-title"
    >
      <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <DialogTitle id="ratio-title">{say("attendance.ratioSettings")}</DialogTitle>
        <DialogContent dividers>
          {settings.isPending && <LinearProgress aria-label={say("attendance.loadingRatio")} />}
          {settings.isError && (
            <Alert severity="error">{refusalMessage(settings.error, say("attendance.ratioLoadFailed"))}</Alert>
          )}
          {data && (
            <Stack spacing={2}>
              <Typography variant="subtitle2" component="h3">
                {say("attendance.childrenPerAdult")}
              </Typography>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                {AGE_BANDS.map((band) => (
                  <TextField
                    key={band}
                    label={say("attendance.ageBand", { band })}
                    {...numberField(`children_per_staff.${band}`)}
                    error={Boolean(errors.children_per_staff?.[band])}
                    helperText={
                      errors.children_per_staff?.[band]?.message ??
                      say("attendance.defaultRatio", { count: data.defaults[band] ?? "" })
                    }
                    sx={{ flex: 1 }}
                  />
                ))}
              </Stack>
              <TextField
                label={say("attendance.shiftLength")}
                {...numberField("shift_hours")}
                error={Boolean(errors.shift_hours)}
                helperText={
                  errors.shift_hours?.message ?? say("attendance.shiftHint", { hours: data.default_shift_hours })
                }
              />
              <Typography variant="subtitle2" component="h3">
                {say("attendance.roomBands")}
              </Typography>
              {data.classrooms.map((room, index) => (
                <Controller
                  key={room.classroom_id}
                  control={form.control}
                  name={`classroom_bands.${index}.age_band`}
                  render={({ field }) => (
                    <TextField
                      select
                      label={room.name}
                      value={field.value ?? AUTOMATIC}
                      onChange={(event) =>
                        field.onChange(event.target.value === AUTOMATIC ? null : (event.target.value as AgeBand))
                      }
                      onBlur={field.onBlur}
                      helperText={
                        field.value
                          ? " "
                          : say("attendance.fromYoungestIs", {
                              band: say("attendance.ageBand", { band: room.effective_band }),
                            })
                      }
                    >
                      <MenuItem value={AUTOMATIC}>{say("attendance.fromYoungest")}</MenuItem>
                      {AGE_BANDS.map((band) => (
                        <MenuItem key={band} value={band}>
                          {say("attendance.ageBand", { band })}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              ))}
              {save.isError && (
                <Alert severity="error">{refusalMessage(save.error, say("attendance.ratioSaveFailed"))}</Alert>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {say("attendance.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={!data || save.isPending}>
            {say("attendance.save")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
