import Spa from "@mui/icons-material/Spa";
import { Box, Paper, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** The frame of the signed-out screens: brand, heading and a centred card. */
export function AuthCard({
  title,
  subtitle,
  corner,
  children,
}: {
  title: string;
  subtitle?: string;
  /** Shown above the card, at its right (the sign-in page's language switch). */
  corner?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: "100vh",
        display: "grid",
        placeItems: "center",
        p: 2,
        background: "linear-gradient(160deg, #e8f3ed 0%, #f4f7f5 45%, #eef1fb 100%)",
      }}
    >
      <Stack spacing={1.5} sx={{ width: "100%", maxWidth: 440 }}>
        {corner && <Box sx={{ alignSelf: "flex-end" }}>{corner}</Box>}
        <Paper elevation={0} variant="outlined" sx={{ width: "100%", p: { xs: 3, sm: 5 } }}>
          <Stack spacing={1} sx={{ alignItems: "center", textAlign: "center", mb: 3 }}>
            <Box
              sx={{
                width: 56,
                height: 56,
                borderRadius: "16px",
                bgcolor: "primary.main",
                color: "primary.contrastText",
                display: "grid",
                placeItems: "center",
                mb: 1,
              }}
            >
              <Spa fontSize="large" aria-hidden />
            </Box>
            <Typography variant="h4" component="h1">
              {title}
            </Typography>
            {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
          </Stack>
          {children}
        </Paper>
      </Stack>
    </Box>
  );
}
