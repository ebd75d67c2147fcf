import ExpandMore from "@mui/icons-material/ExpandMore";
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
  Collapse,
  FormControlLabel,
  Link,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import {
  type AssessedCompetency,
  type ChildAssessment,
  COMMENT_MAX,
  NARRATIVE_MAX,
} from "@sprout/shared/schemas/development/assessments";
import {
  ALL_ABOUT_ME_FIELDS,
  type AllAboutMeField,
  CARD_PHOTOS_MAX,
  PAGE_ANSWER_MAX,
} from "@sprout/shared/schemas/development/card";
import { useEffect, useRef, useState } from "react";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import { Link as RouterLink, useParams } from "react-router";
import { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { formatDate, formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useMediaUrl } from "../digital-portfolio/api";
import { ConfirmDialog, ReissueDialog } from "./AssessmentDialogs";
import { AssessmentStatusChip } from "./AssessmentStatusChip";
import { useAssessment, useAssessmentActions, useAssessmentHistory } from "./assessments-api";

export const PAGE_LABELS: Record<AllAboutMeField, MessageId> = {
  my_name_is: "development.assess.pageMyNameIs",
  i_live_with: "development.assess.pageILiveWith",
  i_like_to_play: "development.assess.pageILikeToPlay",
  my_favourite_food: "development.assess.pageMyFavouriteFood",
  my_friends: "development.assess.pageMyFriends",
  i_am_good_at: "development.assess.pageIAmGoodAt",
  when_i_grow_up: "development.assess.pageWhenIGrowUp",
};

/** The page's form: one entry per competency and domain (codes hold dots, so the form's keys do not). */
const assessmentForm = z.object({
  levels: z.record(z.string(), z.object({ level: z.string(), comment: z.string().max(COMMENT_MAX) })),
  narratives: z.record(z.string(), z.string().max(NARRATIVE_MAX)),
  all_about_me: z.partialRecord(z.enum(ALL_ABOUT_ME_FIELDS), z.string().max(PAGE_ANSWER_MAX)),
  photo_item_ids: z.array(z.string()).max(CARD_PHOTOS_MAX),
});
type FormShape = typeof assessmentForm;
type Form = UseFormReturn<z.input<FormShape>, unknown, z.output<FormShape>>;
const keyOf = (code: string) => code.replaceAll(".", "_");

function valuesOf(assessment: ChildAssessment): z.input<FormShape> {
  const levels: Record<string, { level: string; comment: string }> = {};
  const narratives: Record<string, string> = {};
  for (const domain of assessment.domains) {
    narratives[keyOf(domain.code)] = domain.narrative;
    for (const competency of domain.competencies)
      levels[keyOf(competency.code)] = { level: competency.level ?? "", comment: competency.comment };
  }
  return {
    levels,
    narratives,
    // Every field of the child's page, empty when unanswered (the server keeps only answers).
    all_about_me: Object.fromEntries(ALL_ABOUT_ME_FIELDS.map((field) => [field, assessment.all_about_me[field] ?? ""])),
    photo_item_ids: assessment.photos.map((photo) => photo.item_id),
  };
}

/** One child's term assessment: per domain the competencies, their observations, a level and a narrative. */
export function AssessmentPage() {
  const { id = "", childId = "" } = useParams();
  const say = useSay();
  const assessment = useAssessment(id, childId);
  if (assessment.isLoading) return <Typography>{say("development.assess.loading")}</Typography>;
  if (assessment.isError || !assessment.data)
    return <Alert severity="error">{refusalMessage(assessment.error, say("development.assess.loadFailed"))}</Alert>;
  return <AssessmentForm key={`${id}:${childId}`} assessment={assessment.data} />;
}

function AssessmentForm({ assessment }: { assessment: ChildAssessment }) {
  const say = useSay();
  const termId = assessment.term.id;
  const childId = assessment.child.id;
  const actions = useAssessmentActions(termId, childId);
  const form: Form = useForm<z.input<FormShape>, unknown, z.output<FormShape>>({
    resolver: zodResolver(assessmentForm),
    defaultValues: valuesOf(assessment),
  });
  const [allCompetencies, setAllCompetencies] = useState(assessment.child.age_band === null);
  const [confirmPublish, setConfirmPublish] = useState(false);
  const [reissuing, setReissuing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const editable = assessment.can_record;
  // Each saved state the server answers is what the form holds from then on.
  const { reset } = form;
  const savedAt = assessment.updated_at;
  const latest = useRef(assessment);
  latest.current = assessment;
  useEffect(() => {
    if (savedAt) reset(valuesOf(latest.current));
  }, [savedAt, reset]);
  const published = assessment.status === "published";

  const body = (values: z.output<FormShape>) => ({
    levels: assessment.domains.flatMap((domain) =>
      domain.competencies.flatMap((competency) => {
        const entry = values.levels[keyOf(competency.code)];
        return entry?.level ? [{ competency_code: competency.code, level: entry.level, comment: entry.comment }] : [];
      }),
    ),
    narratives: assessment.domains.map((domain) => ({
      domain_code: domain.code,
      narrative: values.narratives[keyOf(domain.code)] ?? "",
    })),
    all_about_me: values.all_about_me,
    photo_item_ids: values.photo_item_ids,
    updated_at: assessment.updated_at,
  });
  const save = form.handleSubmit((values) =>
    actions.save.mutate(body(values), { onSuccess: () => setSaved(say("development.assess.saved")) }),
  );
  const submit = form.handleSubmit((values) =>
    actions.save.mutate(body(values), {
      onSuccess: () =>
        actions.submit.mutate(undefined, { onSuccess: () => setSaved(say("development.assess.submittedNote")) }),
    }),
  );
  const failure = actions.save.error ?? actions.submit.error;

  return (
    <Stack spacing={2} sx={{ pb: 10 }}>
      <Box>
        <Link component={RouterLink} to={`/development/terms/${termId}`}>
          {say("development.assess.backToClass", { term: assessment.term.name })}
        </Link>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
          <Typography variant="h4" component="h1">
            {assessment.child.name}
          </Typography>
          <AssessmentStatusChip status={assessment.status} version={assessment.version} />
        </Stack>
        <Typography color="text.secondary">
          {[
            assessment.child.classroom_name,
            assessment.child.age_band_label,
            say("development.assess.termDates", {
              from: formatDate(assessment.term.starts_on),
              to: formatDate(assessment.term.ends_on),
            }),
          ]
            .filter(Boolean)
            .join(" · ")}
        </Typography>
      </Box>
      {published && (
        <Alert severity="success">
          {say("development.assess.publishedNote", {
            when: assessment.published_at ? formatDateTime(assessment.published_at) : "",
            version: assessment.version,
          })}
        </Alert>
      )}
      {assessment.reissue_reason && (
        <Alert severity="warning">
          {say("development.assess.reopenedNote", { reason: assessment.reissue_reason })}
        </Alert>
      )}
      {saved && (
        <Alert severity="success" onClose={() => setSaved(null)}>
          {saved}
        </Alert>
      )}
      {Boolean(failure) && (
        <Alert severity="error">{refusalMessage(failure, say("development.assess.saveFailed"))}</Alert>
      )}
      {assessment.child.age_band && (
        <FormControlLabel
          control={<Switch checked={allCompetencies} onChange={(event) => setAllCompetencies(event.target.checked)} />}
          label={say("development.assess.showAll", { band: assessment.child.age_band_label ?? "" })}
        />
      )}
      <Box>
        {assessment.domains.map((domain) => {
          const shown = domain.competencies.filter((competency) => allCompetencies || competency.suggested);
          const done = domain.competencies.filter((competency) => competency.level).length;
          return (
            <Accordion key={domain.code} disableGutters defaultExpanded={domain.code === assessment.domains[0]?.code}>
              <AccordionSummary expandIcon={<ExpandMore />}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {domain.name}
                  </Typography>
                  <Chip size="small" label={say("development.assess.levelsOf", { done, total: shown.length })} />
                  {!domain.narrative && (
                    <Chip size="small" variant="outlined" label={say("development.assess.noNarrative")} />
                  )}
                </Stack>
              </AccordionSummary>
              <AccordionDetails>
                <Stack spacing={2}>
                  <Controller
                    control={form.control}
                    name={`narratives.${keyOf(domain.code)}`}
                    render={({ field, fieldState }) => (
                      <TextField
                        {...field}
                        value={field.value ?? ""}
                        label={say("development.assess.narrative", { domain: domain.name })}
                        multiline
                        minRows={2}
                        fullWidth
                        disabled={!editable}
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error?.message}
                        slotProps={{ htmlInput: { maxLength: NARRATIVE_MAX } }}
                      />
                    )}
                  />
                  {shown.map((competency) => (
                    <CompetencyRow
                      key={competency.code}
                      competency={competency}
                      levels={assessment.levels}
                      form={form}
                      editable={editable}
                    />
                  ))}
                </Stack>
              </AccordionDetails>
            </Accordion>
          );
        })}
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {say("development.assess.pageTitle")}
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
            {ALL_ABOUT_ME_FIELDS.map((field) => (
              <Controller
                key={field}
                control={form.control}
                name={`all_about_me.${field}`}
                render={({ field: input }) => (
                  <TextField
                    {...input}
                    value={input.value ?? ""}
                    label={say(PAGE_LABELS[field])}
                    fullWidth
                    disabled={!editable}
                    slotProps={{ htmlInput: { maxLength: PAGE_ANSWER_MAX } }}
                  />
                )}
              />
            ))}
          </Box>
        </CardContent>
      </Card>
      <PhotoPicker assessment={assessment} form={form} editable={editable} />
      <HistoryCard termId={termId} childId={childId} />
      <Card
        variant="outlined"
        sx={{ position: "sticky", bottom: 0, zIndex: 2, bgcolor: "background.paper", borderRadius: 0 }}
      >
        <Stack direction="row" spacing={1} sx={{ p: 1.5, flexWrap: "wrap", rowGap: 1, justifyContent: "flex-end" }}>
          {editable && (
            <Button variant="outlined" onClick={save} disabled={actions.save.isPending}>
              {say("development.assess.save")}
            </Button>
          )}
          {editable && assessment.status !== "submitted" && (
            <Button variant="outlined" onClick={submit} disabled={actions.save.isPending || actions.submit.isPending}>
              {say("development.assess.submit")}
            </Button>
          )}
          {assessment.can_publish && !published && assessment.assessment_id && (
            <Button variant="contained" onClick={() => setConfirmPublish(true)}>
              {say("development.assess.publish")}
            </Button>
          )}
          {assessment.can_publish && published && (
            <Button variant="contained" color="warning" onClick={() => setReissuing(true)}>
              {say("development.assess.reissue")}
            </Button>
          )}
        </Stack>
      </Card>
      {confirmPublish && (
        <ConfirmDialog
          title={say("development.assess.publishTitle", { name: assessment.child.name })}
          body={say(form.formState.isDirty ? "development.assess.publishUnsaved" : "development.assess.publishBody")}
          confirm={say("development.assess.publish")}
          pending={actions.publish.isPending}
          error={actions.publish.error}
          onClose={() => setConfirmPublish(false)}
          onConfirm={() => actions.publish.mutate(undefined, { onSuccess: () => setConfirmPublish(false) })}
        />
      )}
      {reissuing && (
        <ReissueDialog
          childName={assessment.child.name}
          pending={actions.reissue.isPending}
          error={actions.reissue.error}
          onClose={() => setReissuing(false)}
          onReissue={(reason) => actions.reissue.mutate(reason, { onSuccess: () => setReissuing(false) })}
        />
      )}
    </Stack>
  );
}

function CompetencyRow({
  competency,
  levels,
  form,
  editable,
}: {
  competency: AssessedCompetency;
  levels: ChildAssessment["levels"];
  form: Form;
  editable: boolean;
}) {
  const say = useSay();
  const [open, setOpen] = useState(false);
  const key = keyOf(competency.code);
  return (
    <Box sx={{ borderTop: 1, borderColor: "divider", pt: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
        <Typography variant="subtitle2" component="h3">
          {competency.code}
        </Typography>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 200 }}>
          {competency.text}
        </Typography>
        {competency.suggested && (
          <Chip size="small" color="primary" variant="outlined" label={say("development.assess.suggested")} />
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {competency.goal_code}: {competency.goal_text}
      </Typography>
      <Box>
        <Button size="small" onClick={() => setOpen(!open)} disabled={competency.observations_total === 0}>
          {say("development.assess.observations", { count: competency.observations_total })}
        </Button>
      </Box>
      <Collapse in={open} unmountOnExit>
        <Stack spacing={1} sx={{ pl: 1, borderLeft: 3, borderColor: "primary.light", my: 1 }}>
          {competency.observations.map((seen) => (
            <Box key={seen.id}>
              <Typography variant="caption" color="text.secondary">
                {formatDate(seen.day)}
                {seen.milestone ? ` · ${seen.milestone}` : ""}
                {seen.attachments ? ` · ${say("development.assess.attachments", { count: seen.attachments })}` : ""}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
                {seen.notes}
              </Typography>
            </Box>
          ))}
        </Stack>
      </Collapse>
      <Stack direction={{ xs: "column", md: "row" }} spacing={1.5} sx={{ mt: 1, alignItems: { md: "center" } }}>
        <Controller
          control={form.control}
          name={`levels.${key}.level`}
          render={({ field }) => (
            <ToggleButtonGroup
              exclusive
              size="small"
              value={field.value || null}
              onChange={(_event, value: string | null) => field.onChange(value ?? "")}
              disabled={!editable}
              aria-label={say("development.assess.levelFor", { code: competency.code })}
              sx={{ width: { xs: "100%", md: "auto" }, flexShrink: 0 }}
            >
              {levels.map((level) => (
                <ToggleButton
                  key={level.key}
                  value={level.key}
                  title={level.description}
                  sx={{
                    textTransform: "none",
                    whiteSpace: { md: "nowrap" },
                    lineHeight: 1.25,
                    flex: { xs: 1, md: "none" },
                  }}
                >
                  {level.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
        />
        <Controller
          control={form.control}
          name={`levels.${key}.comment`}
          render={({ field }) => (
            <TextField
              {...field}
              value={field.value ?? ""}
              size="small"
              label={say("development.assess.comment")}
              fullWidth
              disabled={!editable}
              slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
            />
          )}
        />
      </Stack>
    </Box>
  );
}

function PhotoPicker({ assessment, form, editable }: { assessment: ChildAssessment; form: Form; editable: boolean }) {
  const say = useSay();
  const known = new Map([...assessment.photo_choices, ...assessment.photos].map((photo) => [photo.item_id, photo]));
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {say("development.assess.photosTitle")}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {say("development.assess.photosHelp", { max: CARD_PHOTOS_MAX })}
        </Typography>
        <Controller
          control={form.control}
          name="photo_item_ids"
          render={({ field }) => {
            const chosen = field.value;
            if (known.size === 0) return <Typography>{say("development.assess.noPhotos")}</Typography>;
            return (
              <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: "repeat(auto-fill, minmax(96px, 1fr))" }}>
                {[...known.values()].map((photo) => {
                  const on = chosen.includes(photo.item_id);
                  const full = !on && chosen.length >= CARD_PHOTOS_MAX;
                  return (
                    <Thumbnail
                      key={photo.item_id}
                      url={photo.thumbnail_url}
                      label={photo.title || formatDate(photo.taken_at)}
                      selected={on}
                      disabled={!editable || full}
                      onToggle={() =>
                        field.onChange(on ? chosen.filter((id) => id !== photo.item_id) : [...chosen, photo.item_id])
                      }
                    />
                  );
                })}
              </Box>
            );
          }}
        />
      </CardContent>
    </Card>
  );
}

function Thumbnail({
  url,
  label,
  selected,
  disabled,
  onToggle,
}: {
  url: string | null;
  label: string;
  selected: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const image = useMediaUrl(url);
  return (
    <Box
      component="button"
      type="button"
      onClick={onToggle}
      disabled={disabled}
      aria-pressed={selected}
      aria-label={label}
      sx={{
        p: 0,
        aspectRatio: "1",
        border: 3,
        borderColor: selected ? "primary.main" : "transparent",
        borderRadius: 1,
        overflow: "hidden",
        cursor: disabled ? "default" : "pointer",
        opacity: disabled && !selected ? 0.5 : 1,
        bgcolor: "grey.200",
      }}
    >
      {image.data && (
        <Box component="img" src={image.data} alt="" sx={{ width: "100%", height: "100%", objectFit: "cover" }} />
      )}
    </Box>
  );
}

function HistoryCard({ termId, childId }: { termId: string; childId: string }) {
  const say = useSay();
  const history = useAssessmentHistory(termId, childId);
  if (!history.data || history.data.versions.length === 0) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {say("development.assess.historyTitle")}
        </Typography>
        <Stack spacing={1} component="ol" sx={{ m: 0, pl: 2.5 }}>
          {history.data.versions.map((version) => (
            <Box component="li" key={version.version}>
              <Typography variant="body2">
                {say("development.assess.historyLine", {
                  version: version.version,
                  when: formatDateTime(version.published_at),
                  name: version.published_by_name ?? "—",
                })}
              </Typography>
              {version.reason && (
                <Typography variant="body2" color="text.secondary">
                  {say("development.assess.historyReason", { reason: version.reason })}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
