import { Box, TextField } from "@mui/material";
import { type ClipboardEvent, type KeyboardEvent, useRef } from "react";
import { useSay } from "../../i18n/useSay";

interface Props {
  value: string;
  onChange: (value: string) => void;
  length?: number;
  disabled?: boolean;
  error?: boolean;
}

const clean = (text: string) => text.replace(/[^A-Za-z0-9]/g, "").toUpperCase();

/** Six single-character boxes: typing moves on, Backspace moves back, a pasted code fills them all. */
export function CodeBoxes({ value, onChange, length = 6, disabled, error }: Props) {
  const say = useSay();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const chars = Array.from({ length }, (_, index) => value[index] ?? "");

  const setAt = (index: number, char: string) => {
    const next = chars.slice();
    next[index] = char;
    onChange(next.join("").slice(0, length));
  };

  const onInput = (index: number, raw: string) => {
    const typed = clean(raw);
    if (typed.length > 1) {
      // Some keyboards and autofill put several characters into one box.
      fill(index, typed);
      return;
    }
    setAt(index, typed);
    if (typed && index < length - 1) boxes.current[index + 1]?.focus();
  };

  const fill = (from: number, text: string) => {
    const next = chars.slice();
    for (let offset = 0; offset < text.length && from + offset < length; offset++) next[from + offset] = text[offset]!;
    onChange(next.join(""));
    boxes.current[Math.min(from + text.length, length - 1)]?.focus();
  };

  const onPaste = (index: number, event: ClipboardEvent) => {
    event.preventDefault();
    fill(index, clean(event.clipboardData.getData("text")));
  };

  const onKeyDown = (index: number, event: KeyboardEvent) => {
    if (event.key === "Backspace" && !chars[index] && index > 0) {
      setAt(index - 1, "");
      boxes.current[index - 1]?.focus();
    } else if (event.key === "ArrowLeft" && index > 0) boxes.current[index - 1]?.focus();
    else if (event.key === "ArrowRight" && index < length - 1) boxes.current[index + 1]?.focus();
  };

  return (
    <Box
      role="group"
      aria-label={say("account.codeBoxes")}
      sx={{ display: "flex", gap: { xs: 1, sm: 1.5 }, justifyContent: "center" }}
    >
      {chars.map((char, index) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions
          key={index}
          value={char}
          disabled={disabled}
          error={error}
          inputRef={(element) => {
            boxes.current[index] = element;
          }}
          onChange={(event) => onInput(index, event.target.value)}
          onPaste={(event) => onPaste(index, event)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onFocus={(event) => event.target.select()}
          autoFocus={index === 0}
          slotProps={{
            htmlInput: {
              "aria-label": say("account.codeBoxChar", { index: index + 1, length }),
              maxLength: length,
              autoComplete: index === 0 ? "one-time-code" : "off",
              autoCapitalize: "characters",
              spellCheck: false,
              style: {
                textAlign: "center",
                fontSize: 24,
                fontWeight: 600,
                padding: "12px 0",
                textTransform: "uppercase",
              },
            },
          }}
          sx={{ width: { xs: 44, sm: 52 } }}
        />
      ))}
    </Box>
  );
}
