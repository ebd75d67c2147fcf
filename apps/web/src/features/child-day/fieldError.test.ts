import { CATALOGUES } from "@sprout/shared/i18n/catalogues";
import { CHILD_DAY_MESSAGES, foodInput } from "@sprout/shared/schemas/child-day";
import { createIntl, createIntlCache } from "react-intl";
import { describe, expect, it } from "vitest";
import { fieldError } from "./fieldError";

const hindi = createIntl({ locale: "hi-IN", messages: CATALOGUES.hi }, createIntlCache());
const say = (id: keyof typeof CATALOGUES.hi, values?: Record<string, string | number>) =>
  hindi.formatMessage({ id }, values);

describe("a form field's validation message", () => {
  it("is the schema's English read in the reader's language", () => {
    const refused = foodInput.safeParse({ child_id: "", date: "" });
    const meal = refused.error?.issues.find((issue) => issue.path[0] === "meal_type")?.message;
    expect(meal).toBe(CHILD_DAY_MESSAGES.mealRequired);
    expect(fieldError(meal, say)).toBe("कृपया भोजन चुनें");
  });

  it("stays as it is when it is no catalogue message, and nothing stays nothing", () => {
    expect(fieldError("Something else", say)).toBe("Something else");
    expect(fieldError(undefined, say)).toBeUndefined();
  });
});
