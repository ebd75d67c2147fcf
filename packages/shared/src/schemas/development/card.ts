import { z } from "zod";

/*
 * What a published assessment keeps (issue 36, points 3 and 4): written once at each publication
 * into `assessment_history.card`, and the progress card is drawn from it, never from the draft.
 */

/** The child's own page of the card, written with the teacher (the card's "All about me"). */
export const ALL_ABOUT_ME_FIELDS = [
  "my_name_is",
  "i_live_with",
  "i_like_to_play",
  "my_favourite_food",
  "my_friends",
  "i_am_good_at",
  "when_i_grow_up",
] as const;
export type AllAboutMeField = (typeof ALL_ABOUT_ME_FIELDS)[number];

/** The parent's page, written on the portal after the card is published. */
export const PARENT_PAGE_FIELDS = [
  "my_child_enjoys",
  "my_child_needs_support_with",
  "at_home_my_child",
  "how_we_help_at_home",
  "questions_for_the_teacher",
] as const;
export type ParentPageField = (typeof PARENT_PAGE_FIELDS)[number];

/** Each answer on either page: short, plain text. */
export const PAGE_ANSWER_MAX = 500;

/** Most photos a card carries. */
export const CARD_PHOTOS_MAX = 4;

export const publishedCard = z.object({
  framework_key: z.string(),
  term: z.object({ id: z.uuid(), name: z.string(), starts_on: z.string(), ends_on: z.string() }),
  /** The level names as the centre called them when the card was published. */
  level_labels: z.record(z.string(), z.string()),
  levels: z.array(z.object({ competency_code: z.string(), level: z.string(), comment: z.string() })),
  narratives: z.array(z.object({ domain_code: z.string(), narrative: z.string() })),
  /** Portfolio items chosen for the card, in order; each is shown only while consent allows. */
  photo_item_ids: z.array(z.uuid()).max(CARD_PHOTOS_MAX),
  all_about_me: z.partialRecord(z.enum(ALL_ABOUT_ME_FIELDS), z.string().max(PAGE_ANSWER_MAX)),
});
export type PublishedCard = z.output<typeof publishedCard>;
