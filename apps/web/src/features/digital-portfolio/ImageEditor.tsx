import RotateRight from "@mui/icons-material/RotateRight";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Slider,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { type Adjustments, CROP_RATIOS, type CropRatio, INITIAL, render, useHistory } from "./editing";

const SLIDERS = [
  ["brightness", "Brightness"],
  ["contrast", "Contrast"],
  ["saturation", "Saturation"],
] as const;

/**
 * The image editor before upload (spec 1): brightness, contrast and saturation 0-200 %, rotation
 * by 90°, crop free/1:1/4:3/16:9, undo/redo/reset over the last 20 steps, JPEG at 0.85.
 */
export function ImageEditor({
  file,
  onSave,
  onCancel,
}: {
  file: File;
  onSave: (file: File) => void;
  onCancel: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const history = useHistory(INITIAL);
  const [draft, setDraft] = useState<Adjustments>(INITIAL);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const element = new Image();
    element.onload = () => setImage(element);
    element.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  useEffect(() => setDraft(history.current), [history.current]);
  useEffect(() => {
    if (image && canvas.current) render(canvas.current, image, draft);
  }, [image, draft]);

  const save = () =>
    canvas.current?.toBlob(
      (blob) => blob && onSave(new File([blob], `${file.name.replace(/\.[^.]*$/, "")}.jpg`, { type: "image/jpeg" })),
      "image/jpeg",
      0.85,
    );

  return (
    <Dialog open onClose={onCancel} maxWidth="md" fullWidth aria-labelledby="image-editor-title">
      <DialogTitle id="image-editor-title">Edit photo</DialogTitle>
      <DialogContent>
        <Box sx={{ display: "grid", placeItems: "center", bgcolor: "grey.100", mb: 2 }}>
          <Box
            component="canvas"
            ref={canvas}
            aria-label="Edited photo preview"
            sx={{ maxWidth: "100%", maxHeight: "45vh" }}
          />
        </Box>
        {SLIDERS.map(([key, label]) => (
          <Stack key={key} direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <Typography id={`slider-${key}`} sx={{ width: 96 }}>
              {label}
            </Typography>
            <Slider
              aria-labelledby={`slider-${key}`}
              min={0}
              max={200}
              value={draft[key]}
              valueLabelDisplay="auto"
              valueLabelFormat={(value) => `${value}%`}
              onChange={(_, value) => setDraft({ ...draft, [key]: value as number })}
              onChangeCommitted={(_, value) => history.push({ ...draft, [key]: value as number })}
            />
          </Stack>
        ))}
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", gap: 1, mt: 1 }}>
          <Button
            startIcon={<RotateRight />}
            onClick={() => history.push({ ...draft, rotation: (draft.rotation + 90) % 360 })}
          >
            Rotate
          </Button>
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-label="Crop"
            value={draft.crop}
            onChange={(_, value: CropRatio | null) => value && history.push({ ...draft, crop: value })}
          >
            {CROP_RATIOS.map((ratio) => (
              <ToggleButton key={ratio} value={ratio}>
                {ratio === "free" ? "Free" : ratio}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap" }}>
        <Button onClick={history.undo} disabled={!history.canUndo}>
          Undo
        </Button>
        <Button onClick={history.redo} disabled={!history.canRedo}>
          Redo
        </Button>
        <Button onClick={history.reset}>Reset</Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={!image}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
