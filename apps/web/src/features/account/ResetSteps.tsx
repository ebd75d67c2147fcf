import { Step, StepLabel, Stepper } from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { useSay } from "../../i18n/useSay";

const STEPS: MessageId[] = ["account.stepEnterEmail", "account.verifyCode", "account.resetTitle"];
/** An invitation arrives by e-mail with its code: the first step is the invitation itself. */
const INVITATION_STEPS: MessageId[] = ["account.stepInvitation", "account.verifyCode", "account.setPassword"];

/** The three steps of the password reset (or of accepting an invitation), shown on each screen. */
export function ResetSteps({ active, invitation = false }: { active: 0 | 1 | 2; invitation?: boolean }) {
  const say = useSay();
  return (
    <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }}>
      {(invitation ? INVITATION_STEPS : STEPS).map((label) => (
        <Step key={label}>
          <StepLabel>{say(label)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
