import type { Role } from "@sprout/shared/roles";
import type { QueryKey } from "@tanstack/react-query";

/**
 * The answers kept on the device so that a role's home opens without a network, by the start of
 * their query key. Only the home page's own calls: everything else is fetched as it is opened, and
 * a role without a line here keeps nothing (the staff console shows the offline marker over what
 * is still in memory). The teacher keeps her classroom phone's two screens (issue 33): the
 * attendance roster and the daily-activities class list with a child's sheet.
 */
const KEPT: Partial<Record<Role, readonly QueryKey[]>> = {
  parent: [
    // The privacy gate in front of the portal, the children, and the top of the home.
    ["privacy", "consents"],
    ["parents", "my-children"],
    ["parents", "link-requests"],
    ["attendance", "parent-day"],
    ["attendance", "pickups"],
    // The tiles and today's timeline.
    ["child-day", "summary"],
    ["child-day", "timeline"],
    ["child-day", "home-lines"],
    ["communication", "unread"],
    ["communication", "announcements"],
    ["lesson-plans", "today"],
    ["incidents", "parent"],
    ["assignments", "parent-due"],
  ],
  teacher: [
    ["attendance", "rooms"],
    ["attendance", "roster"],
    ["attendance", "staff"],
    ["child-day", "my-classrooms"],
    ["child-day", "classroom"],
    ["child-day", "child"],
    // The observation form's list of her children (the search left empty), so a note written
    // offline can name its child.
    ["child-day", "picker", ""],
  ],
};

/** The key starts this role keeps; none for a role with no offline home. */
export function keptQueryKeys(role: Role): readonly QueryKey[] {
  return KEPT[role] ?? [];
}

/** Whether an answer under `key` is kept on the device for a signed-in `role`. */
export function isKeptQuery(role: Role, key: QueryKey): boolean {
  return keptQueryKeys(role).some((start) => start.every((part, index) => part === key[index]));
}
