import type { Locator } from "playwright-core";
import { expect } from "vitest";

/**
 * The tick labels a chart in `scope` drew on one axis, once it has drawn at least `atLeast` of
 * them. The chart library empties a label that does not fit its axis rather than let it overflow
 * (issue 37: every month and name vanished with Noto Sans as the system font), so a label that is
 * empty fails here: a font or library change that loses them fails the suite.
 */
export async function axisLabels(scope: Locator, axis: "x" | "y", atLeast = 1): Promise<string[]> {
  const ticks = scope.locator(`.MuiChartsAxis-direction${axis.toUpperCase()} .MuiChartsAxis-tickLabel`);
  let labels: string[] = [];
  await expect
    .poll(
      async () => {
        labels = await ticks.allTextContents();
        return labels.length;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBeGreaterThanOrEqual(atLeast);
  expect(
    labels.filter((label) => label.trim() === ""),
    `empty ${axis}-axis labels among ${labels}`,
  ).toEqual([]);
  return labels;
}
