import { zodResolver } from "@hookform/resolvers/zod";
import WarningAmber from "@mui/icons-material/WarningAmber";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
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
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useFoodBatch } from "./api";

type Values = z.input<typeof foodBatchInput>;
type Row = { child: ClassroomDay["children"][number]; index: number };

/**
 * "The whole class ate lunch": the children checked in that day start included at 100%, the
 * teacher adjusts the few who ate less. A child who is here but was not checked in (teachers
 * forget) can be ticked in; a child marked absent cannot.
 */
export function BatchMealDialog({ day, onClose }: { day: ClassroomDay; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const [included, setIncluded] = useState(
    () => new Set(day.children.filter((child) => child.checked_in).map((child) => child.id)),
  );
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
  const rows = day.children.map((child, index) => ({ child, index }));
  const present = rows.filter((row) => row.child.checked_in);
  const notIn = rows.filter((row) => !row.child.checked_in);
  const toggle = (id: string, on: boolean) =>
    setIncluded((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const childRow = ({ child, index }: Row) => {
    const name = `${child.first_name} ${child.last_name}`.trim();
    const on = included.has(child.id);
    return (
      <Stack key={child.id} direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Checkbox
          checked={on}
          disabled={child.absent}
          onChange={(event) => toggle(child.id, event.target.checked)}
          slotProps={{ input: { "aria-label": `Include ${name}` } }}
          sx={{ p: 1.25 }}
        />
        <Box sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere", opacity: on ? 1 : 0.7 }}>
          <Typography>{name}</Typography>
          {child.absent && (
            <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
              Marked absent
            </Typography>
          )}
          {child.allergies.length > 0 && (
            <Typography variant="caption" color="warning.dark" sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
              <WarningAmber fontSize="inherit" aria-hidden /> Allergies: {child.allergies.join(", ")}
            </Typography>
          )}
        </Box>
        <Controller
          control={form.control}
          name={`entries.${index}.food_consumed`}
          render={({ field }) => (
            <TextField
              select
              size="small"
              value={field.value}
              disabled={!on}
              onChange={(event) => field.onChange(Number(event.target.value))}
              slotProps={{ select: { inputProps: { "aria-label": `${child.first_name} ate` } } }}
              sx={{ width: 96, flexShrink: 0 }}
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
    );
  };

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="batch-title">
      <Stack
        component="form"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          save.mutate(
            { ...values, entries: values.entries.filter((entry) => included.has(entry.child_id)) },
            { onSuccess: onClose },
          ),
        )}
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
            The children checked in ate all of it; change those who did not. Tick a child who is here but not checked
            in; untick one who missed the meal.
          </Typography>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
            Checked in ({present.length})
          </Typography>
          {present.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              Nobody is checked in for this day.
            </Typography>
          )}
          <Stack spacing={0.5} role="group" aria-label="Checked in">
            {present.map(childRow)}
          </Stack>
          {notIn.length > 0 && (
            <>
              <Divider sx={{ my: 1.5 }} />
              <Typography variant="subtitle2" component="h3">
                Not checked in ({notIn.length})
              </Typography>
              <Stack spacing={0.5} role="group" aria-label="Not checked in">
                {notIn.map(childRow)}
              </Stack>
            </>
          )}
          {save.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {refusalMessage(save.error, "Could not save the meal. Please try again.")}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} sx={{ minHeight: 44 }}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending || included.size === 0}
            sx={{ minHeight: 44 }}
          >
            Save for {included.size} {included.size === 1 ? "child" : "children"}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
