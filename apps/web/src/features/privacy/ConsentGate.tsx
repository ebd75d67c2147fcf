import { Alert, AlertTitle, Box, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import type { ChildConsents } from "@sprout/shared/schemas/privacy";
import { type ReactNode, useDeferredValue } from "react";
import { Link as RouterLink } from "react-router";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { PageLoader } from "../../components/PageLoader";
import { useSay } from "../../i18n/useSay";
import { useMyConsents } from "./api";
import { ChildConsentForm } from "./ChildConsentForm";
import { NoticeText } from "./NoticeText";

/**
 * A parent reads the privacy notice and answers for each child before using the portal: at the
 * first sign-in and whenever a newer notice is published. Staff pass straight through. While a
 * family refuses core records and billing, every page of the portal says what that means.
 */
export function ConsentGate({ children }: { children: ReactNode }) {
  const say = useSay();
  const user = useSignedInUser();
  const isParent = user.role === "parent";
  const consents = useMyConsents(isParent);
  // The portal behind the gate is a large tree for a phone: it renders in the background, in
  // slices, instead of in one long task when the answer arrives.
  const loading = useDeferredValue(consents.isPending);
  if (!isParent) return children;
  if (loading || consents.isPending) return <PageLoader label={say("privacy.loadingChoices")} />;
  // Without the answer the portal cannot know whether consent is owed: it waits for it.
  if (consents.isError)
    return (
      <Alert
        severity="error"
        data-testid="consent-gate-error"
        action={
          <Button color="inherit" size="small" onClick={() => void consents.refetch()} disabled={consents.isFetching}>
            {say(consents.isFetching ? "privacy.retrying" : "privacy.retry")}
          </Button>
        }
      >
        {refusalMessage(consents.error, say("privacy.choicesFailed"))} {say("privacy.pleaseTryAgain")}
      </Alert>
    );
  const refused = consents.data.children.filter((child) => child.records_refused);
  if (!consents.data.needs_answer)
    return (
      <>
        {refused.length > 0 && <RecordsRefused refused={refused} />}
        {children}
      </>
    );
  const { notice } = consents.data;
  const waiting = consents.data.children.filter((child) => !child.up_to_date);
  return (
    <Stack spacing={2.5} sx={{ maxWidth: 820, mx: "auto" }} data-testid="consent-gate">
      <Typography variant="h5" component="h1">
        {say("privacy.gateTitle")}
      </Typography>
      <Alert severity="info">
        {say("privacy.gateExplained", { centre: waiting[0]?.center_name ?? say("privacy.theCentre") })}
      </Alert>
      <Card variant="outlined">
        <CardContent>
          <NoticeText notice={notice} maxHeight={320} />
        </CardContent>
      </Card>
      {waiting.map((child) => (
        <Card key={child.child_id} variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {child.child_name}
            </Typography>
            <ChildConsentForm child={child} noticeVersion={notice.version} submitLabel={say("privacy.saveMyAnswers")} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** The consequence of refusing the required purpose, and the way back, above every portal page. */
function RecordsRefused({ refused }: { refused: ChildConsents[] }) {
  const say = useSay();
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {refused.map((child) => (
        <Alert key={child.child_id} severity="warning" data-testid="records-refused">
          <AlertTitle>{say("privacy.notAgreedTitle", { name: child.child_name })}</AlertTitle>
          {say("privacy.requiredRefused")} {child.center_name}
          {child.center_phone && `: ${child.center_phone}`}
          {child.center_email && `, ${child.center_email}`}. {say("privacy.centreTold")}
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to="/privacy" color="inherit" size="small" variant="outlined">
              {say("privacy.changeMyAnswer")}
            </Button>
          </Box>
        </Alert>
      ))}
    </Stack>
  );
}
