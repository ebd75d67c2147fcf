import { Alert, Card, CardContent, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useSignedInUser } from "../../auth/useSession";
import { PageLoader } from "../../components/PageLoader";
import { useMyConsents } from "./api";
import { ChildConsentForm } from "./ChildConsentForm";
import { NoticeText } from "./NoticeText";

/**
 * A parent reads the privacy notice and answers for each child before using the portal: at the
 * first sign-in and whenever a newer notice is published. Staff pass straight through.
 */
export function ConsentGate({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  const isParent = user.role === "parent";
  const consents = useMyConsents(isParent);
  if (!isParent) return children;
  if (consents.isPending) return <PageLoader label="Loading your privacy choices" />;
  // The portal stays usable if the question cannot be loaded; the Privacy page asks again.
  if (consents.isError || !consents.data.needs_answer || !consents.data.notice) return children;
  const { notice } = consents.data;
  const waiting = consents.data.children.filter((child) => !child.up_to_date);
  return (
    <Stack spacing={2.5} sx={{ maxWidth: 820, mx: "auto" }} data-testid="consent-gate">
      <Typography variant="h5" component="h1">
        Before you continue: your child's information
      </Typography>
      <Alert severity="info">
        Please read how {waiting[0]?.center_name ?? "the centre"} looks after your family's information, then answer for
        each child. You can change your answers at any time on the Privacy page.
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
            <ChildConsentForm child={child} noticeVersion={notice.version} submitLabel="Save my answers" />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
