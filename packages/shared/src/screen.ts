/*
 * The screen a call is made from, for the access log of children's records. Apart from the privacy
 * schemas: the web client sends it with every call, and every page, /login included, would
 * otherwise build those schemas before its first paint.
 */

/** The header the web client sends with every call: the screen (route pattern) it was made from. */
export const SCREEN_HEADER = "x-sprout-screen";
export const SCREEN_MAX_LENGTH = 80;
/** A route pattern: slashes, letters, digits, dashes, underscores and `:id` placeholders. */
export const SCREEN_PATTERN = /^\/[A-Za-z0-9/_:-]*$/;

/** A page address as a route pattern: ids (uuids, numbers) become `:id`, so no record id is logged as a screen. */
export function screenOf(pathname: string): string {
  return pathname
    .split("/")
    .map((part) => (/^[0-9a-f]{8}-[0-9a-f]{4}-|^\d+$/i.test(part) ? ":id" : part))
    .join("/")
    .slice(0, SCREEN_MAX_LENGTH);
}
