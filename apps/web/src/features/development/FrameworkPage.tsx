import ExpandMore from "@mui/icons-material/ExpandMore";
import UploadFile from "@mui/icons-material/UploadFile";
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { may } from "@sprout/shared/access";
import {
  type DevelopmentSettings,
  developmentSettingsInput,
  type FrameworkDetail,
} from "@sprout/shared/schemas/development/frameworks-api";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { CentrePicker } from "../../components/CentrePicker";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useCentres } from "../children/api";
import {
  useAddFramework,
  useDevelopmentSettings,
  useFramework,
  useFrameworks,
  useSaveDevelopmentSettings,
} from "./frameworks-api";

/** `/development/framework`: the centre's framework to browse; its choice and level names for those who may. */
export function FrameworkPage() {
  const say = useSay();
  const user = useSignedInUser();
  const centres = useCentres();
  const [chosen, setChosen] = useState<string | null>(null);
  const centreId = chosen ?? user.center_id ?? centres.data?.[0]?.id ?? null;
  const settings = useDevelopmentSettings(centreId);
  const framework = useFramework(settings.data?.framework_key ?? null);

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Typography variant="h4" component="h1">
        {say("development.frameworkTitle")}
      </Typography>
      {(centres.data?.length ?? 0) > 1 && (
        <CentrePicker
          centres={centres.data ?? []}
          value={centreId ?? ""}
          onChange={setChosen}
          label={say("development.centre")}
        />
      )}
      {settings.isError && <Alert severity="error">{say("development.settingsLoadFailed")}</Alert>}
      {settings.data?.can_choose && <SettingsCard settings={settings.data} />}
      {may(user.role, "development.addFramework") && <AddFrameworkCard />}
      {(settings.isPending || framework.isPending) && !settings.isError && (
        <LinearProgress aria-label={say("development.loadingFramework")} />
      )}
      {framework.isError && <Alert severity="error">{say("development.frameworkLoadFailed")}</Alert>}
      {framework.data && settings.data && <FrameworkView framework={framework.data} settings={settings.data} />}
    </Stack>
  );
}

/** The framework browsable by domain → goal → competency, with its source cited. */
function FrameworkView({ framework, settings }: { framework: FrameworkDetail; settings: DevelopmentSettings }) {
  const say = useSay();
  return (
    <Stack spacing={2} component="section" aria-labelledby="framework-name">
      <Box>
        <Typography id="framework-name" variant="h5" component="h2">
          {framework.name}
        </Typography>
        <Typography color="text.secondary">{say("development.counts", framework.counts)}</Typography>
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Typography>
            {say("development.sourceLine", {
              title: framework.source.title,
              publisher: framework.source.publisher,
              year: String(framework.source.year),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {say("development.sourceWhere", { where: framework.source.where })}
          </Typography>
          <Link href={framework.source.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: "anywhere" }}>
            {say("development.openSource")}
          </Link>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={3} sx={{ mt: 2 }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="subtitle2" component="h3">
                {say("development.levels")}
              </Typography>
              <List dense disablePadding>
                {settings.levels.map((level) => (
                  <ListItem key={level.key} disableGutters>
                    <ListItemText primary={level.label} secondary={level.description} />
                  </ListItem>
                ))}
              </List>
            </Box>
            <Box sx={{ flex: 1 }}>
              <Typography variant="subtitle2" component="h3">
                {say("development.ageBands")}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1, mt: 1 }}>
                {framework.age_bands.map((band) => (
                  <Chip key={band.key} label={band.label} />
                ))}
              </Stack>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      <Box>
        {framework.domains.map((domain) => (
          <Accordion key={domain.code} disableGutters>
            <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`domain-${domain.code}`}>
              <Stack>
                <Typography sx={{ fontWeight: 600 }}>
                  {domain.code} · {domain.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {say("development.goalCount", { count: domain.goals.length })}
                </Typography>
              </Stack>
            </AccordionSummary>
            <AccordionDetails id={`domain-${domain.code}`}>
              <Stack spacing={2}>
                {domain.goals.map((goal) => (
                  <Box key={goal.code} component="section" aria-label={goal.code}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                      {goal.code}: {goal.text}
                    </Typography>
                    <List dense disablePadding>
                      {goal.competencies.map((competency) => (
                        <ListItem key={competency.code} disableGutters sx={{ alignItems: "flex-start", gap: 1 }}>
                          <Chip size="small" label={competency.code} sx={{ mt: 0.5 }} />
                          <ListItemText
                            primary={competency.text}
                            secondary={competency.age_bands
                              .map((key) => framework.age_bands.find((band) => band.key === key)?.label ?? key)
                              .join(" · ")}
                          />
                        </ListItem>
                      ))}
                    </List>
                  </Box>
                ))}
              </Stack>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </Stack>
  );
}

type SettingsForm = z.input<typeof developmentSettingsInput>;
const fromSettings = (settings: DevelopmentSettings): SettingsForm => ({
  framework_key: settings.framework_key,
  level_labels: Object.fromEntries(settings.levels.map((level) => [level.key, level.custom_label])),
});

/** The centre's framework and its own names for the levels. */
function SettingsCard({ settings }: { settings: DevelopmentSettings }) {
  const say = useSay();
  const frameworks = useFrameworks();
  const save = useSaveDevelopmentSettings(settings.center_id);
  const form = useForm<SettingsForm, unknown, z.output<typeof developmentSettingsInput>>({
    resolver: zodResolver(developmentSettingsInput),
    defaultValues: fromSettings(settings),
  });
  const { reset } = form;
  useEffect(() => reset(fromSettings(settings)), [settings, reset]);
  const key = form.watch("framework_key");
  const chosenFramework = useFramework(key);
  // The level names belong to the framework chosen in the form (another framework, other levels).
  const levels =
    key === settings.framework_key
      ? settings.levels.map((level) => ({ key: level.key, label: level.framework_label }))
      : (chosenFramework.data?.levels ?? []);
  const submit = form.handleSubmit((body) => {
    const known = new Set(levels.map((level) => level.key));
    const labels = Object.fromEntries(Object.entries(body.level_labels).filter(([level]) => known.has(level)));
    save.mutate({ ...body, level_labels: labels });
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="settings-title">
      <CardContent>
        <Stack component="form" noValidate onSubmit={submit} spacing={2}>
          <Typography id="settings-title" variant="h6" component="h2">
            {say("development.settingsTitle")}
          </Typography>
          <Controller
            control={form.control}
            name="framework_key"
            render={({ field }) => (
              <TextField select label={say("development.framework")} {...field}>
                {(frameworks.data?.frameworks ?? []).map((option) => (
                  <MenuItem key={option.key} value={option.key}>
                    {option.built_in ? `${option.name} (${say("development.builtIn")})` : option.name}
                  </MenuItem>
                ))}
                {!frameworks.data && <MenuItem value={settings.framework_key}>{settings.framework_name}</MenuItem>}
              </TextField>
            )}
          />
          <Typography variant="body2" color="text.secondary">
            {say("development.changeNote")}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {levels.map((level) => (
              <Controller
                key={`${key}:${level.key}`}
                control={form.control}
                name={`level_labels.${level.key}`}
                render={({ field }) => (
                  <TextField
                    label={say("development.levelName", { label: level.label })}
                    placeholder={level.label}
                    helperText={say("development.levelNameHelp")}
                    value={field.value ?? ""}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    slotProps={{ htmlInput: { maxLength: 40 } }}
                    fullWidth
                  />
                )}
              />
            ))}
          </Stack>
          {save.isError && (
            <Alert severity="error">{refusalMessage(save.error, say("development.settingsFailed"))}</Alert>
          )}
          {save.isSuccess && <Alert severity="success">{say("development.settingsSaved")}</Alert>}
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending} sx={{ minHeight: 44 }}>
              {say("development.saveSettings")}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A centre group's own framework, from a JSON file; the server says where a bad file is wrong. */
function AddFrameworkCard() {
  const say = useSay();
  const add = useAddFramework();
  return (
    <Card variant="outlined" component="section" aria-labelledby="add-framework-title">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id="add-framework-title" variant="h6" component="h2">
            {say("development.addFramework")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {say("development.addFrameworkHelp")}
          </Typography>
          <Box>
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFile />}
              disabled={add.isPending}
              sx={{ minHeight: 44 }}
            >
              {say("development.addFramework")}
              <input
                hidden
                type="file"
                accept="application/json,.json"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = "";
                  if (file) add.mutate(file);
                }}
              />
            </Button>
          </Box>
          {add.isError && <Alert severity="error">{refusalMessage(add.error, say("development.uploadFailed"))}</Alert>}
          {add.isSuccess && (
            <Alert severity="success">{say("development.frameworkAdded", { name: add.data.short_name })}</Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
