import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import {
  type ClassroomDay,
  FOOD_AMOUNTS,
  foodBatchInput,
  MEAL_LABELS,
  MEAL_TYPES,
} from "@sprout/shared/schemas/child-day";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useFoodBatch } from "./api";

type Values = z.input<typeof foodBatchInput>;

/** "The whole class ate lunch": every child starts at 100%, the teacher adjusts the few who did not. */
export function BatchMealDialog({ day, onClose }: { day: ClassroomDay; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const form = useForm<Values, unknown, z.output<typeof foodBatchInput>>({
    resolver: zodResolver(foodBatchInput),
    mode: "onTouched",
    defaultValues: {
      date: day.date,
      meal_type: "lunch",
      entries: day.children.map((child) => ({ child_id: child.id, food_consumed: 100, notes: "" })),
    },
  });
  const save = useFoodBatch();
  const { errors } = form.formState;
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="batch-title">
      <Stack
        component="form"
        noValidate
        onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose }))}
        sx={{ height: "100%" }}
      >
        <DialogTitle id="batch-title">Whole class meal</DialogTitle>
        <DialogContent>
          <Controller
            control={form.control}
            name="meal_type"
            render={({ field }) => (
              <ToggleButtonGroup
                exclusive
                color="primary"
                value={field.value ?? null}
                aria-label="Meal"
                onChange={(_event, next) => next && field.onChange(next)}
                sx={{ flexWrap: "wrap", mb: 1 }}
              >
                {MEAL_TYPES.map((meal) => (
                  <ToggleButton key={meal} value={meal} sx={{ minHeight: 44 }}>
                    {MEAL_LABELS[meal]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            )}
          />
          {errors.meal_type && <Typography color="error">{errors.meal_type.message}</Typography>}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Everyone ate all of it; change those who did not.
          </Typography>
          <Stack spacing={1}>
            {day.children.map((child, index) => (
              <Stack key={child.id} direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
                  {child.first_name} {child.last_name}
                  {child.allergies.length > 0 && (
                    <Typography component="span" variant="caption" color="warning.main" sx={{ display: "block" }}>
                      Allergies: {child.allergies.join(", ")}
                    </Typography>
                  )}
                </Typography>
                <Controller
                  control={form.control}
                  name={`entries.${index}.food_consumed`}
                  render={({ field }) => (
                    <TextField
                      select
                      size="small"
                      value={field.value}
                      onChange={(event) => field.onChange(Number(event.target.value))}
                      slotProps={{ select: { inputProps: { "aria-label": `${child.first_name} ate` } } }}
                      sx={{ width: 100 }}
                    >
                      {FOOD_AMOUNTS.map((amount) => (
                        <MenuItem key={amount} value={amount}>
                          {amount}%
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Stack>
            ))}
          </Stack>
          {save.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {refusalMessage(save.error, "Could not save the meal. Please try again.")}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ minHeight: 44 }}>
            Save for {day.children.length} children
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
