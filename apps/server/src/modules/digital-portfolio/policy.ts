import type { Caller } from "../../auth/caller.ts";

/**
 * Every "may this caller" decision of the digital portfolio (spec 1 §6: only teachers add photos
 * and toggle favourites; admin, owner and super admin see the centre-wide view; parents read).
 */

const CENTRE_VIEWERS = new Set(["super_admin", "owner", "admin"]);
export const CENTRE_VIEW_ROLES = ["super_admin", "owner", "admin"] as const;
export const GALLERY_ROLES = [...CENTRE_VIEW_ROLES, "teacher", "parent"] as const;

/** The uploader (a teacher) and the centre's leaders may delete an item; parents may not. */
export const DELETE_ROLES = ["super_admin", "owner", "center_director", "admin", "teacher"] as const;
const CENTRE_DELETERS = new Set(["super_admin", "owner", "admin", "center_director"]);
export const mayDelete = (caller: Caller, item: { uploadedBy: string | null }) =>
  CENTRE_DELETERS.has(caller.role) || (caller.role === "teacher" && item.uploadedBy === caller.userId);

export const seesWholeCentre = (caller: Caller) => CENTRE_VIEWERS.has(caller.role);
/** Who opens the gallery at all: the centre-wide viewers, teachers (their rooms) and parents (their own). */
export const seesPhotos = (caller: Caller) => (GALLERY_ROLES as readonly string[]).includes(caller.role);
export const mayUpload = (caller: Caller) => caller.role === "teacher";
export const mayMarkFavourite = (caller: Caller) => caller.role === "teacher";
export const maySetConsent = (caller: Caller) => caller.role === "parent";
/** Staff views of a child's photo are written to the access log; a family's own are not. */
export const viewIsLogged = (caller: Caller) => caller.role !== "parent";

type Consent = "none" | "own" | "group" | null;

/**
 * Whether one child's consent lets a photo be shown: none (or never given) hides every photo of
 * the child; "own" allows photos of the child alone; a group photo needs "group".
 */
export const consentAllows = (consent: Consent, isGroup: boolean) =>
  consent === "group" || (consent === "own" && !isGroup);
