import { describe, expect, it } from "vitest";
import { cropBox, HISTORY_STEPS, INITIAL, pushStep } from "./editing";

describe("image editor", () => {
  it("keeps the last 20 steps and drops the redo branch on a new step", () => {
    let history = { steps: [INITIAL], at: 0 };
    for (let step = 1; step <= 30; step += 1) history = pushStep(history, { ...INITIAL, brightness: step });
    expect(history.steps).toHaveLength(HISTORY_STEPS);
    expect(history.steps[0]!.brightness).toBe(11);
    const undone = { ...history, at: history.at - 3 };
    const branched = pushStep(undone, { ...INITIAL, contrast: 150 });
    expect(branched.steps).toHaveLength(HISTORY_STEPS - 2);
    expect(branched.steps.at(-1)!.contrast).toBe(150);
  });

  it("crops the largest centred rectangle of the ratio", () => {
    expect(cropBox(4000, 3000, "1:1")).toEqual({ x: 500, y: 0, width: 3000, height: 3000 });
    expect(cropBox(4000, 3000, "16:9")).toEqual({ x: 0, y: 375, width: 4000, height: 2250 });
    expect(cropBox(4000, 3000, "free")).toEqual({ x: 0, y: 0, width: 4000, height: 3000 });
  });
});
