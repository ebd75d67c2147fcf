import { zodResolver as englishResolver } from "@hookform/resolvers/zod";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { translateEnglish } from "@sprout/shared/i18n/translate";
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";

type Say = (id: MessageId, values: Record<string, string | number>) => string;
let say: Say | null = null;

/** The language forms speak from now on; the language provider sets it as it changes. */
export function setFormLanguage(next: Say | null) {
  say = next;
}

/** Each error's English (the shared schemas' words, from the catalogues) in the reader's language. */
function translated(errors: FieldErrors): FieldErrors {
  if (!say) return errors;
  const speak = say;
  const walk = (node: unknown): unknown => {
    if (!node || typeof node !== "object") return node;
    const entries = Object.entries(node).map(([key, value]) => {
      if (key === "message" && typeof value === "string") return [key, translateEnglish(value, speak)];
      if (key === "ref") return [key, value];
      return [key, walk(value)];
    });
    return Object.fromEntries(entries);
  };
  return walk(errors) as FieldErrors;
}

/**
 * `zodResolver` from @hookform/resolvers, whose messages come out in the reader's language: the
 * same shared schema checks the form and the server, and both answer in the caller's language.
 */
export const zodResolver = ((...args: Parameters<typeof englishResolver>) => {
  const resolve = englishResolver(...args) as Resolver<FieldValues>;
  const inLanguage: Resolver<FieldValues> = async (values, context, options) => {
    const result = await resolve(values, context, options);
    // Only a refusal carries messages; a form that passes goes on as it is.
    return Object.keys(result.errors).length === 0 ? result : { values: {}, errors: translated(result.errors) };
  };
  return inLanguage;
}) as typeof englishResolver;
