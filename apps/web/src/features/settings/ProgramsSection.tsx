import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Grid,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { type CreateProgramRequest, createProgramRequest, groupPrograms } from "@sprout/shared/schemas/settings";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { usePrograms, useSettingsMutations } from "./api";

/** Manage Academic Programs: major programs and their specific programs, used by the enquiry form. */
export function ProgramsSection({ canAdd }: { canAdd: boolean }) {
  const say = useSay();
  const programs = usePrograms();
  const { addProgram } = useSettingsMutations();
  const [done, setDone] = useState("");
  const form = useForm<CreateProgramRequest, unknown, z.output<typeof createProgramRequest>>({
    resolver: zodResolver(createProgramRequest),
    defaultValues: { majorProgram: "", specificProgram: "" },
  });
  const submit = form.handleSubmit(async (values) => {
    setDone("");
    try {
      await addProgram.mutateAsync(values);
      setDone(say("settings.programAdded"));
      form.reset({ majorProgram: values.majorProgram, specificProgram: "" });
    } catch {
      /* shown from the mutation's error */
    }
  });
  const groups = groupPrograms(programs.data ?? []);

  return (
    <Card variant="outlined" component="section" aria-labelledby="programs-title">
      <CardContent>
        <Typography id="programs-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {say("settings.programsTitle")}
        </Typography>
        {canAdd && (
          <Box component="form" noValidate onSubmit={submit} sx={{ mb: 3 }} aria-label={say("settings.addProgramForm")}>
            <Grid container spacing={2} sx={{ alignItems: "flex-start" }}>
              {(["majorProgram", "specificProgram"] as const).map((name) => (
                <Grid size={{ xs: 12, sm: 5 }} key={name}>
                  <Controller
                    name={name}
                    control={form.control}
                    render={({ field, fieldState }) => (
                      <TextField
                        {...field}
                        label={name === "majorProgram" ? say("settings.majorProgram") : say("settings.specificProgram")}
                        size="small"
                        fullWidth
                        error={Boolean(fieldState.error)}
                        helperText={
                          fieldState.error?.message ?? (name === "majorProgram" ? say("settings.majorHint") : " ")
                        }
                        slotProps={{ htmlInput: { list: name === "majorProgram" ? "major-programs" : undefined } }}
                      />
                    )}
                  />
                </Grid>
              ))}
              <Grid size={{ xs: 12, sm: 2 }}>
                <Button type="submit" variant="contained" fullWidth disabled={addProgram.isPending}>
                  {say("settings.add")}
                </Button>
              </Grid>
            </Grid>
            <datalist id="major-programs">
              {Object.keys(groups).map((major) => (
                <option key={major} value={major} />
              ))}
            </datalist>
            {addProgram.isError && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {refusalMessage(addProgram.error, say("settings.addProgram"))}
              </Alert>
            )}
            {done && (
              <Alert severity="success" sx={{ mt: 1 }}>
                {done}
              </Alert>
            )}
          </Box>
        )}
        {programs.isLoading && <CircularProgress size={24} />}
        {programs.isError && <Alert severity="error">{say("settings.loadPrograms")}</Alert>}
        <Stack spacing={1.5}>
          {Object.entries(groups).map(([major, specifics]) => (
            <Box key={major}>
              <Typography variant="subtitle2">{major}</Typography>
              <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.75, mt: 0.5 }}>
                {specifics.map((specific) => (
                  <Chip key={specific} label={specific} size="small" variant="outlined" />
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
