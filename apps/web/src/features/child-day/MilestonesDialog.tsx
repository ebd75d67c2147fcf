import Delete from "@mui/icons-material/Delete";
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { MILESTONE_SOURCE, MILESTONES, milestoneInput } from "@sprout/shared/schemas/child-day";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useCentres } from "../children/api";
import { useMilestoneMutations, useMilestones } from "./api";
import { fieldError } from "./fieldError";

type Values = z.input<typeof milestoneInput>;

/** A centre's milestone list: the framework's areas as they are, and the centre's own to add or remove. */
export function MilestonesDialog({ onClose }: { onClose: () => void }) {
  const say = useSay();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const centres = useCentres();
  const [chosen, setChosen] = useState<string | null>(null);
  const centreId = chosen ?? centres.data?.[0]?.id ?? null;
  const milestones = useMilestones(centreId);
  const { add, remove } = useMilestoneMutations();
  const form = useForm<Values, unknown, z.output<typeof milestoneInput>>({
    resolver: zodResolver(milestoneInput),
    mode: "onTouched",
    values: { center_id: centreId ?? "", name: "", area: "", source: "Centre's own" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    add.mutate(values, { onSuccess: () => form.reset({ ...values, name: "" }) }),
  );
  const list = milestones.data?.milestones ?? [];
  const own = list.filter((item) => !item.built_in);
  const builtIn = list.filter((item) => item.built_in);

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="milestones-title">
      <DialogTitle id="milestones-title">{say("childDay.centreMilestones")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {(centres.data?.length ?? 0) > 1 && (
            <TextField
              select
              label={say("childDay.centre")}
              value={centreId ?? ""}
              onChange={(event) => setChosen(event.target.value)}
            >
              {centres.data?.map((centre) => (
                <MenuItem key={centre.id} value={centre.id}>
                  {centre.center_name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Typography color="text.secondary">{say("childDay.milestonesHelp")}</Typography>
          <Stack
            component="form"
            noValidate
            onSubmit={submit}
            spacing={2}
            aria-label={say("childDay.addMilestoneForm")}
          >
            <TextField
              label={say("childDay.milestone")}
              {...form.register("name")}
              error={Boolean(errors.name)}
              helperText={fieldError(errors.name?.message, say)}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <Controller
                control={form.control}
                name="area"
                render={({ field }) => (
                  <TextField
                    select
                    label={say("childDay.area")}
                    value={field.value ?? ""}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={Boolean(errors.area)}
                    helperText={fieldError(errors.area?.message, say)}
                    sx={{ flex: 1 }}
                  >
                    <MenuItem value="">{say("childDay.outsideAreas")}</MenuItem>
                    {MILESTONES.map((area) => (
                      <MenuItem key={area} value={area}>
                        {area}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <TextField
                label={say("childDay.sourceLabel")}
                {...form.register("source")}
                error={Boolean(errors.source)}
                helperText={fieldError(errors.source?.message, say) ?? say("childDay.sourceHelp")}
                sx={{ flex: 1 }}
              />
            </Stack>
            <Button
              type="submit"
              variant="contained"
              disabled={add.isPending || !centreId}
              sx={{ minHeight: 44, alignSelf: "flex-start" }}
            >
              {say("childDay.addMilestone")}
            </Button>
            {add.isError && (
              <Alert severity="error">{refusalMessage(add.error, say("childDay.milestoneSaveFailed"))}</Alert>
            )}
          </Stack>
          {remove.isError && (
            <Alert severity="error">{refusalMessage(remove.error, say("childDay.milestoneDeleteFailed"))}</Alert>
          )}
          {milestones.isPending && centreId && <LinearProgress aria-label={say("childDay.loadingMilestones")} />}
          {milestones.isError && <Alert severity="error">{say("childDay.milestonesLoadFailed")}</Alert>}
          <Typography variant="subtitle2" component="h3">
            {say("childDay.addedByCentre")}
          </Typography>
          {milestones.isSuccess && own.length === 0 && (
            <Typography color="text.secondary">{say("childDay.noMilestonesAdded")}</Typography>
          )}
          <List dense aria-label={say("childDay.centresOwnMilestones")} disablePadding>
            {own.map((item) => (
              <ListItem
                key={item.id}
                divider
                secondaryAction={
                  milestones.data?.can_manage ? (
                    <IconButton
                      edge="end"
                      aria-label={say("childDay.removeItem", { item: item.name })}
                      disabled={remove.isPending}
                      onClick={() => window.confirm(say("childDay.milestoneDeleteConfirm")) && remove.mutate(item.id!)}
                    >
                      <Delete />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={item.name}
                  secondary={[item.area, item.source].filter(Boolean).join(" · ")}
                  slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }}
                />
              </ListItem>
            ))}
          </List>
          <Typography variant="subtitle2" component="h3">
            {say("childDay.fromFramework", { source: MILESTONE_SOURCE })}
          </Typography>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            {builtIn.map((item) => (
              <Chip key={item.name} label={item.name} size="small" variant="outlined" />
            ))}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{say("childDay.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
