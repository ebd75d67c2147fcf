import { Box, Stack, Typography } from "@mui/material";
import { useSay } from "../../i18n/useSay";

/** A level as a row of boxes, the reached ones filled, and its word (readable without colour). */
export function LevelScale({ index, steps, label }: { index: number; steps: number; label: string }) {
  const say = useSay();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <Box
        role="img"
        aria-label={say("development.cards.levelOf", { level: label, step: index + 1, steps })}
        sx={{ display: "flex", gap: 0.5 }}
      >
        {Array.from({ length: steps }, (_, at) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are the scale's steps, in order
            key={at}
            sx={{
              width: 14,
              height: 14,
              border: 1,
              borderColor: "text.secondary",
              bgcolor: at <= index ? "primary.main" : "transparent",
            }}
          />
        ))}
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
    </Stack>
  );
}
