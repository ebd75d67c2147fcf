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
import { type KeyboardEvent, type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import { useSay } from "../../i18n/useSay";
import {
  type Adjustments,
  type Corner,
  CROP_RATIOS,
  type CropRatio,
  cropOf,
  INITIAL,
  moveBox,
  type Rect,
  render,
  resizeBox,
  turnedSize,
  useHistory,
} from "./editing";

/** The preview's longest side: enough for a sharp dialog without redrawing a full photo per slider step. */
const PREVIEW_LONGEST = 1200;
/** A corner handle's touch target, finger-sized (the visible square inside is smaller). */
const HANDLE = 44;

const CORNERS: Corner[] = ["nw", "ne", "sw", "se"];

/** A drag in progress: where it started, on what, and how many photo pixels one screen pixel is. */
interface Drag {
  pointer: number;
  startX: number;
  startY: number;
  start: Rect;
  corner: Corner | null;
  scale: number;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

const SLIDERS = [
  ["brightness", "digitalPortfolio.brightness"],
  ["contrast", "digitalPortfolio.contrast"],
  ["saturation", "digitalPortfolio.saturation"],
] as const;

/**
 * The image editor before upload (spec 1): brightness, contrast and saturation 0-200 %, rotation
 * by 90°, crop free/1:1/4:3/16:9 with a rectangle dragged over the preview (pointer events, so
 * mouse, pen and touch alike), undo/redo/reset over the last 20 steps, JPEG at 0.85 of the crop at
 * the photo's full resolution.
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
  const say = useSay();
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
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
    if (image && canvas.current) render(canvas.current, image, draft, { crop: false, longest: PREVIEW_LONGEST });
  }, [image, draft]);

  const size = image ? turnedSize(image, draft.rotation) : null;
  const box = size ? cropOf(draft, size.width, size.height) : null;

  const startDrag = (event: ReactPointerEvent<HTMLElement>, corner: Corner | null) => {
    if (!box || !size || !frame.current || drag.current) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointer: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      start: box,
      corner,
      scale: size.width / frame.current.getBoundingClientRect().width,
    };
  };
  const dragged = (event: ReactPointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId || !size) return null;
    const dx = (event.clientX - current.startX) * current.scale;
    const dy = (event.clientY - current.startY) * current.scale;
    const next = current.corner
      ? resizeBox(current.start, current.corner, dx, dy, size.width, size.height, draft.crop)
      : moveBox(current.start, dx, dy, size.width, size.height);
    return { ...draft, box: next };
  };
  const moveDrag = (event: ReactPointerEvent<HTMLElement>) => {
    const next = dragged(event);
    if (next) setDraft(next);
  };
  const endDrag = (event: ReactPointerEvent<HTMLElement>) => {
    const start = drag.current?.start;
    const next = dragged(event);
    drag.current = null;
    // A tap that moved nothing is not a step to undo.
    if (next && JSON.stringify(next.box) !== JSON.stringify(start)) history.push(next);
  };
  const dragHandlers = { onPointerMove: moveDrag, onPointerUp: endDrag, onPointerCancel: endDrag };
  // The keyboard does what a drag does, a step of 2 % of the shorter side (10 % with Shift).
  const nudge = (event: KeyboardEvent<HTMLElement>, corner: Corner | null) => {
    const direction = ARROWS[event.key];
    if (!direction || !box || !size || drag.current) return;
    event.preventDefault();
    const step = Math.min(size.width, size.height) * (event.shiftKey ? 0.1 : 0.02);
    const [dx, dy] = [direction[0] * step, direction[1] * step];
    const next = corner
      ? resizeBox(box, corner, dx, dy, size.width, size.height, draft.crop)
      : moveBox(box, dx, dy, size.width, size.height);
    history.push({ ...draft, box: next });
  };

  const save = () => {
    if (!image) return;
    const output = document.createElement("canvas");
    render(output, image, draft, { crop: true });
    output.toBlob(
      (blob) => blob && onSave(new File([blob], `${file.name.replace(/\.[^.]*$/, "")}.jpg`, { type: "image/jpeg" })),
      "image/jpeg",
      0.85,
    );
  };
  const percent = (value: number, whole: number) => `${(value / whole) * 100}%`;

  return (
    <Dialog open onClose={onCancel} maxWidth="md" fullWidth aria-labelledby="image-editor-title">
      <DialogTitle id="image-editor-title">{say("digitalPortfolio.editPhoto")}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: "grid", placeItems: "center", bgcolor: "grey.100", mb: 2, p: `${HANDLE / 2}px` }}>
          <Box
            ref={frame}
            sx={{
              position: "relative",
              // The frame has the photo's shape, so the crop can be placed in percentages of it.
              width: size ? `min(100%, calc(45vh * ${size.width / size.height}))` : "100%",
              aspectRatio: size ? `${size.width} / ${size.height}` : undefined,
            }}
          >
            <Box
              component="canvas"
              ref={canvas}
              aria-label={say("digitalPortfolio.editedPreview")}
              sx={{ display: "block", width: "100%", height: "100%" }}
            />
            {box && size && (
              <>
                <Box sx={{ position: "absolute", inset: 0, overflow: "hidden", pointerEvents: "none" }}>
                  <Box
                    sx={{
                      position: "absolute",
                      left: percent(box.x, size.width),
                      top: percent(box.y, size.height),
                      width: percent(box.width, size.width),
                      height: percent(box.height, size.height),
                      boxShadow: "0 0 0 100vmax rgba(0, 0, 0, 0.5)",
                    }}
                  />
                </Box>
                <Box
                  data-testid="crop-area"
                  role="button"
                  tabIndex={0}
                  aria-label={say("digitalPortfolio.cropArea")}
                  onPointerDown={(event) => startDrag(event, null)}
                  onKeyDown={(event) => event.target === event.currentTarget && nudge(event, null)}
                  {...dragHandlers}
                  sx={{
                    position: "absolute",
                    left: percent(box.x, size.width),
                    top: percent(box.y, size.height),
                    width: percent(box.width, size.width),
                    height: percent(box.height, size.height),
                    border: "2px solid white",
                    outline: "1px solid rgba(0, 0, 0, 0.4)",
                    "&:focus-visible": { outline: "3px solid", outlineColor: "primary.main" },
                    cursor: "move",
                    touchAction: "none",
                  }}
                >
                  {CORNERS.map((corner) => (
                    <Box
                      key={corner}
                      role="button"
                      tabIndex={0}
                      aria-label={say("digitalPortfolio.resizeCorner", { corner })}
                      aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight"
                      onPointerDown={(event) => startDrag(event, corner)}
                      onKeyDown={(event) => nudge(event, corner)}
                      {...dragHandlers}
                      sx={{
                        position: "absolute",
                        width: HANDLE,
                        height: HANDLE,
                        [corner.includes("n") ? "top" : "bottom"]: -HANDLE / 2,
                        [corner.includes("w") ? "left" : "right"]: -HANDLE / 2,
                        display: "grid",
                        placeItems: "center",
                        cursor: corner === "nw" || corner === "se" ? "nwse-resize" : "nesw-resize",
                        touchAction: "none",
                        "&:focus-visible": { outline: "none" },
                        "&:focus-visible::after": {
                          outline: "3px solid",
                          outlineColor: "primary.main",
                          outlineOffset: 2,
                        },
                        "&::after": {
                          content: '""',
                          width: 16,
                          height: 16,
                          bgcolor: "white",
                          border: "2px solid",
                          borderColor: "primary.main",
                          borderRadius: "2px",
                        },
                      }}
                    />
                  ))}
                </Box>
              </>
            )}
          </Box>
        </Box>
        {SLIDERS.map(([key, label]) => (
          <Stack key={key} direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <Typography id={`slider-${key}`} sx={{ width: 96, flexShrink: 0 }}>
              {say(label)}
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
            onClick={() => history.push({ ...draft, rotation: (draft.rotation + 90) % 360, box: null })}
          >
            {say("digitalPortfolio.rotate")}
          </Button>
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-label={say("digitalPortfolio.crop")}
            value={draft.crop}
            onChange={(_, value: CropRatio | null) => value && history.push({ ...draft, crop: value, box: null })}
          >
            {CROP_RATIOS.map((ratio) => (
              <ToggleButton key={ratio} value={ratio}>
                {ratio === "free" ? say("digitalPortfolio.cropFree") : ratio}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap" }}>
        <Button onClick={history.undo} disabled={!history.canUndo}>
          {say("digitalPortfolio.undo")}
        </Button>
        <Button onClick={history.redo} disabled={!history.canRedo}>
          {say("digitalPortfolio.redo")}
        </Button>
        <Button onClick={history.reset}>{say("digitalPortfolio.reset")}</Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onCancel}>{say("digitalPortfolio.cancel")}</Button>
        <Button variant="contained" onClick={save} disabled={!image}>
          {say("digitalPortfolio.apply")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
