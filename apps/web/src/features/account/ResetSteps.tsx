import { Step, StepLabel, Stepper } from "@mui/material";

const STEPS = ["Enter Email", "Verify Code", "Reset Password"];
/** An invitation arrives by e-mail with its code: the first step is the invitation itself. */
const INVITATION_STEPS = ["Invitation", "Verify Code", "Set Password"];

/** The three steps of the password reset (or of accepting an invitation), shown on each screen. */
export function ResetSteps({ active, invitation = false }: { active: 0 | 1 | 2; invitation?: boolean }) {
  return (
    <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }}>
      {(invitation ? INVITATION_STEPS : STEPS).map((label) => (
        <Step key={label}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
