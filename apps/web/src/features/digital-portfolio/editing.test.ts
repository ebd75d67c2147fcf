import { describe, expect, it } from "vitest";
import { cropBox, HISTORY_STEPS, INITIAL, MIN_CROP_SHARE, moveBox, pushStep, resizeBox } from "./editing";

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

  it("a crop step is undone like any other", () => {
    const box = { x: 100, y: 100, width: 2000, height: 1500 };
    const history = pushStep({ steps: [INITIAL], at: 0 }, { ...INITIAL, box });
    expect(history.steps[history.at]!.box).toEqual(box);
    expect(history.steps[history.at - 1]!.box).toBeNull();
  });

  it("starts the crop as the largest centred rectangle of the ratio", () => {
    expect(cropBox(4000, 3000, "1:1")).toEqual({ x: 500, y: 0, width: 3000, height: 3000 });
    expect(cropBox(4000, 3000, "16:9")).toEqual({ x: 0, y: 375, width: 4000, height: 2250 });
    expect(cropBox(3000, 4000, "4:3")).toEqual({ x: 0, y: 875, width: 3000, height: 2250 });
    expect(cropBox(4000, 3000, "free")).toEqual({ x: 0, y: 0, width: 4000, height: 3000 });
  });

  it("resizes freely from a corner, keeping the opposite corner where it was", () => {
    const whole = cropBox(4000, 3000, "free");
    expect(resizeBox(whole, "se", -1000, -500, 4000, 3000, "free")).toEqual({ x: 0, y: 0, width: 3000, height: 2500 });
    expect(resizeBox(whole, "nw", 400, 300, 4000, 3000, "free")).toEqual({
      x: 400,
      y: 300,
      width: 3600,
      height: 2700,
    });
  });

  it("keeps the ratio while resizing, following the larger change", () => {
    const square = cropBox(4000, 3000, "1:1");
    const smaller = resizeBox(square, "se", -1000, -200, 4000, 3000, "1:1");
    expect(smaller).toEqual({ x: 500, y: 0, width: 2000, height: 2000 });
    const wide = resizeBox(cropBox(4000, 3000, "16:9"), "ne", -800, 900, 4000, 3000, "16:9");
    expect(wide.width / wide.height).toBeCloseTo(16 / 9);
    expect(wide.x).toBe(0);
    expect(wide.y + wide.height).toBe(375 + 2250);
  });

  it("stays inside the photo when a corner is dragged past its edge", () => {
    const box = { x: 1000, y: 1000, width: 1000, height: 1000 };
    expect(resizeBox(box, "se", 5000, 5000, 4000, 3000, "free")).toEqual({
      x: 1000,
      y: 1000,
      width: 3000,
      height: 2000,
    });
    expect(resizeBox(box, "nw", -5000, -5000, 4000, 3000, "1:1")).toEqual({ x: 0, y: 0, width: 2000, height: 2000 });
    const grown = resizeBox(box, "se", 5000, 0, 4000, 3000, "4:3");
    expect(grown).toEqual({ x: 1000, y: 1000, width: 2000 * (4 / 3), height: 2000 });
    expect(moveBox(box, -5000, 5000, 4000, 3000)).toEqual({ x: 0, y: 2000, width: 1000, height: 1000 });
    expect(moveBox(box, 500, -200, 4000, 3000)).toEqual({ x: 1500, y: 800, width: 1000, height: 1000 });
  });

  it("never gets smaller than the minimum size, whichever the ratio", () => {
    const smallest = 3000 * MIN_CROP_SHARE;
    const whole = cropBox(4000, 3000, "free");
    expect(resizeBox(whole, "se", -9000, -9000, 4000, 3000, "free")).toEqual({
      x: 0,
      y: 0,
      width: smallest,
      height: smallest,
    });
    const wide = resizeBox(cropBox(4000, 3000, "16:9"), "sw", 9000, -9000, 4000, 3000, "16:9");
    expect(wide.height).toBeCloseTo(smallest);
    expect(wide.width).toBeCloseTo(smallest * (16 / 9));
    expect(wide.x + wide.width).toBe(4000);
  });
});
