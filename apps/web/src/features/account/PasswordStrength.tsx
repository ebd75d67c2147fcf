import { Box, LinearProgress, Typography } from "@mui/material";
import { passwordStrength } from "@sprout/shared/schemas/account";

const COLOURS = ["error", "error", "error", "warning", "info", "success"] as const;

/** The 0-to-5 strength meter with its label. */
export function PasswordStrength({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <Box aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={(score / 5) * 100}
        color={COLOURS[score]}
        aria-label="Password strength"
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="caption" color="text.secondary">
        Password strength: <strong>{password ? label : "—"}</strong> ({password ? score : 0}/5)
      </Typography>
    </Box>
  );
}
