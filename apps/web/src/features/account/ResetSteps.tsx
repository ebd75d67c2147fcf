import { Step, StepLabel, Stepper } from "@mui/material";

const STEPS = ["Enter Email", "Verify Code", "Reset Password"];

/** The three steps of the password reset, shown on each of its screens. */
export function ResetSteps({ active }: { active: 0 | 1 | 2 }) {
  return (
    <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }}>
      {STEPS.map((label) => (
        <Step key={label}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
