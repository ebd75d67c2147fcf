import { type Theme, useTheme } from "@mui/material/styles";
import { type RefCallback, useCallback, useMemo, useState } from "react";

// The chart library's own tick geometry (@mui/x-charts 8: tick 6 px, 3 px to the label, labels at
// 12 px with a line height of 1.25, 20 px margins, a 45 px value axis). Its default axis height of
// 25 px leaves 16 px for a label, and it empties a label that does not fit rather than overflow:
// Noto Sans, the system font of most Linux desktops and ChromeOS, measures 16.3 px at 12 px.
const TICK_SIZE = 6;
const TICK_LABEL_GAP = 3;
const CHART_MARGINS = 40;
const DEFAULT_VALUE_AXIS_WIDTH = 45;
const SPARE = 2;
/** Slanted labels take at most this much height; a longer one is shortened, whole in the tooltip. */
const SLANTED_MAX_HEIGHT = 96;
const SLANT_DEGREES = 40;
/** A category axis on the left takes at most this share of the chart's width. */
const CATEGORY_WIDTH_SHARE = 0.4;

interface Size {
  width: number;
  height: number;
}

const tickLabelStyle = (theme: Theme) => ({ ...theme.typography.caption, fontSize: 12, lineHeight: 1.25 });

/**
 * The largest width and height among `labels` as the chart will draw them: an SVG text with the
 * library's tick label style, measured in this browser with the fonts it actually resolved.
 */
function measureLabels(labels: readonly string[], theme: Theme): Size {
  if (typeof document === "undefined" || labels.length === 0) return { width: 0, height: 0 };
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("aria-hidden", "true");
  Object.assign(svg.style, { position: "absolute", top: "-10000px", left: "-10000px", width: "0", height: "0" });
  const text = document.createElementNS("http://www.w3.org/2000/svg", "text");
  const style = tickLabelStyle(theme);
  Object.assign(text.style, {
    fontFamily: style.fontFamily,
    fontWeight: String(style.fontWeight ?? 400),
    letterSpacing: style.letterSpacing,
    fontSize: "12px",
    lineHeight: "1.25",
  });
  svg.appendChild(text);
  document.body.appendChild(svg);
  try {
    // The height of a line, whatever the text: measured on letters that reach up and down.
    text.textContent = "Ágjy";
    const size = { width: 0, height: text.getBBox().height };
    for (const label of labels) {
      text.textContent = label;
      const box = text.getBBox();
      size.width = Math.max(size.width, box.width);
      size.height = Math.max(size.height, box.height);
    }
    return size;
  } finally {
    svg.remove();
  }
}

const DIGITS = ["0123456789"];

function useLabelSize(labels: readonly string[]): Size {
  const theme = useTheme();
  const key = labels.join("\u0000");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the labels' content.
  return useMemo(() => measureLabels(labels, theme), [key, theme]);
}

const levelHeight = (size: Size) => Math.ceil(size.height) + TICK_SIZE + TICK_LABEL_GAP + SPARE;

/** Follows the width of the element the chart sits in, so a phone and a desktop are judged apart. */
function useWidth(): [RefCallback<HTMLElement>, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback<RefCallback<HTMLElement>>((element) => {
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export interface CategoryAxisOptions {
  /** `band` for bars (a slot per label), `point` for lines (labels on the slot edges). */
  scale: "band" | "point";
  /** The value axis's width when the chart sets one (default: the library's 45 px). */
  valueAxisWidth?: number;
}

/**
 * The x axis of a chart whose ticks are names, months or dates: tall enough for the font this
 * browser draws them in, and slanted when side by side they would not fit (many teachers, a
 * phone). Put `ref` on the element around the chart and spread `axis` into its x axis.
 */
export function useCategoryXAxis(labels: readonly string[], { scale, valueAxisWidth }: CategoryAxisOptions) {
  const [ref, width] = useWidth();
  const size = useLabelSize(labels);
  const plotWidth = Math.max(0, width - (valueAxisWidth ?? DEFAULT_VALUE_AXIS_WIDTH) - CHART_MARGINS);
  const slots = scale === "band" ? labels.length : Math.max(1, labels.length - 1);
  const fitsLevel = width === 0 || size.width + TICK_LABEL_GAP * 2 <= plotWidth / Math.max(1, slots);
  if (fitsLevel) {
    // A line's last label is centred on the plot's right edge: the margin must hold its half.
    const right = scale === "point" ? Math.max(CHART_MARGINS / 2, Math.ceil(size.width / 2) + SPARE) : undefined;
    return { ref, axis: { height: levelHeight(size) }, margin: right === undefined ? undefined : { right } };
  }
  const radians = (SLANT_DEGREES * Math.PI) / 180;
  const slanted = size.width * Math.sin(radians) + size.height * Math.cos(radians);
  return {
    ref,
    axis: {
      height: Math.ceil(Math.min(slanted, SLANTED_MAX_HEIGHT)) + TICK_SIZE + TICK_LABEL_GAP + SPARE,
      tickLabelStyle: { angle: -SLANT_DEGREES, textAnchor: "end" as const },
    },
    margin: undefined,
  };
}

/** The x axis of numbers under horizontal bars: one line of digits in this browser's font. */
export function useValueXAxis() {
  return { height: levelHeight(useLabelSize(DIGITS)) };
}

/**
 * The width of a category axis drawn on the left (horizontal bars): the longest name as this
 * browser draws it, at most 40% of the chart; a longer name is shortened, whole in the tooltip.
 */
export function useCategoryYAxis(labels: readonly string[]) {
  const [ref, width] = useWidth();
  const size = useLabelSize(labels);
  const needed = Math.ceil(size.width) + TICK_SIZE + TICK_LABEL_GAP + SPARE * 2;
  const limit = width === 0 ? needed : Math.max(48, Math.floor(width * CATEGORY_WIDTH_SHARE));
  return { ref, axis: { width: Math.min(needed, limit) } };
}

/**
 * A value axis of counts: whole numbers from 0. With nothing counted yet the library's domain is
 * 0 to 0, drawn as one long fraction that its width empties; 0 to 1 draws a plain 0.
 */
export function countAxis(...series: readonly (readonly number[])[]) {
  const nothing = series.every((values) => values.every((value) => value === 0));
  return { min: 0, tickMinStep: 1, ...(nothing && { max: 1 }) };
}
