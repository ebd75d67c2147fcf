import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";

/**
 * The English of a label map kept as catalogue ids (`{ open: "dataRequests.statusOpen" }`): the
 * server and its tests read the English, a screen says the id in the reader's language.
 */
export function englishLabels<K extends string>(ids: Record<K, MessageId>): Record<K, string> {
  return Object.fromEntries(Object.entries<MessageId>(ids).map(([key, id]) => [key, english(id)])) as Record<K, string>;
}
