import { Box, LinearProgress, Typography } from "@mui/material";
import { passwordStrength, STRENGTH_LABEL_IDS } from "@sprout/shared/schemas/account";
import { useSay } from "../../i18n/useSay";

const COLOURS = ["error", "error", "error", "warning", "info", "success"] as const;

/** The 0-to-5 strength meter with its label. */
export function PasswordStrength({ password }: { password: string }) {
  const say = useSay();
  const { score } = passwordStrength(password);
  return (
    <Box aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={(score / 5) * 100}
        color={COLOURS[score]}
        aria-label={say("account.strengthMeter")}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="caption" color="text.secondary">
        {say("account.strengthLine")} <strong>{password ? say(STRENGTH_LABEL_IDS[score]!) : "—"}</strong> (
        {password ? score : 0}/5)
      </Typography>
    </Box>
  );
}
