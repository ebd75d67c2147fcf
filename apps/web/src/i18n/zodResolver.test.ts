import { CATALOGUES } from "@sprout/shared/i18n/catalogues";
import { languageSchema } from "@sprout/shared/i18n/languages";
import { createIntl, createIntlCache } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { setFormLanguage, zodResolver } from "./zodResolver";

const hindi = createIntl({ locale: "hi-IN", messages: CATALOGUES.hi }, createIntlCache());
// A form's field holds whatever was typed or chosen: the schema decides whether it is a language.
const schema = z.object({ language: z.string().pipe(languageSchema) });
const check = (language: string) =>
  zodResolver(schema)({ language }, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("a form's messages in the reader's language", () => {
  afterEach(() => setFormLanguage(null));

  it("says the shared schema's message in Hindi when Hindi is shown, and in English otherwise", async () => {
    expect((await check("fr")).errors.language?.message).toBe("Choose one of the languages Sprout speaks");
    setFormLanguage((id, values) => hindi.formatMessage({ id }, values));
    expect((await check("fr")).errors.language?.message).toBe("Sprout की भाषाओं में से एक चुनें");
    expect((await check("hi")).values).toEqual({ language: "hi" });
  });
});
