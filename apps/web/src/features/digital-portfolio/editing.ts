import { useState } from "react";

export const CROP_RATIOS = ["free", "1:1", "4:3", "16:9"] as const;
export type CropRatio = (typeof CROP_RATIOS)[number];
/** Editor history keeps the last 20 steps (spec 1 constants). */
export const HISTORY_STEPS = 20;

export interface Adjustments {
  /** Percent, 0-200, 100 leaves the photo as it is. */
  brightness: number;
  contrast: number;
  saturation: number;
  /** Clockwise degrees, a multiple of 90. */
  rotation: number;
  crop: CropRatio;
  /**
   * The crop rectangle in the rotated photo's own pixels; null until the user drags it, which
   * means the largest centred rectangle of the ratio (so a rotation or a new ratio starts afresh).
   */
  box: Rect | null;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const INITIAL: Adjustments = {
  brightness: 100,
  contrast: 100,
  saturation: 100,
  rotation: 0,
  crop: "free",
  box: null,
};

/** The crop's smallest side, as a share of the photo's shorter side, so a handle stays reachable. */
export const MIN_CROP_SHARE = 0.15;

/** A corner of the crop rectangle: n/s for top/bottom, w/e for left/right. */
export type Corner = "nw" | "ne" | "sw" | "se";

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

const ratioOf = (crop: CropRatio) => {
  if (crop === "free") return null;
  const [w, h] = crop.split(":").map(Number) as [number, number];
  return w / h;
};

export interface History {
  steps: Adjustments[];
  at: number;
}

/** Adds a step after the current one (dropping any redo), keeping at most the last 20. */
export function pushStep(history: History, step: Adjustments): History {
  const steps = [...history.steps.slice(0, history.at + 1), step].slice(-HISTORY_STEPS);
  return { steps, at: steps.length - 1 };
}

export function useHistory(initial: Adjustments) {
  const [history, setHistory] = useState<History>({ steps: [initial], at: 0 });
  return {
    current: history.steps[history.at]!,
    canUndo: history.at > 0,
    canRedo: history.at < history.steps.length - 1,
    push: (step: Adjustments) => setHistory((current) => pushStep(current, step)),
    undo: () => setHistory((current) => ({ ...current, at: Math.max(0, current.at - 1) })),
    redo: () => setHistory((current) => ({ ...current, at: Math.min(current.steps.length - 1, current.at + 1) })),
    reset: () => setHistory((current) => pushStep(current, initial)),
  };
}

/** The largest centred rectangle of the ratio inside width x height ("free" keeps it all). */
export function cropBox(width: number, height: number, crop: CropRatio): Rect {
  const ratio = ratioOf(crop);
  if (ratio === null) return { x: 0, y: 0, width, height };
  const fitWidth = Math.min(width, height * ratio);
  const fitHeight = fitWidth / ratio;
  return { x: (width - fitWidth) / 2, y: (height - fitHeight) / 2, width: fitWidth, height: fitHeight };
}

/** The rectangle moved by (dx, dy) photo pixels, stopping at the photo's edges. */
export function moveBox(box: Rect, dx: number, dy: number, width: number, height: number): Rect {
  return {
    ...box,
    x: clamp(box.x + dx, 0, width - box.width),
    y: clamp(box.y + dy, 0, height - box.height),
  };
}

/**
 * The rectangle with one corner dragged by (dx, dy) photo pixels while the opposite corner stays
 * put: it keeps the ratio (following whichever direction the drag changed more), stays inside the
 * width x height photo and is never smaller than MIN_CROP_SHARE of the photo's shorter side.
 */
export function resizeBox(
  box: Rect,
  corner: Corner,
  dx: number,
  dy: number,
  width: number,
  height: number,
  crop: CropRatio,
): Rect {
  const west = corner.includes("w");
  const north = corner.includes("n");
  const right = box.x + box.width;
  const bottom = box.y + box.height;
  const maxWidth = west ? right : width - box.x;
  const maxHeight = north ? bottom : height - box.y;
  const smallest = Math.min(width, height) * MIN_CROP_SHARE;
  const wantedWidth = box.width + (west ? -dx : dx);
  const wantedHeight = box.height + (north ? -dy : dy);
  const ratio = ratioOf(crop);
  let newWidth: number;
  let newHeight: number;
  if (ratio === null) {
    newWidth = clamp(wantedWidth, Math.min(smallest, maxWidth), maxWidth);
    newHeight = clamp(wantedHeight, Math.min(smallest, maxHeight), maxHeight);
  } else {
    const byWidth = Math.abs(wantedWidth - box.width) >= Math.abs(wantedHeight * ratio - box.width);
    const upper = Math.min(maxWidth, maxHeight * ratio);
    newWidth = clamp(
      byWidth ? wantedWidth : wantedHeight * ratio,
      Math.min(smallest * Math.max(1, ratio), upper),
      upper,
    );
    newHeight = newWidth / ratio;
  }
  return {
    x: west ? right - newWidth : box.x,
    y: north ? bottom - newHeight : box.y,
    width: newWidth,
    height: newHeight,
  };
}

/** The photo's size once turned by the rotation. */
export function turnedSize(image: HTMLImageElement, rotation: number) {
  const turned = rotation % 180 !== 0;
  return {
    width: turned ? image.naturalHeight : image.naturalWidth,
    height: turned ? image.naturalWidth : image.naturalHeight,
  };
}

/** The crop rectangle in force: the dragged one, else the largest centred one of the ratio. */
export function cropOf(adjust: Adjustments, width: number, height: number): Rect {
  return adjust.box ?? cropBox(width, height, adjust.crop);
}

/**
 * Draws the photo rotated and with its colour adjustments onto the canvas: the whole photo scaled
 * to at most `longest` pixels for the preview (the crop is drawn over it), or the crop rectangle at
 * full resolution for the saved file.
 */
export function render(
  canvas: HTMLCanvasElement,
  image: HTMLImageElement,
  adjust: Adjustments,
  output: { crop: true } | { crop: false; longest: number },
) {
  const { width, height } = turnedSize(image, adjust.rotation);
  const rotated = document.createElement("canvas");
  rotated.width = width;
  rotated.height = height;
  const draw = rotated.getContext("2d")!;
  draw.translate(width / 2, height / 2);
  draw.rotate((adjust.rotation * Math.PI) / 180);
  draw.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
  const source = output.crop ? cropOf(adjust, width, height) : { x: 0, y: 0, width, height };
  const scale = output.crop ? 1 : Math.min(1, output.longest / Math.max(width, height));
  canvas.width = Math.max(1, Math.round(source.width * scale));
  canvas.height = Math.max(1, Math.round(source.height * scale));
  const context = canvas.getContext("2d")!;
  context.filter = `brightness(${adjust.brightness}%) contrast(${adjust.contrast}%) saturate(${adjust.saturation}%)`;
  context.drawImage(rotated, source.x, source.y, source.width, source.height, 0, 0, canvas.width, canvas.height);
}
