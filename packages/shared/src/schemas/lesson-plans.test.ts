import { describe, expect, it } from "vitest";
import { catalogueMessage, lessonPlanFields } from "./lesson-plans.ts";

const plan = { topic: "Shapes", date: "2026-11-23", classroom_id: "00000000-0000-4000-8000-000000000001" };

describe("lesson plan rules", () => {
  it("keeps one entry per non-blank line, once", () => {
    const parsed = lessonPlanFields.parse({ ...plan, activities: ["Painting", "", "  Songs ", "Painting"] });
    expect(parsed.activities).toEqual(["Painting", "Songs"]);
  });

  it("names a missing topic and an impossible date in the spec's words", () => {
    const result = lessonPlanFields.safeParse({ ...plan, topic: " ", date: "2026-02-30" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Topic is required", "Date is required"]);
  });
});

describe("the error catalogue of lesson plans and assignments (spec 3, section 8)", () => {
  it("answers by status, with the server's own message only for other refusals", () => {
    expect(catalogueMessage(401, "save lesson plans")).toBe("Please log in again to save lesson plans");
    expect(catalogueMessage(403, "submit assignments")).toBe("You do not have permission to submit assignments");
    expect(catalogueMessage(503, "view assignments", "Down")).toBe("Server error. Please try again later");
    expect(catalogueMessage(0, "view assignments")).toBe("Network error. Please check your connection and try again");
    expect(catalogueMessage(409, "save lesson plans", "Already saved")).toBe("Already saved");
    expect(catalogueMessage(418, "save lesson plans")).toBe("An unexpected error occurred. Please try again");
  });

  it("gives a dialog one message: the specific reason, else the dialog's own failure text", () => {
    const saveFailed = "Failed to save lesson plan. Please try again.";
    expect(catalogueMessage(403, "save lesson plans", undefined, saveFailed)).toBe(
      "You do not have permission to save lesson plans",
    );
    expect(catalogueMessage(400, "save lesson plans", "Topic is required", saveFailed)).toBe("Topic is required");
    expect(catalogueMessage(418, "save lesson plans", undefined, saveFailed)).toBe(saveFailed);
  });
});
