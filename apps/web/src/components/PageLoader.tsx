import { Box, CircularProgress, Typography } from "@mui/material";

export function PageLoader({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: "60vh", display: "grid", placeItems: "center", alignContent: "center", gap: 2 }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}…</Typography>
    </Box>
  );
}
