import ExpandMore from "@mui/icons-material/ExpandMore";
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Card,
  CardContent,
  Stack,
  Tab,
  Tabs,
  Typography,
} from "@mui/material";
import { canOpen } from "@sprout/shared/navigation";
import { useState } from "react";
import { useSignedInUser } from "../../auth/useSession";
import { AccessDenied } from "../../components/AccessDenied";
import { PageLoader } from "../../components/PageLoader";
import { useSay } from "../../i18n/useSay";
import { useCurrentNotice, useMyConsents } from "./api";
import { CentreAccessLog } from "./CentreAccessLog";
import { ChildAccessLog } from "./ChildAccessLog";
import { ChildConsentForm } from "./ChildConsentForm";
import { NoticeEditor } from "./NoticeEditor";
import { NoticeText } from "./NoticeText";

/** Privacy: a family's consents and who viewed their children's records; leaders' log and notice. */
export function PrivacyPage() {
  const say = useSay();
  const user = useSignedInUser();
  if (!canOpen(user.role, "/privacy")) return <AccessDenied />;
  return (
    <Stack spacing={2.5}>
      <Typography variant="h4" component="h1">
        {say("privacy.pageTitle")}
      </Typography>
      {user.role === "parent" ? (
        <FamilyPrivacy />
      ) : user.role === "center_director" ? (
        <CentreAccessLog />
      ) : (
        <LeaderPrivacy />
      )}
    </Stack>
  );
}

function FamilyPrivacy() {
  const say = useSay();
  const consents = useMyConsents();
  if (consents.isPending) return <PageLoader label={say("privacy.loadingChoices")} />;
  if (consents.isError) return <Alert severity="error">{say("privacy.choicesFailedRetry")}</Alert>;
  const { notice, children } = consents.data;
  return (
    <Stack spacing={2.5}>
      <Accordion variant="outlined" disableGutters>
        <AccordionSummary expandIcon={<ExpandMore />}>
          <Typography>{say("privacy.readNotice", { version: notice.version })}</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <NoticeText notice={notice} />
        </AccordionDetails>
      </Accordion>
      {children.length === 0 && <Alert severity="info">{say("privacy.noChild")}</Alert>}
      {children.map((child) => (
        <Card key={child.child_id} variant="outlined">
          <CardContent>
            <Stack spacing={3}>
              <Stack spacing={1.5}>
                <Typography variant="h5" component="h2">
                  {child.child_name}
                </Typography>
                <ChildConsentForm
                  child={child}
                  noticeVersion={notice.version}
                  submitLabel={say("privacy.saveChanges")}
                />
              </Stack>
              <ChildAccessLog childId={child.child_id} childName={child.child_name} />
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function LeaderPrivacy() {
  const say = useSay();
  const [tab, setTab] = useState<"log" | "notice">("log");
  const notice = useCurrentNotice();
  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_event, next) => setTab(next)} aria-label={say("privacy.sections")}>
        <Tab value="log" label={say("privacy.accessLog")} />
        <Tab value="notice" label={say("privacy.privacyNotice")} />
      </Tabs>
      {tab === "log" && <CentreAccessLog />}
      {tab === "notice" &&
        (notice.isPending ? (
          <PageLoader label={say("privacy.loadingNotice")} />
        ) : notice.isError ? (
          <Alert severity="error">{say("privacy.noticeFailed")}</Alert>
        ) : (
          <NoticeEditor current={notice.data.notice} />
        ))}
    </Stack>
  );
}
