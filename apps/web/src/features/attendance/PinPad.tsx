import Backspace from "@mui/icons-material/Backspace";
import { Box, Button, Stack, Typography } from "@mui/material";
import { useSay } from "../../i18n/useSay";

const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "back"] as const;

/** A 4-digit PIN typed with big keys on a tablet; the digits themselves are never shown. */
export function PinPad({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const say = useSay();
  const press = (key: (typeof KEYS)[number]) => {
    if (key === "clear") onChange("");
    else if (key === "back") onChange(value.slice(0, -1));
    else if (value.length < 4) onChange(value + key);
  };
  return (
    <Stack spacing={2} sx={{ alignItems: "center" }}>
      <Typography
        aria-live="polite"
        aria-label={say("attendance.digitsEntered", { count: value.length })}
        sx={{ fontSize: 40, letterSpacing: 16 }}
      >
        {"●".repeat(value.length)}
        <Box component="span" sx={{ color: "text.disabled" }}>
          {"○".repeat(4 - value.length)}
        </Box>
      </Typography>
      <Box sx={{ display: "grid", gridTemplateColumns: "repeat(3, 88px)", gap: 1.5 }}>
        {KEYS.map((key) => (
          <Button
            key={key}
            variant={key === "clear" || key === "back" ? "text" : "outlined"}
            disabled={disabled}
            onClick={() => press(key)}
            aria-label={
              key === "back" ? say("attendance.deleteDigit") : key === "clear" ? say("attendance.clear") : key
            }
            sx={{ height: 72, fontSize: 28 }}
          >
            {key === "back" ? <Backspace /> : key === "clear" ? "C" : key}
          </Button>
        ))}
      </Box>
    </Stack>
  );
}
