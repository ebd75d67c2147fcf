import ArrowBack from "@mui/icons-material/ArrowBack";
import Download from "@mui/icons-material/Download";
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from "@mui/material";
import { ALL_ABOUT_ME_FIELDS, PARENT_PAGE_FIELDS } from "@sprout/shared/schemas/development/card";
import type { ProgressCard } from "@sprout/shared/schemas/development/progress-card";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { LevelScale } from "./LevelScale";
import { ParentPageForm } from "./ParentPageForm";
import { downloadCardPdf, useAcknowledge, useCardPhoto, useProgressCard } from "./progress-card-api";

function CardPhoto({ assessmentId, itemId, title }: { assessmentId: string; itemId: string; title: string }) {
  const say = useSay();
  const photo = useCardPhoto(assessmentId, itemId);
  useEffect(() => () => void (photo.data && URL.revokeObjectURL(photo.data)), [photo.data]);
  if (!photo.data) return <Box sx={{ aspectRatio: "4 / 3", bgcolor: "action.hover", borderRadius: 1 }} />;
  return (
    <Box
      component="img"
      src={photo.data}
      alt={say("development.cards.photoAlt", { title })}
      sx={{ width: "100%", aspectRatio: "4 / 3", objectFit: "cover", borderRadius: 1 }}
    />
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Acknowledgement({ card }: { card: ProgressCard }) {
  const say = useSay();
  const acknowledge = useAcknowledge(card.assessment_id);
  if (card.acknowledged_at)
    return (
      <Alert severity="success">
        {say(card.can_respond ? "development.cards.acknowledged" : "development.cards.acknowledgedStaff", {
          date: formatDate(card.acknowledged_at),
        })}
      </Alert>
    );
  if (!card.can_respond) return <Alert severity="info">{say("development.cards.notAcknowledged")}</Alert>;
  return (
    <Stack spacing={1}>
      {acknowledge.isError && <Alert severity="error">{say("development.cards.acknowledgeFailed")}</Alert>}
      <Button
        variant="contained"
        onClick={() => acknowledge.mutate()}
        disabled={acknowledge.isPending}
        sx={{ alignSelf: "flex-start", minHeight: 44 }}
      >
        {say("development.cards.acknowledge")}
      </Button>
    </Stack>
  );
}

/** The Holistic Progress Card on screen (issue 36, point 4), phone first; the PDF in colour or grey. */
export function ProgressCardPage() {
  const say = useSay();
  const navigate = useNavigate();
  const { assessmentId = "" } = useParams();
  const card = useProgressCard(assessmentId);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const download = (shade: "colour" | "grey") => {
    setDownloadFailed(false);
    downloadCardPdf(assessmentId, shade).catch(() => setDownloadFailed(true));
  };

  if (card.isPending) return <LinearProgress aria-label={say("development.cards.loading")} />;
  if (card.isError) return <Alert severity="error">{say("development.cards.loadFailed")}</Alert>;
  const data = card.data;
  const steps = data.scale.length;
  const aboutMe = ALL_ABOUT_ME_FIELDS.filter((field) => data.all_about_me[field]?.trim());
  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      <Button startIcon={<ArrowBack />} onClick={() => navigate(-1)} sx={{ alignSelf: "flex-start", minHeight: 44 }}>
        {say("development.cards.back")}
      </Button>
      <Box>
        <Typography variant="overline" color="text.secondary">
          {say("development.card.title")} · {say("development.card.stage")}
        </Typography>
        <Typography variant="h4" component="h1">
          {data.child.name}
        </Typography>
        <Typography>
          {data.term.name} ·{" "}
          {say("development.card.termDates", {
            from: formatDate(data.term.starts_on),
            to: formatDate(data.term.ends_on),
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {say("development.cards.childLine", {
            classroom: data.child.classroom_name ?? "—",
            centre: data.child.centre_name,
            teachers: data.child.teacher_names.join(", ") || "—",
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {say("development.cards.version", { version: data.version, date: formatDate(data.published_at) })}
        </Typography>
      </Box>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
        <Button variant="outlined" startIcon={<Download />} onClick={() => download("colour")} sx={{ minHeight: 44 }}>
          {say("development.cards.downloadColour")}
        </Button>
        <Button variant="outlined" startIcon={<Download />} onClick={() => download("grey")} sx={{ minHeight: 44 }}>
          {say("development.cards.downloadGrey")}
        </Button>
      </Stack>
      {downloadFailed && <Alert severity="error">{say("development.cards.downloadFailed")}</Alert>}
      <Acknowledgement card={data} />
      <Alert severity="info" icon={false}>
        {data.attendance.days_open === 0
          ? say("development.cards.attendanceNone")
          : say("development.cards.attendance", {
              present: data.attendance.days_present,
              open: data.attendance.days_open,
            })}
      </Alert>
      <Section title={say("development.card.allAboutMe")}>
        {aboutMe.length === 0 && (
          <Typography color="text.secondary">{say("development.card.allAboutMeEmpty")}</Typography>
        )}
        <Box component="dl" sx={{ m: 0 }}>
          {aboutMe.map((field) => (
            <Box key={field} sx={{ mb: 1 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {say(`development.aboutMe.${field}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {data.all_about_me[field]}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>
      {data.domains.map((domain) => (
        <Section key={domain.code} title={`${domain.name} (${domain.code})`}>
          <Stack spacing={1.5}>
            {domain.competencies.map((competency) => (
              <Box key={competency.code}>
                <Typography variant="body2">
                  <Chip label={competency.code} size="small" sx={{ mr: 1 }} />
                  {competency.text}
                </Typography>
                <Box sx={{ mt: 0.5 }}>
                  <LevelScale index={competency.level_index} steps={steps} label={competency.level_label} />
                </Box>
                {competency.comment && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {competency.comment}
                  </Typography>
                )}
              </Box>
            ))}
            <Box>
              <Typography variant="subtitle2">{say("development.card.narrative")}</Typography>
              <Typography>{domain.narrative ?? say("development.card.noNarrative")}</Typography>
            </Box>
          </Stack>
        </Section>
      ))}
      {data.photos.length > 0 && (
        <Section title={say("development.card.photos")}>
          <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, 1fr)" } }}>
            {data.photos.map((photo) => (
              <CardPhoto
                key={photo.item_id}
                assessmentId={data.assessment_id}
                itemId={photo.item_id}
                title={photo.title}
              />
            ))}
          </Box>
        </Section>
      )}
      <Section title={say("development.card.parentPage")}>
        {data.can_respond ? (
          <ParentPageForm card={data} />
        ) : data.parent_page ? (
          <Box component="dl" sx={{ m: 0 }}>
            {PARENT_PAGE_FIELDS.filter((field) => data.parent_page?.answers[field]).map((field) => (
              <Box key={field} sx={{ mb: 1 }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {say(`development.parentPage.${field}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {data.parent_page?.answers[field]}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : (
          <Typography color="text.secondary">{say("development.card.parentPageEmpty")}</Typography>
        )}
      </Section>
    </Stack>
  );
}
