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
}

export const INITIAL: Adjustments = { brightness: 100, contrast: 100, saturation: 100, rotation: 0, crop: "free" };

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
export function cropBox(width: number, height: number, crop: CropRatio) {
  if (crop === "free") return { x: 0, y: 0, width, height };
  const [w, h] = crop.split(":").map(Number) as [number, number];
  const ratio = w / h;
  const fitWidth = Math.min(width, height * ratio);
  const fitHeight = fitWidth / ratio;
  return { x: (width - fitWidth) / 2, y: (height - fitHeight) / 2, width: fitWidth, height: fitHeight };
}

/** Draws the photo rotated, cropped and with its colour adjustments onto the canvas. */
export function render(canvas: HTMLCanvasElement, image: HTMLImageElement, adjust: Adjustments) {
  const turned = adjust.rotation % 180 !== 0;
  const width = turned ? image.naturalHeight : image.naturalWidth;
  const height = turned ? image.naturalWidth : image.naturalHeight;
  const rotated = document.createElement("canvas");
  rotated.width = width;
  rotated.height = height;
  const draw = rotated.getContext("2d")!;
  draw.translate(width / 2, height / 2);
  draw.rotate((adjust.rotation * Math.PI) / 180);
  draw.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
  const box = cropBox(width, height, adjust.crop);
  canvas.width = Math.round(box.width);
  canvas.height = Math.round(box.height);
  const context = canvas.getContext("2d")!;
  context.filter = `brightness(${adjust.brightness}%) contrast(${adjust.contrast}%) saturate(${adjust.saturation}%)`;
  context.drawImage(rotated, box.x, box.y, box.width, box.height, 0, 0, canvas.width, canvas.height);
}
